import {
  type CheckInChangedPayload,
  type CheckInPerson,
  type CheckInSnapshot,
  checkInAreaKey,
} from '@foyer/contract';
import { api } from '../../../lib/api-client';
import { doorDb, type StoredTicket } from './db';

/**
 * The event's tickets kept on the device (issue 14 part 4a): fetched page by page while online,
 * patched by this device's own answers and by the live room, read when the network is away.
 */

/** A refresh younger than this is fresh enough (the live room keeps the "inside" state current). */
export const SNAPSHOT_FRESH_MS = 10 * 60_000;

const refreshing = new Map<number, Promise<number>>();

/** Fetches every page of the event's tickets into IndexedDB; resolves with how many there are. */
export function refreshSnapshot(eventId: number, options: { force?: boolean } = {}): Promise<number> {
  let running = refreshing.get(eventId);
  if (!running) {
    running = download(eventId, options.force ?? false).finally(() => refreshing.delete(eventId));
    refreshing.set(eventId, running);
  }
  return running;
}

async function download(eventId: number, force: boolean): Promise<number> {
  const db = await doorDb();
  const meta = await db.get('meta', eventId);
  if (!force && meta && Date.now() - Date.parse(meta.at) < SNAPSHOT_FRESH_MS) return meta.count;
  const stamp = new Date().toISOString();
  let after: number | null = 0;
  let types: CheckInSnapshot['types'] = [];
  let count = 0;
  while (after !== null) {
    const page: CheckInSnapshot = await api<CheckInSnapshot>('/event/participant/checkIn/snapshot', {
      query: { eventId, ...(after ? { after } : {}) },
    });
    if (!after) types = page.types;
    const tx = db.transaction('tickets', 'readwrite');
    for (const ticket of page.tickets) void tx.store.put({ ...ticket, eventId, stamp });
    await tx.done;
    count += page.tickets.length;
    after = page.next;
  }
  // Tickets the server no longer lists (deleted people) go; then the refresh counts as done.
  const tx = db.transaction(['tickets', 'meta'], 'readwrite');
  let cursor = await tx.objectStore('tickets').index('byEvent').openCursor(eventId);
  while (cursor) {
    if (cursor.value.stamp < stamp) await cursor.delete();
    cursor = await cursor.continue();
  }
  await tx.objectStore('meta').put({ eventId, at: stamp, types, count });
  await tx.done;
  return count;
}

/** The ticket as typed (or in upper case, as printed), or the person picked by participant id. */
export async function findTicket(
  eventId: number,
  by: { ticketId?: string | undefined; participantId?: number | undefined },
): Promise<StoredTicket | undefined> {
  const db = await doorDb();
  if (by.ticketId) {
    const typed = by.ticketId.trim();
    return (
      (await db.get('tickets', [eventId, typed])) ?? (await db.get('tickets', [eventId, typed.toUpperCase()]))
    );
  }
  if (by.participantId !== undefined) {
    return db.getFromIndex('tickets', 'byParticipant', [eventId, by.participantId]);
  }
  return undefined;
}

/** The person as the result panel shows them. */
export async function personOf(eventId: number, ticket: StoredTicket): Promise<CheckInPerson> {
  const meta = await (await doorDb()).get('meta', eventId);
  return {
    participantId: ticket.participantId,
    ticketId: ticket.ticketId,
    fullName: ticket.fullName,
    company: ticket.company,
    jobTitle: ticket.jobTitle,
    participantType: meta?.types.find((type) => type.id === ticket.typeId)?.name ?? null,
    photo: ticket.photo,
  };
}

/** Records on the device that the person is now in (or out of) an area. */
export async function markInside(
  eventId: number,
  participantId: number,
  areaKey: string,
  inside: boolean,
): Promise<void> {
  const db = await doorDb();
  const tx = db.transaction('tickets', 'readwrite');
  const ticket = await tx.store.index('byParticipant').get([eventId, participantId]);
  if (ticket) {
    const others = ticket.inside.filter((key) => key !== areaKey);
    await tx.store.put({ ...ticket, inside: inside ? [...others, areaKey] : others });
  }
  await tx.done;
}

/** A change from the live room (useCheckInLive), kept in the snapshot. */
export function applyLiveChange(eventId: number, change: CheckInChangedPayload): Promise<void> {
  return markInside(
    eventId,
    change.person.participantId,
    checkInAreaKey(change.area.entityType, change.area.entityId),
    change.change === 'in',
  );
}
