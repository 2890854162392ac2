import { MEETING_SLOT_SESSION_TYPE } from '@foyer/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { InvitationRow, MeetingRow } from './meetings.repository';

// Reads only the presentation of invitations and meetings needs (meetings.present.ts, E3.12, E3.16).

/**
 * The newest invitation (the last made) between each pair, either direction, keyed `low:high`:
 * what an invitation card shows as the conversation's last word (E3.12).
 */
export async function latestBetweenPairs(
  db: Executor,
  pairs: ReadonlyArray<{ eventId: number; a: number; b: number }>,
): Promise<Map<string, InvitationRow>> {
  const unique = new Map<string, { e: number; lo: number; hi: number }>();
  for (const { eventId, a, b } of pairs)
    unique.set(pairKey(a, b), { e: eventId, lo: Math.min(a, b), hi: Math.max(a, b) });
  if (unique.size === 0) return new Map();
  const list = [...unique.values()];
  const events = list.map((p) => p.e);
  const lows = list.map((p) => p.lo);
  const highs = list.map((p) => p.hi);
  // Two index lookups per pair (invitations_from), one per direction.
  const { rows } = await sql<InvitationRow>`
    WITH p(e, lo, hi) AS (SELECT * FROM unnest(${events}::int[], ${lows}::int[], ${highs}::int[]))
    SELECT DISTINCT ON (LEAST(i.from_participant_id, i.to_participant_id),
                        GREATEST(i.from_participant_id, i.to_participant_id)) i.*
      FROM (SELECT i.* FROM p JOIN invitations i
              ON i.event_id = p.e AND i.from_participant_id = p.lo AND i.to_participant_id = p.hi
            UNION ALL
            SELECT i.* FROM p JOIN invitations i
              ON i.event_id = p.e AND i.from_participant_id = p.hi AND i.to_participant_id = p.lo) i
     ORDER BY LEAST(i.from_participant_id, i.to_participant_id),
              GREATEST(i.from_participant_id, i.to_participant_id), i.id DESC`.execute(db);
  return new Map(rows.map((r) => [pairKey(r.from_participant_id, r.to_participant_id), r]));
}

export const pairKey = (a: number, b: number) => `${Math.min(a, b)}:${Math.max(a, b)}`;

/** Each event's time zone, for showing meeting times as the venue's clock does. */
export async function eventZones(db: Executor, eventIds: readonly number[]): Promise<Map<number, string>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('events')
    .select(['id', 'timezone'])
    .where('id', 'in', [...new Set(eventIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.timezone]));
}

/** Meeting slots by id (any event: callers pass ids they stored for one), in time order. */
export function slotsByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sessions')
    .select(['id', 'sdt', 'edt'])
    .where('id', 'in', [...new Set(ids)])
    .where('type', '=', MEETING_SLOT_SESSION_TYPE)
    .where('deleted', '=', false)
    .orderBy('sdt')
    .orderBy('id')
    .execute();
}

/** The meeting point of each slot: the slot session's location (issue 15, meetings with a place). */
export async function slotLocations(db: Executor, slotIds: readonly number[]): Promise<Map<number, string>> {
  if (slotIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('locations', 'locations.id', 'sessions.location_id')
    .select(['sessions.id as id', 'locations.name as name'])
    .where('sessions.id', 'in', [...new Set(slotIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The invitation that made each meeting (the accepted join one). */
export async function invitationIdsOf(
  db: Executor,
  meetingIds: readonly number[],
): Promise<Map<number, number>> {
  if (meetingIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('invitations')
    .select(['id', 'meeting_id'])
    .where('meeting_id', 'in', meetingIds)
    .where('type', '=', 'join')
    .execute();
  return new Map(rows.map((r) => [r.meeting_id as number, r.id]));
}

/** The people of invitation and meeting cards, and of their notifications. */
export function people(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('participants')
    .select([
      'id',
      'name',
      'surname',
      'job_title',
      'company',
      'profile_photo',
      'booth_id',
      'booth_role',
      'state',
      'user_id',
      'type_id',
      'organizer',
    ])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** Meetings by id (the cards of invitations that made them). */
export function meetingsByIds(db: Executor, ids: readonly number[]): Promise<MeetingRow[]> {
  return db.selectFrom('meetings').selectAll().where('id', 'in', ids).execute();
}
