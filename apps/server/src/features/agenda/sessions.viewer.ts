import { type Kysely, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { perTurn } from '../../db/per-turn';
import type { DB } from '../../db/schema';
import { allBusySql, type BusyRow } from './agenda-sources';
import { executePrepared } from './prepared';
import { visibleToType } from './sessions.visibility';

/**
 * Everything of the caller a sessions list page needs, in ONE round trip (the list is what every
 * attendee opens): whether their account still exists (what requireUser would have looked up), the
 * membership (same answers as requireMembership), the version of the event's cached pages, the
 * caller's own status in every session, the sessions only they may see (they present or are in a
 * hidden or restricted one; a declined request is not being in it), the busy intervals of every
 * agenda source for collisions, and the current seat counts of the sessions of the page the caller
 * is likely to get from the cache.
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
  /** Seats taken (used_capacity) of the asked ids (and of others asked in the same turn). */
  seats: Map<number, number>;
  busy: BusyRow[];
}

interface Row {
  n: number;
  account: boolean;
  timezone: string | null;
  me_id: number | null;
  type_id: number | null;
  organizer: boolean | null;
  version: string;
  statuses: [number, string][] | null;
  own_ids: number[] | null;
  /** On the batch's first row only: the seats of every ask's ids. */
  seats: [number, number][] | null;
  busy: BusyRow[] | null;
}

/** The whole agenda of the viewer: a handful of items, read once per request and matched in memory. */
export const ALL_TIME = { sdt: new Date('1970-01-01T00:00:00Z'), edt: new Date('9999-12-31T00:00:00Z') };

interface ViewerAsk {
  eventId: number;
  userId: number;
  seatIds: readonly number[];
}

/** Callers per query at most: 50 connections' worth, each row a few small sub-queries. */
const VIEWER_BATCH = 64;

/**
 * The states of the callers who asked in one turn of the event loop, in ONE query (perTurn): always
 * a row per ask, for a missing event and a deleted account too. Runs prepared (prepared.ts): every
 * list request asks it, and planning it cost more than running it. The seat counts of all asks are
 * read once, on the first row. The ask arrays are read through `(SELECT $n)` so that the planner
 * cannot count them: a plan made for one ask's array of one looked cheaper than the generic plan,
 * and PostgreSQL then planned every lone caller's query anew (2-3 ms each on PGlite).
 */
const readViewers = perTurn(VIEWER_BATCH, async (db: Kysely<DB>, asks: readonly ViewerAsk[]) => {
  const seatIds = [...new Set(asks.flatMap((a) => a.seatIds))];
  const query = sql<Row>`
    SELECT q.n::int AS n,
           EXISTS (SELECT 1 FROM users u WHERE u.id = q.user_id) AS account,
           e.timezone, p.id AS me_id, p.type_id, p.organizer,
           COALESCE((SELECT v.version FROM session_versions v WHERE v.event_id = e.id), 0)::text AS version,
           (SELECT json_agg(json_build_array(a.session_id, a.status))
              FROM session_attendees a WHERE a.participant_id = p.id) AS statuses,
           CASE WHEN NOT p.organizer THEN
             (SELECT json_agg(s.id) FROM sessions s
               WHERE s.id IN (SELECT oa.session_id FROM session_attendees oa
                               WHERE oa.participant_id = p.id AND oa.status IN ('joined', 'waiting')
                              UNION SELECT op.session_id FROM session_people op WHERE op.participant_id = p.id)
                 AND s.event_id = e.id AND s.parent_id IS NULL AND NOT s.deleted
                 AND NOT ${visibleToType(sql`p.type_id`)})
           END AS own_ids,
           CASE WHEN q.n = 1 THEN
             (SELECT json_agg(json_build_array(x.id, x.used_capacity))
                FROM sessions x WHERE x.id = ANY(${seatIds}::int[]))
           END AS seats,
           (SELECT json_agg(b) FROM (${allBusySql(sql`p.id`, ALL_TIME)}) b) AS busy
      FROM unnest((SELECT ${asks.map((a) => a.eventId)}::int[]), (SELECT ${asks.map((a) => a.userId)}::int[]))
             WITH ORDINALITY AS q(event_id, user_id, n)
      LEFT JOIN events e ON e.id = q.event_id
      LEFT JOIN participants p ON p.event_id = e.id AND p.user_id = q.user_id AND p.state <> 'deleted'
    `.compile(db);
  const rows = await executePrepared(db, 'agenda_list_viewers', query);
  const seats = new Map(rows.find((r) => r.n === 1)?.seats ?? []);
  const byAsk: ListViewerState[] = [];
  for (const row of rows) {
    byAsk[row.n - 1] = {
      account: row.account,
      timezone: row.timezone,
      me:
        row.me_id === null ? null : { id: row.me_id, typeId: row.type_id, organizer: row.organizer === true },
      version: Number(row.version),
      statuses: new Map(row.statuses ?? []),
      ownIds: row.own_ids ?? [],
      seats,
      busy: row.busy ?? [],
    };
  }
  return byAsk;
});

/**
 * The caller's state for a list page (see ListViewerState), asked together with the other callers of
 * this turn. `seatIds`: the sessions whose seat counts the caller needs (the page it will likely get).
 */
export function readListViewer(
  db: Kysely<DB>,
  eventId: number,
  userId: number,
  seatIds: readonly number[],
): Promise<ListViewerState> {
  return readViewers(db, { eventId, userId, seatIds });
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
