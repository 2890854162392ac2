import { type RawBuilder, sql, type Transaction } from 'kysely';
import { holdLock } from '../../db/advisory-locks';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';

export type AttendeeStatus = 'joined' | 'waiting' | 'declined';

export interface Seats {
  capacity: number | null;
  usedCapacity: number;
}

/**
 * Takes one seat, or nothing when the session is full or cancelled: the comparison and the increment are one
 * statement on the session row, so concurrent joins queue on the row lock and each sees the count
 * the previous one committed. Effective capacity is the session's own, else its room's. The
 * CHECK (used_capacity <= capacity) of 0001 is the backstop.
 */
export async function takeSeat(
  trx: Transaction<DB>,
  sessionId: number,
  /** The session as the caller read it has no capacity of its own, so it takes its room's. */
  takesRoomCapacity: boolean,
): Promise<Seats | null> {
  // A session without a capacity of its own takes its room's: the room is held FOR SHARE first, so
  // an organizer lowering it (updateRoom holds it FOR UPDATE) either waits and counts this seat, or
  // has committed and the UPDATE below, a new statement, sees the new capacity. A session with its
  // own capacity skips the statement (most joins).
  if (takesRoomCapacity) {
    await sql`
      SELECT 1 FROM locations l JOIN sessions s ON s.location_id = l.id
       WHERE s.id = ${sessionId} AND s.capacity IS NULL
         FOR SHARE OF l`.execute(trx);
  }
  const { rows } = await sql<{ capacity: number | null; used_capacity: number }>`
    UPDATE sessions AS s
       SET used_capacity = s.used_capacity + 1
     WHERE s.id = ${sessionId}
       AND NOT s.deleted
       AND (
         COALESCE(s.capacity, (SELECT l.capacity FROM locations l WHERE l.id = s.location_id)) IS NULL
         OR s.used_capacity < COALESCE(s.capacity, (SELECT l.capacity FROM locations l WHERE l.id = s.location_id))
       )
    RETURNING COALESCE(s.capacity, (SELECT l.capacity FROM locations l WHERE l.id = s.location_id)) AS capacity,
              s.used_capacity`.execute(trx);
  const row = rows[0];
  return row ? { capacity: row.capacity, usedCapacity: row.used_capacity } : null;
}

/** Whether the session is still on the programme (not cancelled). */
export async function isSessionLive(db: Executor, sessionId: number): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Holds these sessions' rows in id order, for a change that takes a seat in one and gives one back in
 * another (a swap): two people swapping the other way round then queue instead of deadlocking.
 */
export async function holdSessions(trx: Transaction<DB>, sessionIds: readonly number[]): Promise<void> {
  await trx
    .selectFrom('sessions')
    .select('id')
    .where('id', 'in', [...sessionIds])
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

export async function releaseSeat(trx: Transaction<DB>, sessionId: number): Promise<Seats> {
  const { rows } = await sql<{ capacity: number | null; used_capacity: number }>`
    UPDATE sessions AS s
       SET used_capacity = s.used_capacity - 1
     WHERE s.id = ${sessionId}
    RETURNING COALESCE(s.capacity, (SELECT l.capacity FROM locations l WHERE l.id = s.location_id)) AS capacity,
              s.used_capacity`.execute(trx);
  const row = rows[0];
  if (!row) throw new Error(`session ${sessionId} vanished while releasing a seat`);
  return { capacity: row.capacity, usedCapacity: row.used_capacity };
}

export async function readSeats(db: Executor, sessionId: number): Promise<Seats> {
  const { rows } = await sql<{ capacity: number | null; used_capacity: number }>`
    SELECT COALESCE(s.capacity, l.capacity) AS capacity, s.used_capacity
      FROM sessions s LEFT JOIN locations l ON l.id = s.location_id
     WHERE s.id = ${sessionId}`.execute(db);
  const row = rows[0];
  return row
    ? { capacity: row.capacity, usedCapacity: row.used_capacity }
    : { capacity: null, usedCapacity: 0 };
}

export function findAttendance(db: Executor, sessionId: number, participantId: number) {
  return db
    .selectFrom('session_attendees')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
}

export function insertAttendance(
  trx: Transaction<DB>,
  row: {
    sessionId: number;
    participantId: number;
    status: AttendeeStatus;
    blocking: boolean;
    /** Who booked on the person's behalf; null for their own booking. */
    addedBy: number | null;
    message: string | null;
    now: Date;
  },
) {
  return trx
    .insertInto('session_attendees')
    .values({
      session_id: row.sessionId,
      participant_id: row.participantId,
      status: row.status,
      blocking: row.blocking,
      added_by: row.addedBy,
      message: row.message,
      created_at: row.now,
      updated_at: row.now,
    })
    .execute();
}

export function deleteAttendance(trx: Transaction<DB>, sessionId: number, participantId: number) {
  return trx
    .deleteFrom('session_attendees')
    .where('session_id', '=', sessionId)
    .where('participant_id', '=', participantId)
    .returning('status')
    .executeTakeFirst();
}

export function setAttendanceStatus(
  trx: Transaction<DB>,
  sessionId: number,
  participantId: number,
  from: AttendeeStatus,
  to: AttendeeStatus,
  now: Date,
) {
  return trx
    .updateTable('session_attendees')
    .set({ status: to, updated_at: now })
    .where('session_id', '=', sessionId)
    .where('participant_id', '=', participantId)
    .where('status', '=', from)
    .returning('status')
    .executeTakeFirst();
}

export function touchAttendance(
  db: Executor,
  sessionId: number,
  participantId: number,
  set: { last_ping_at: Date },
) {
  return db
    .updateTable('session_attendees')
    .set(set)
    .where('session_id', '=', sessionId)
    .where('participant_id', '=', participantId)
    .execute();
}

/**
 * Checks a joined attendee in, once: the row changes only if they are still in the session and not
 * checked in yet, so two taps at once (or a tap beside leaving) write and announce it at most once.
 * The time it was set, or undefined when nothing changed.
 */
export async function checkInAttendance(
  db: Executor,
  sessionId: number,
  participantId: number,
  at: Date,
): Promise<Date | undefined> {
  const row = await db
    .updateTable('session_attendees')
    .set({ checked_in_at: at })
    .where('session_id', '=', sessionId)
    .where('participant_id', '=', participantId)
    .where('status', '=', 'joined')
    .where('checked_in_at', 'is', null)
    .returning('checked_in_at')
    .executeTakeFirst();
  return row?.checked_in_at ?? undefined;
}

/** Pending requests of a session with the requester's card fields, oldest first. */
export function findWaiting(db: Executor, sessionId: number) {
  return db
    .selectFrom('session_attendees as sa')
    .innerJoin('participants as p', 'p.id', 'sa.participant_id')
    .select([
      'p.id',
      'p.name',
      'p.surname',
      'p.company',
      'p.job_title',
      'p.profile_photo',
      'sa.message',
      'sa.created_at',
    ])
    .where('sa.session_id', '=', sessionId)
    .where('sa.status', '=', 'waiting')
    .orderBy('sa.created_at')
    .orderBy('p.id')
    .execute();
}

/** A participant of the event (not deleted), for acting on someone's behalf. */
export function findEventParticipant(db: Executor, eventId: number, participantId: number) {
  return db
    .selectFrom('participants')
    .selectAll()
    .where('id', '=', participantId)
    .where('event_id', '=', eventId)
    .where('state', '!=', 'deleted')
    .executeTakeFirst();
}

/** The participant's agenda lock (see lockAgenda in agenda-sources.ts), held to the end of `trx`. */
export async function lockParticipantAgenda(trx: Transaction<DB>, participantId: number): Promise<void> {
  await holdLock(trx, 'agenda', participantId);
}

export interface BusyRow {
  kind: string;
  id: number;
  name: string;
  sdt: Date | string;
  edt: Date | string;
  session_id: number | null;
  parent_session_id: number | null;
}

/**
 * Attended and presented sessions plus off-times of `participantId` (a value or a column of an outer
 * query) overlapping the range: the built-in busy source, as SQL to run or to nest.
 */
export function busySql(participantId: RawBuilder<number>, range: { sdt: Date; edt: Date }) {
  return sql<BusyRow>`
    SELECT 'session' AS kind, s.id, s.name, s.sdt, s.edt, s.id AS session_id, s.parent_id AS parent_session_id
      FROM session_attendees sa JOIN sessions s ON s.id = sa.session_id
     WHERE sa.participant_id = ${participantId} AND sa.status IN ('joined', 'waiting') AND sa.blocking
       AND NOT s.deleted AND s.sdt < ${range.edt} AND s.edt > ${range.sdt}
    UNION
    SELECT 'session', s.id, s.name, s.sdt, s.edt, s.id, s.parent_id
      FROM session_people sp JOIN sessions s ON s.id = sp.session_id
     WHERE sp.participant_id = ${participantId}
       AND NOT s.deleted AND s.sdt < ${range.edt} AND s.edt > ${range.sdt}
    UNION ALL
    SELECT 'offTime', o.id, 'Break', o.sdt, o.edt, NULL, NULL
      FROM participant_off o
     WHERE o.participant_id = ${participantId} AND o.sdt < ${range.edt} AND o.edt > ${range.sdt}
  `;
}
