import type { RealtimeRecord } from '@foyer/contract';
import { type Selectable, sql, type Transaction } from 'kysely';
import { holdLocks, spreadKey } from '../db/advisory-locks';
import type { Executor } from '../db/executor';
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

/**
 * Records of a room after seq `since`, in seq order, at most `limit`, and the room's highest seq (0
 * for a room without records), in one statement: a client resuming a room (every reconnect) needs
 * the second whenever nothing came meanwhile, which is most often.
 */
export async function findRecordsAfter(
  db: Executor,
  room: string,
  since: number,
  limit: number,
): Promise<{ records: RealtimeRecord[]; lastSeq: number }> {
  // One row at least (the room's last seq); the records' columns are null when none came after since.
  const { rows } = await sql<ResumeRow>`
    SELECT m.room_last, e.*
    FROM (SELECT max(seq) AS room_last FROM realtime_events WHERE room = ${room}) AS m
    LEFT JOIN LATERAL (
      SELECT * FROM realtime_events WHERE room = ${room} AND seq > ${since} ORDER BY seq LIMIT ${limit}
    ) AS e ON true
    ORDER BY e.seq`.execute(db);
  const records: RealtimeRecord[] = [];
  for (const row of rows) {
    if (row.id !== null) records.push(toRecord(row as Selectable<RealtimeEventsTable>));
  }
  const roomLast = rows[0]?.room_last;
  return { records, lastSeq: roomLast == null ? 0 : Number(roomLast) };
}

/** A record's columns, which the LEFT JOIN leaves null when none came, beside the room's last seq. */
type ResumeRow = {
  [K in keyof Selectable<RealtimeEventsTable>]: Selectable<RealtimeEventsTable>[K] | null;
} & {
  room_last: number | string | null;
};

/**
 * The room's highest seq (0 for a room without records) and how long ago, by the database's clock,
 * that record was written (null: none). The age is the client's, not a timestamp: a client compares
 * it with its own clock without knowing the server's.
 */
export async function findLastRecord(
  db: Executor,
  room: string,
): Promise<{ seq: number; ageMs: number | null }> {
  const row = await db
    .selectFrom('realtime_events')
    .select(['seq', sql<number>`(extract(epoch from now() - created_at) * 1000)::float8`.as('age_ms')])
    .where('room', '=', room)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row
    ? { seq: Number(row.seq), ageMs: Math.max(0, Math.round(Number(row.age_ms))) }
    : { seq: 0, ageMs: null };
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
