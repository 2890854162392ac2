import { type Kysely, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import { allBusySql, type BusyRow } from './agenda-sources';
import { executePrepared } from './prepared';
import { visibleToType } from './sessions.repository';

/**
 * Everything of the caller a sessions list page needs, in ONE round trip (the list is what every
 * attendee opens): whether their account still exists (what requireUser would have looked up), the
 * membership (same answers as requireMembership), the version of the event's cached pages, the
 * caller's own status in every session, the sessions only they may see (they present or are in a
 * hidden or restricted one), the busy intervals of every agenda source for collisions, and the
 * current seat counts of the sessions of the page the caller is likely to get from the cache.
 */
export interface ListViewerState {
  /** False: the token's account is gone (deleted after the token was issued). */
  account: boolean;
  /** Null: no such event. */
  timezone: string | null;
  me: { id: number; typeId: number | null; organizer: boolean } | null;
  /** Of the event's cached list pages (migration 0020): grows with every change they show. */
  version: number;
  statuses: Map<number, string>;
  /** Top-level sessions the caller sees only because they present or are in them. */
  ownIds: number[];
  /** Seats taken (used_capacity) of the asked ids. */
  seats: Map<number, number>;
  busy: BusyRow[];
}

interface Row {
  account: boolean;
  timezone: string | null;
  me_id: number | null;
  type_id: number | null;
  organizer: boolean | null;
  version: string;
  statuses: [number, string][] | null;
  own_ids: number[] | null;
  seats: [number, number][] | null;
  busy: BusyRow[] | null;
}

/** The whole agenda of the viewer: a handful of items, read once per request and matched in memory. */
export const ALL_TIME = { sdt: new Date('1970-01-01T00:00:00Z'), edt: new Date('9999-12-31T00:00:00Z') };

/**
 * Always one row, for a missing event and a deleted account too. Runs prepared (prepared.ts): every
 * list request asks it, and planning it cost more than running it.
 */
export async function readListViewer(
  db: Kysely<DB>,
  eventId: number,
  userId: number,
  seatIds: readonly number[],
): Promise<ListViewerState> {
  const query = sql<Row>`
    SELECT EXISTS (SELECT 1 FROM users u WHERE u.id = ${userId}) AS account, e.timezone, p.id AS me_id, p.type_id, p.organizer,
           COALESCE((SELECT v.version FROM session_versions v WHERE v.event_id = e.id), 0)::text AS version,
           (SELECT json_agg(json_build_array(a.session_id, a.status))
              FROM session_attendees a WHERE a.participant_id = p.id) AS statuses,
           CASE WHEN NOT p.organizer THEN
             (SELECT json_agg(s.id) FROM sessions s
               WHERE s.id IN (SELECT oa.session_id FROM session_attendees oa WHERE oa.participant_id = p.id
                              UNION SELECT op.session_id FROM session_people op WHERE op.participant_id = p.id)
                 AND s.event_id = e.id AND s.parent_id IS NULL AND NOT s.deleted
                 AND NOT ${visibleToType(sql`p.type_id`)})
           END AS own_ids,
           (SELECT json_agg(json_build_array(x.id, x.used_capacity))
              FROM sessions x WHERE x.id = ANY(${[...seatIds]}::int[])) AS seats,
           (SELECT json_agg(b) FROM (${allBusySql(sql`p.id`, ALL_TIME)}) b) AS busy
      FROM (SELECT 1) AS one
      LEFT JOIN events e ON e.id = ${eventId}
      LEFT JOIN participants p ON p.event_id = e.id AND p.user_id = ${userId} AND p.state <> 'deleted'
    `.compile(db);
  const [row] = await executePrepared(db, 'agenda_list_viewer', query);
  if (!row) throw new Error('The caller-state query answers one row');
  return {
    account: row.account,
    timezone: row.timezone,
    me: row.me_id === null ? null : { id: row.me_id, typeId: row.type_id, organizer: row.organizer === true },
    version: Number(row.version),
    statuses: new Map(row.statuses ?? []),
    ownIds: row.own_ids ?? [],
    seats: new Map(row.seats ?? []),
    busy: row.busy ?? [],
  };
}

/** Seats taken of the given sessions (when the cached page was not the one asked for above). */
export async function readSeatCounts(db: Executor, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'used_capacity'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.used_capacity]));
}
