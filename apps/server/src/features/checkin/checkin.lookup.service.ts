import {
  CHECK_IN_SNAPSHOT_PAGE,
  type CheckInLookup,
  type CheckInSnapshot,
  type checkInLookupQuery,
  type checkInSnapshotQuery,
} from '@foyer/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import * as repo from './checkin.lookup.repository';
import { presentPerson } from './checkin.repository';
import { requireCheckInStaff } from './checkin.service';

/** GET /event/participant/checkIn/lookup: the desk finds a person by name, e-mail or ticket id (staff only). */
export async function lookup(
  ctx: AppContext,
  userId: number,
  query: z.output<typeof checkInLookupQuery>,
): Promise<CheckInLookup> {
  await requireCheckInStaff(ctx, query.eventId, userId);
  const rows = await repo.lookupRows(ctx.db, query.eventId, query.q);
  return {
    items: rows.map((row) => ({
      ...presentPerson(row),
      email: row.email,
      checkedIn: row.checked_in === true,
      checkedInAt: row.checked_in && row.checked_in_at ? new Date(row.checked_in_at).toISOString() : null,
    })),
  };
}

/**
 * GET /event/participant/checkIn/snapshot: one page of the event's tickets for the door to keep on
 * the device (staff only), so it can show who a scan is while the network is away.
 */
export async function snapshot(
  ctx: AppContext,
  userId: number,
  query: z.output<typeof checkInSnapshotQuery>,
): Promise<CheckInSnapshot> {
  await requireCheckInStaff(ctx, query.eventId, userId);
  const at = ctx.now().toISOString();
  const [rows, types] = await Promise.all([
    repo.snapshotRows(ctx.db, query.eventId, query.after ?? 0, CHECK_IN_SNAPSHOT_PAGE + 1),
    query.after ? Promise.resolve([]) : repo.eventTypes(ctx.db, query.eventId),
  ]);
  const page = rows.slice(0, CHECK_IN_SNAPSHOT_PAGE);
  return {
    tickets: page.map((r) => ({
      participantId: r.id,
      ticketId: r.ticket_id,
      fullName: `${r.name} ${r.surname}`.trim(),
      company: r.company,
      jobTitle: r.job_title,
      typeId: r.type_id,
      photo: r.profile_photo,
      inside: r.inside,
    })),
    types,
    next: rows.length > CHECK_IN_SNAPSHOT_PAGE ? (page.at(-1)?.id ?? null) : null,
    at,
  };
}
