import { SESSION_TYPE_OFF_TIME } from '@foyer/contract';
import { type Insertable, sql, type Transaction, type Updateable } from 'kysely';
import { type Executor, firstRow } from '../../db/executor';
import type { DB, SessionPeopleTable, SessionsTable } from '../../db/schema';

/** The programme's SQL: rooms (locations), tracks, sessions and the people on their stage. */

export function listRooms(db: Executor, eventId: number) {
  return db
    .selectFrom('locations as l')
    .select(['l.id', 'l.name', 'l.capacity'])
    .select((eb) =>
      eb
        .selectFrom('sessions as s')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('s.location_id', '=', 'l.id')
        .where('s.deleted', '=', false)
        .as('session_count'),
    )
    .where('l.event_id', '=', eventId)
    .orderBy('l.name')
    .orderBy('l.id')
    .execute();
}
export type RoomRow = Awaited<ReturnType<typeof listRooms>>[number];

export function listTracks(db: Executor, eventId: number) {
  return db
    .selectFrom('tracks as t')
    .select(['t.id', 't.name', 't.color'])
    .select((eb) =>
      eb
        .selectFrom('sessions as s')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('s.track_id', '=', 't.id')
        .where('s.deleted', '=', false)
        .as('session_count'),
    )
    .where('t.event_id', '=', eventId)
    .orderBy('t.name')
    .orderBy('t.id')
    .execute();
}
export type TrackRow = Awaited<ReturnType<typeof listTracks>>[number];

/** The event's live sessions (breaks and meeting slots too; never participants' own off-times). */
export function listSessions(
  db: Executor,
  eventId: number,
  only: { ids?: number[]; overlapping?: { sdt: Date; edt: Date } } = {},
) {
  let query = db
    .selectFrom('sessions as s')
    .selectAll('s')
    .select((eb) =>
      eb
        .selectFrom('session_attendees as a')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('a.session_id', '=', 's.id')
        .where('a.status', '=', 'joined')
        .as('joined'),
    )
    .where('s.event_id', '=', eventId)
    .where('s.deleted', '=', false)
    .where('s.type', '!=', SESSION_TYPE_OFF_TIME);
  if (only.ids) query = query.where('s.id', 'in', only.ids.length > 0 ? only.ids : [0]);
  if (only.overlapping) {
    query = query.where('s.sdt', '<', only.overlapping.edt).where('s.edt', '>', only.overlapping.sdt);
  }
  return query.orderBy('s.sdt').orderBy('s.id').execute();
}
export type ProgrammeSessionRow = Awaited<ReturnType<typeof listSessions>>[number];

export function listSessionPeople(db: Executor, sessionIds: number[]) {
  if (sessionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('session_people as sp')
    .innerJoin('participants as p', 'p.id', 'sp.participant_id')
    .select(['sp.session_id', 'sp.participant_id', 'sp.role', 'p.name', 'p.surname', 'p.company'])
    .where('sp.session_id', 'in', sessionIds)
    .orderBy('sp.session_id')
    .orderBy('p.surname')
    .orderBy('p.name')
    .execute();
}
export type SessionPersonRow = Awaited<ReturnType<typeof listSessionPeople>>[number];

export function findRoom(db: Executor, eventId: number, roomId: number, lock?: 'lock' | 'share') {
  return firstRow(
    db.selectFrom('locations').selectAll().where('event_id', '=', eventId).where('id', '=', roomId),
    lock,
  );
}

/**
 * Whether another room or track of the event has this name as the unique indexes compare names
 * (`programme_name_key`, migration 0038: no case, white space runs as one space, none around).
 */
export async function isNameTaken(
  db: Executor,
  table: 'locations' | 'tracks',
  eventId: number,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  let query = db
    .selectFrom(table)
    .select('id')
    .where('event_id', '=', eventId)
    .where(sql<boolean>`programme_name_key(name) = programme_name_key(${name})`);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The unique indexes of rooms' and tracks' names per event (migration 0038). */
export const NAME_INDEX = { locations: 'locations_event_name', tracks: 'tracks_event_name' } as const;

export function insertRoom(db: Executor, eventId: number, name: string, capacity: number | null) {
  return db
    .insertInto('locations')
    .values({ event_id: eventId, name, capacity })
    .returning(['id', 'name', 'capacity'])
    .executeTakeFirstOrThrow();
}

export function updateRoom(db: Executor, roomId: number, name: string, capacity: number | null) {
  return db
    .updateTable('locations')
    .set({ name, capacity })
    .where('id', '=', roomId)
    .returning(['id', 'name', 'capacity'])
    .executeTakeFirstOrThrow();
}

export async function deleteRoom(db: Executor, roomId: number): Promise<void> {
  await db.deleteFrom('locations').where('id', '=', roomId).execute();
}

/** Live sessions in the room that take their capacity from it, with their seats held. */
export function sessionsUsingRoomCapacity(db: Executor, roomId: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'name', 'used_capacity'])
    .where('location_id', '=', roomId)
    .where('deleted', '=', false)
    .where('capacity', 'is', null)
    .orderBy('used_capacity', 'desc')
    .execute();
}

export function countRoomSessions(db: Executor, roomId: number): Promise<number> {
  return db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('location_id', '=', roomId)
    .where('deleted', '=', false)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function findTrack(db: Executor, eventId: number, trackId: number, lock?: 'lock' | 'share') {
  return firstRow(
    db.selectFrom('tracks').selectAll().where('event_id', '=', eventId).where('id', '=', trackId),
    lock,
  );
}

export function insertTrack(db: Executor, eventId: number, name: string, color: string | null) {
  return db
    .insertInto('tracks')
    .values({ event_id: eventId, name, color })
    .returning(['id', 'name', 'color'])
    .executeTakeFirstOrThrow();
}

export function updateTrack(db: Executor, trackId: number, name: string, color: string | null) {
  return db
    .updateTable('tracks')
    .set({ name, color })
    .where('id', '=', trackId)
    .returning(['id', 'name', 'color'])
    .executeTakeFirstOrThrow();
}

/** Deleting a track leaves its sessions without one (the foreign key sets NULL). */
export async function deleteTrack(db: Executor, trackId: number): Promise<void> {
  await db.deleteFrom('tracks').where('id', '=', trackId).execute();
}

/** Locks the session row for a read-modify-write (seats are taken on the same row). */
export function lockSession(trx: Transaction<DB>, eventId: number, sessionId: number) {
  return trx
    .selectFrom('sessions')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', sessionId)
    .where('deleted', '=', false)
    .where('type', '!=', SESSION_TYPE_OFF_TIME)
    .forUpdate()
    .executeTakeFirst();
}

export function insertSession(db: Executor, values: Insertable<SessionsTable>) {
  return db.insertInto('sessions').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function insertSessions(db: Executor, rows: Insertable<SessionsTable>[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db.insertInto('sessions').values(rows).returning('id').execute();
  return inserted.length;
}

/** Cancels the session and its own time slots (soft delete: attendance rows stay for the record). */
export async function markSessionDeleted(db: Executor, sessionId: number, at: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ deleted: true, updated_at: at })
    .where((eb) => eb.or([eb('id', '=', sessionId), eb('parent_id', '=', sessionId)]))
    .execute();
}

export async function updateSession(
  db: Executor,
  sessionId: number,
  values: Updateable<SessionsTable>,
): Promise<void> {
  await db.updateTable('sessions').set(values).where('id', '=', sessionId).execute();
}

export async function replaceSessionPeople(
  db: Executor,
  sessionId: number,
  people: Omit<Insertable<SessionPeopleTable>, 'session_id'>[],
): Promise<void> {
  await db.deleteFrom('session_people').where('session_id', '=', sessionId).execute();
  if (people.length > 0) {
    await db
      .insertInto('session_people')
      .values(people.map((p) => ({ ...p, session_id: sessionId })))
      .execute();
  }
}

/** Which of these ids are live participants of the event. */
export async function existingParticipants(
  db: Executor,
  eventId: number,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('participants')
    .select('id')
    .where('event_id', '=', eventId)
    .where('id', 'in', ids)
    .where('state', '!=', 'deleted')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Which of these ids are types of the event, held FOR KEY SHARE to the commit: a type's delete
 * that moves its people rewrites the sessions that let it in, and waits for this save to do so.
 */
export async function existingTypes(db: Executor, eventId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('participant_types')
    .select('id')
    .where('event_id', '=', eventId)
    .where('id', 'in', ids)
    .orderBy('id')
    .forKeyShare()
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Those who hold a place in the session (joined or waiting), with their account for live pushes. */
export function sessionAudience(db: Executor, sessionId: number) {
  return db
    .selectFrom('session_attendees as a')
    .innerJoin('participants as p', 'p.id', 'a.participant_id')
    .select(['p.id', 'p.user_id', 'a.status'])
    .where('a.session_id', '=', sessionId)
    .where('a.status', 'in', ['joined', 'waiting'])
    .execute();
}

/** Meeting slots of the event at these exact times (to skip when generating again). */
export async function existingSlotTimes(db: Executor, eventId: number, type: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('sessions')
    .select(['sdt', 'edt'])
    .where('event_id', '=', eventId)
    .where('type', '=', type)
    .where('deleted', '=', false)
    .execute();
  return new Set(rows.map((r) => `${new Date(r.sdt).getTime()}-${new Date(r.edt).getTime()}`));
}
