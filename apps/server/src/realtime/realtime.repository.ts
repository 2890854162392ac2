import type { RealtimeRecord } from '@foyer/contract';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Executor } from '../db/executor';
import type { DB, RealtimeEventsTable } from '../db/schema';

// Namespaces the room locks so they never collide with another feature's advisory locks.
export const ROOM_LOCK_CLASS = 7301;

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

/**
 * Writes one record as the room's next seq. Must run inside a transaction: the room lock it takes
 * is held until commit, so seqs are given in commit order, and a rolled-back record leaves no hole.
 */
export async function insertRecord(
  trx: Transaction<DB>,
  input: { room: string; type: string; payload: unknown },
  options: { oneConnection?: boolean } = {},
): Promise<RealtimeRecord> {
  // On one connection that a transaction holds until it ends (PGlite), transactions never
  // interleave: the next seq is this one's without a lock.
  if (!options.oneConnection) await lockRoom(trx, input.room);
  const row = await trx
    .insertInto('realtime_events')
    .columns(['room', 'seq', 'type', 'payload'])
    .expression((eb) =>
      eb
        .selectFrom('realtime_events')
        .select([
          eb.val(input.room).as('room'),
          sql<number>`coalesce(max(seq), 0) + 1`.as('seq'),
          eb.val(input.type).as('type'),
          sql`${JSON.stringify(input.payload ?? null)}::jsonb`.as('payload'),
        ])
        .where('room', '=', input.room),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

async function lockRoom(trx: Transaction<DB>, room: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(ROOM_LOCK_CLASS)}, hashtext(${room}))`.execute(trx);
}

/** Records of a room after seq `since`, in seq order, at most `limit`. */
export async function findRecordsSince(
  db: Executor,
  room: string,
  since: number,
  limit: number,
): Promise<RealtimeRecord[]> {
  const rows = await db
    .selectFrom('realtime_events')
    .selectAll()
    .where('room', '=', room)
    .where('seq', '>', since)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map(toRecord);
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

/** The room's highest seq (0 for a room without records). */
export async function findLastSeq(db: Executor, room: string): Promise<number> {
  const row = await db
    .selectFrom('realtime_events')
    .select((eb) => eb.fn.max('seq').as('last'))
    .where('room', '=', room)
    .executeTakeFirst();
  return row?.last == null ? 0 : Number(row.last);
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
