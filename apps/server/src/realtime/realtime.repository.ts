import type { RealtimeRecord } from '@foyer/contract';
import { type Selectable, sql, type Transaction } from 'kysely';
import { holdLocks, spreadKey } from '../db/advisory-locks';
import type { Executor } from '../db/executor';
import { perTurn } from '../db/per-turn';
import type { DB, RealtimeEventsTable } from '../db/schema';

function toRecord(row: Selectable<RealtimeEventsTable>): RealtimeRecord {
  return {
    id: row.id,
    seq: row.seq,
    room: row.room,
    type: row.type,
    payload: row.payload,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** A record to write: its room, type and payload. */
export interface RecordInput {
  room: string;
  type: string;
  payload: unknown;
}

/**
 * Writes one record as the room's next seq. Must run inside a transaction: the room lock it takes
 * is held until commit, so seqs are given in commit order, and a rolled-back record leaves no hole.
 */
export async function insertRecord(
  trx: Transaction<DB>,
  input: RecordInput,
  options: { oneConnection?: boolean } = {},
): Promise<RealtimeRecord> {
  const [record] = await insertRecords(trx, [input], options);
  return record as RealtimeRecord;
}

/** Records written by one INSERT (four parameters each). */
const RECORDS_PER_STATEMENT = 2_000;

/**
 * Writes one record to each of several rooms in one statement (a chat message and its room's meta),
 * each as its room's next seq, in the order given. The rooms must differ: two records of one room in
 * one statement would take the same seq.
 */
export async function insertRecords(
  trx: Transaction<DB>,
  inputs: readonly RecordInput[],
  options: { oneConnection?: boolean } = {},
): Promise<RealtimeRecord[]> {
  const rooms = inputs.map((input) => input.room);
  if (new Set(rooms).size !== rooms.length) throw new Error('insertRecords: one record per room');
  await lockRooms(trx, rooms, options);
  const written: Selectable<RealtimeEventsTable>[] = [];
  // A statement carries at most 65,535 parameters: a keynote's audience is written in parts.
  for (let start = 0; start < inputs.length; start += RECORDS_PER_STATEMENT) {
    const values = inputs
      .slice(start, start + RECORDS_PER_STATEMENT)
      .map(
        (input, i) =>
          sql`(${start + i}::int, ${input.room}::text, ${input.type}::text, ${JSON.stringify(input.payload ?? null)}::jsonb)`,
      );
    const { rows } = await sql<Selectable<RealtimeEventsTable>>`
      INSERT INTO realtime_events (room, seq, type, payload)
      SELECT v.room, coalesce((SELECT max(e.seq) FROM realtime_events e WHERE e.room = v.room), 0) + 1,
             v.type, v.payload
      FROM (VALUES ${sql.join(values)}) AS v(i, room, type, payload)
      ORDER BY v.i
      RETURNING *`.execute(trx);
    written.push(...rows);
  }
  const byRoom = new Map(written.map((row) => [row.room, toRecord(row)]));
  return rooms.map((room) => byRoom.get(room) as RealtimeRecord);
}

/**
 * Takes the rooms' locks until `trx` ends (again in the same transaction: at once). On one connection
 * that a transaction holds until it ends (PGlite), transactions never interleave: no lock is needed.
 * A room's lock is one of `SPREAD_KEYS` (a publish to every attendee's room takes at most that
 * many), taken in key order in one statement (no deadlock).
 */
export async function lockRooms(
  trx: Transaction<DB>,
  rooms: readonly string[],
  options: { oneConnection?: boolean } = {},
): Promise<void> {
  if (options.oneConnection) return;
  await holdLocks(trx, 'realtimeRoom', rooms.map(spreadKey));
}

/** Room reads per query at most (a reconnect wave asks one per client; a page of records each). */
const ROOM_READ_BATCH = 100;

/** One subscribe's read: the room's records after `since` (none when null), at most `limit`. */
interface RoomAsk {
  room: string;
  since: number | null;
  limit: number;
}

interface RoomAnswer {
  records: RealtimeRecord[];
  /** The room's highest seq, 0 for a room without records. */
  lastSeq: number;
  /** How long ago, by the database's clock, that record was written (null: none). */
  lastAgeMs: number | null;
}

/**
 * The subscribes of one turn of the event loop read their rooms in ONE statement (perTurn): each
 * ask's room end (its last record's seq and age) and its records after its seq. A process that
 * takes over a dead one's clients gets their resumes all at once; read one by one, planning and
 * running a statement per client was most of what the database spent on that wave. The arrays are
 * read through `(SELECT $n)`, as in decision 025, so that a lone ask does not get a plan of its own.
 */
const readRooms = perTurn(ROOM_READ_BATCH, async (db: Executor, asks: readonly RoomAsk[]) => {
  const { rows } = await sql<RoomRow>`
    SELECT a.i::int AS ask, l.seq AS room_last,
           (extract(epoch from now() - l.created_at) * 1000)::float8 AS room_last_age_ms, e.*
    FROM unnest((SELECT ${asks.map((a) => a.room)}::text[]), (SELECT ${asks.map((a) => a.since)}::bigint[]),
                (SELECT ${asks.map((a) => a.limit)}::int[])) WITH ORDINALITY AS a(room, since, lim, i)
    LEFT JOIN LATERAL (
      SELECT seq, created_at FROM realtime_events WHERE room = a.room ORDER BY seq DESC LIMIT 1
    ) AS l ON true
    LEFT JOIN LATERAL (
      SELECT * FROM realtime_events WHERE room = a.room AND seq > a.since ORDER BY seq LIMIT a.lim
    ) AS e ON true
    ORDER BY a.i, e.seq`.execute(db);
  const answers: RoomAnswer[] = asks.map(() => ({ records: [], lastSeq: 0, lastAgeMs: null }));
  for (const row of rows) {
    const answer = answers[row.ask - 1];
    if (!answer) continue;
    if (row.room_last != null) {
      answer.lastSeq = Number(row.room_last);
      answer.lastAgeMs = Math.max(0, Math.round(Number(row.room_last_age_ms)));
    }
    if (row.id !== null) answer.records.push(toRecord(row as Selectable<RealtimeEventsTable>));
  }
  return answers;
});

/** A record's columns, which the LEFT JOIN leaves null when none came, beside its ask and room end. */
type RoomRow = {
  [K in keyof Selectable<RealtimeEventsTable>]: Selectable<RealtimeEventsTable>[K] | null;
} & {
  ask: number;
  room_last: number | string | null;
  room_last_age_ms: number | null;
};

/**
 * Records of a room after seq `since`, in seq order, at most `limit`, and the room's highest seq (0
 * for a room without records), in one statement (shared with the other subscribes of this turn): a
 * client resuming a room (every reconnect) needs the second whenever nothing came meanwhile, which
 * is most often.
 */
export async function findRecordsAfter(
  db: Executor,
  room: string,
  since: number,
  limit: number,
): Promise<{ records: RealtimeRecord[]; lastSeq: number }> {
  const { records, lastSeq } = await readRooms(db, { room, since, limit });
  return { records, lastSeq };
}

/**
 * The room's highest seq (0 for a room without records) and how long ago, by the database's clock,
 * that record was written (null: none). The age is the client's, not a timestamp: a client compares
 * it with its own clock without knowing the server's.
 */
export async function findLastRecord(
  db: Executor,
  room: string,
): Promise<{ seq: number; ageMs: number | null }> {
  const { lastSeq, lastAgeMs } = await readRooms(db, { room, since: null, limit: 0 });
  return { seq: lastSeq, ageMs: lastAgeMs };
}

/**
 * Deletes records created before `before`, except each room's newest: it carries the room's seq,
 * which must keep counting up for clients that resume from it.
 */
export async function deleteRecordsBefore(db: Executor, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('realtime_events as e')
    .where('e.created_at', '<', before)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('realtime_events as n')
          .select('n.id')
          .whereRef('n.room', '=', 'e.room')
          .whereRef('n.seq', '>', 'e.seq'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function isActiveParticipant(db: Executor, userId: number, eventId: number): Promise<boolean> {
  const row = await db
    .selectFrom('participants')
    .select('id')
    .where('user_id', '=', userId)
    .where('event_id', '=', eventId)
    .where('state', '!=', 'deleted')
    .executeTakeFirst();
  return row !== undefined;
}

export async function isSessionOfEvent(db: Executor, sessionId: number, eventId: number): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('event_id', '=', eventId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}
