import {
  type DiscoverEvent,
  type DomainFile,
  type DomainLookupResult,
  type EventCodeResult,
  type EventDetails,
  type EventListResult,
  EXCLUDED_HOST_LABELS,
  partitionEvents,
  safeLink,
} from '@foyer/contract';
import type { AppContext } from '../../context';
import type { EventRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { findParticipation } from '../access/event-access';
import { joinPublicEvent } from '../registration/registration.service';
import { toDetails, toDiscoverEvent, toDomainDetails, toPublicEvent, toSummary } from './event.present';
import * as repo from './event.repository';

/** GET /event (A7.20): the caller's events, and the same list split by A4.10/A4.11. */
export async function listEvents(
  ctx: AppContext,
  userId: number,
  query: string | undefined,
): Promise<EventListResult> {
  const now = ctx.now();
  const filter = query && query !== '*:*' ? query : null;
  const rows = await repo.findEventsOfUser(ctx.db, userId, filter);
  const events = rows.map(({ event, participant }) => toSummary(event, participant, now));
  return { events, ...partitionEvents(events, now) };
}

/**
 * GET /event/:eventId (A7.21): participants see their event; anyone logged in sees a public one,
 * and with attendEvent (or join) becomes an attendee of it while registration is open.
 */
export async function getEventDetails(
  ctx: AppContext,
  userId: number,
  eventId: number,
  options: { attend: boolean },
): Promise<EventDetails> {
  const event = await repo.findEventById(ctx.db, eventId);
  if (!event) throw AppError.notFound('Event not found');
  let participant = (await findParticipation(ctx.db, eventId, userId)) ?? null;
  if (!participant && options.attend && event.public_event) {
    participant = await joinPublicEvent(ctx, eventId, userId);
  }
  if (!participant && !event.public_event && !(await repo.isSuperUser(ctx.db, userId))) {
    throw AppError.forbidden('You are not a participant of this event');
  }
  const roomIds = [...new Set((event.venue_map?.pins ?? []).flatMap((pin) => pin.roomId ?? []))];
  const [categories, participantTypes, rooms] = await Promise.all([
    repo.listCategories(ctx.db, eventId),
    repo.listParticipantTypes(ctx.db, eventId),
    repo.listRoomNames(ctx.db, eventId, roomIds),
  ]);
  const roomNames = new Map(rooms.map((room) => [room.id, room.name]));
  return toDetails(event, participant, ctx.now(), { categories, participantTypes, roomNames });
}

/** A7.22, A7.23, A2.41: branding for the public screens of an event's own host name. */
export async function getEventByDomain(ctx: AppContext, label: string): Promise<DomainLookupResult> {
  const excluded: readonly string[] = EXCLUDED_HOST_LABELS;
  const event = excluded.includes(label) ? undefined : await repo.findEventByDomain(ctx.db, label);
  if (!event) throw AppError.notFound('No event for this domain');
  return lookupResult(event, ctx.now());
}

/**
 * The same branding by id, for /registration?eventId=… without a domain. Only events that show
 * themselves publicly or take registrations answer, so private event names do not leak by id.
 */
export async function getPublicEvent(ctx: AppContext, eventId: number): Promise<DomainLookupResult> {
  const event = await repo.findEventById(ctx.db, eventId);
  if (!event || !(event.public_event || event.registration_open)) throw AppError.notFound('Event not found');
  return lookupResult(event, ctx.now());
}

/** A7.24: the public domain file of a host label (A3.12's domain details); 404 when no event has it. */
export async function getDomainFile(ctx: AppContext, label: string): Promise<DomainFile> {
  return (await getEventByDomain(ctx, label)).domain;
}

/**
 * A7.47, E7.91: where the banner of an event is stored, for {host}/public/event/images/{id}/banner.png.
 * Only events whose branding is public anyway answer (public, taking registrations, or with their own
 * domain, whose public screens show the banner: A1.12); others are "not found", like a missing id, so
 * counting through ids tells nothing about private events. A banner that is no safe link is missing.
 */
export async function getEventBannerUrl(ctx: AppContext, eventId: number): Promise<string> {
  const event = await repo.findEventById(ctx.db, eventId);
  if (!event || event.archived_at || !(event.public_event || event.registration_open || event.domain)) {
    throw AppError.notFound('Event not found');
  }
  const banner = typeof event.images.banner === 'string' ? safeLink(event.images.banner) : null;
  if (!banner) throw AppError.notFound('This event has no banner');
  return banner;
}

function lookupResult(event: EventRow, now: Date): DomainLookupResult {
  return { domain: toDomainDetails(event), event: toPublicEvent(event, now) };
}

/** GET /event/discover (issue 12, part 9): public events anyone may open, so a newcomer is never stranded. */
export async function discoverEvents(
  ctx: AppContext,
  userId: number | null,
  query: string | undefined,
): Promise<DiscoverEvent[]> {
  const now = ctx.now();
  const rows = await repo.findDiscoverableEvents(ctx.db, { now, nameContains: query || null, userId });
  return rows.map(({ event, joined }) => toDiscoverEvent(event, joined, now));
}

/** The largest id PostgreSQL's integer holds: a longer number cannot be an event. */
const MAX_ID = 2_147_483_647;

/**
 * GET /event/code/:code: a domain label (`demo`) or an event number (`42`) to the public event it
 * names. Private and archived events are not found, as if they did not exist.
 */
export async function findEventByCode(ctx: AppContext, code: string): Promise<EventCodeResult> {
  const number = /^\d{1,10}$/.test(code) ? Number(code) : null;
  const byId = number !== null && number >= 1 && number <= MAX_ID;
  const found =
    (byId ? await repo.findPublicEventByCode(ctx.db, { id: number }) : undefined) ??
    (await repo.findPublicEventByCode(ctx.db, { domain: code }));
  if (!found) throw AppError.notFound('No public event has this code');
  return { id: found.id };
}
