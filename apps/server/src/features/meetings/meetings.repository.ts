import { MEETING_SLOT_SESSION_TYPE, meetingValidEndAfter } from '@foyer/contract';
import { type Insertable, type RawBuilder, type Selectable, sql, type Transaction } from 'kysely';
import { type Executor, firstRow } from '../../db/executor';
import type { DB, InvitationsTable, MeetingsTable } from '../../db/schema';
import type { BusyRow } from '../agenda/agenda-sources';

export type InvitationRow = Selectable<InvitationsTable>;
export type MeetingRow = Selectable<MeetingsTable>;

export function findInvitation(
  db: Executor,
  eventId: number,
  id: number,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Re-read under a row lock inside the booking transaction (the state may have moved meanwhile). */
export function lockInvitation(trx: Transaction<DB>, id: number): Promise<InvitationRow | undefined> {
  return trx.selectFrom('invitations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function insertInvitation(db: Executor, values: Insertable<InvitationsTable>): Promise<InvitationRow> {
  return db.insertInto('invitations').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateInvitation(
  db: Executor,
  id: number,
  set: Partial<Omit<InvitationRow, 'id' | 'created_at'>>,
): Promise<InvitationRow> {
  return db.updateTable('invitations').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Join invitations from `from` to `to` in a state, newest first. */
export function joinInvitations(db: Executor, fromId: number, toId: number, state: InvitationRow['state']) {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('type', '=', 'join')
    .where('from_participant_id', '=', fromId)
    .where('to_participant_id', '=', toId)
    .where('state', '=', state)
    .orderBy('id', 'desc')
    .execute();
}

/** The newest join invitation between two people, either direction. */
export function latestJoinBetween(db: Executor, a: number, b: number): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('type', '=', 'join')
    .where((eb) =>
      eb.or([
        eb.and([eb('from_participant_id', '=', a), eb('to_participant_id', '=', b)]),
        eb.and([eb('from_participant_id', '=', b), eb('to_participant_id', '=', a)]),
      ]),
    )
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Marks other open requests between the two as handled once they have met (E4.03). */
export async function processWaitingBetween(db: Executor, a: number, b: number, exceptId: number, at: Date) {
  await db
    .updateTable('invitations')
    .set({ state: 'processed', updated_at: at })
    .where('type', '=', 'join')
    .where('state', '=', 'waiting')
    .where('id', '!=', exceptId)
    .where((eb) =>
      eb.or([
        eb.and([eb('from_participant_id', '=', a), eb('to_participant_id', '=', b)]),
        eb.and([eb('from_participant_id', '=', b), eb('to_participant_id', '=', a)]),
      ]),
    )
    .execute();
}

/**
 * A meeting both take part in that is not cancelled and still valid: not over, or over for less
 * than 24 hours (E9.09; after that it counts as none, E4.12). E4.27: it blocks a second one.
 */
export function liveMeetingBetween(
  db: Executor,
  a: number,
  b: number,
  now: Date,
): Promise<MeetingRow | undefined> {
  // One that is not over yet comes first (older data may hold a finished one beside it), then the earliest.
  return db
    .selectFrom('meetings as m')
    .innerJoin('meeting_participants as ma', 'ma.meeting_id', 'm.id')
    .innerJoin('meeting_participants as mb', 'mb.meeting_id', 'm.id')
    .selectAll('m')
    .where('ma.participant_id', '=', a)
    .where('mb.participant_id', '=', b)
    .where('ma.active', '=', true)
    .where('mb.active', '=', true)
    .where('m.status', '!=', 'cancelled')
    .where('m.edt', '>', meetingValidEndAfter(now))
    .orderBy(sql`m.edt <= ${now}`)
    .orderBy('m.sdt')
    .executeTakeFirst();
}

/**
 * Meetings that count towards maxMeetingCount: every one not cancelled, but for one whose other
 * people were all removed from the event since (E3.02): nobody is left to meet there, as a request
 * to someone removed takes no place either (countWaitingSent). A table reserved alone still counts.
 */
export async function countMeetings(db: Executor, participantId: number): Promise<number> {
  const row = await db
    .selectFrom('meeting_participants as mp')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('mp.participant_id', '=', participantId)
    .where('mp.active', '=', true)
    // Not: someone else is in it, and every one of them was removed.
    .where(({ exists, not, and, selectFrom }) => {
      const others = (removed: boolean) =>
        selectFrom('meeting_participants as o')
          .innerJoin('participants as op', 'op.id', 'o.participant_id')
          .select('o.participant_id')
          .whereRef('o.meeting_id', '=', 'mp.meeting_id')
          .where('o.participant_id', '!=', participantId)
          .where('o.active', '=', true)
          .where('op.state', removed ? '=' : '!=', 'deleted');
      return not(and([exists(others(true)), not(exists(others(false)))]));
    })
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The person's open requests. One to someone removed from the event since (their record deleted) is
 * past on every screen (E3.04) and nobody can answer it: it takes no place of the limit (E4.15).
 */
export async function countWaitingSent(db: Executor, participantId: number): Promise<number> {
  const row = await db
    .selectFrom('invitations as i')
    .innerJoin('participants as to', 'to.id', 'i.to_participant_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('i.from_participant_id', '=', participantId)
    .where('i.type', '=', 'join')
    .where('i.state', '=', 'waiting')
    .where('to.state', '!=', 'deleted')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function maxMeetingCountOf(db: Executor, typeId: number | null): Promise<number | null> {
  if (typeId === null) return null;
  const row = await db
    .selectFrom('participant_types')
    .select(['max_meeting_count'])
    .where('id', '=', typeId)
    .executeTakeFirst();
  return row?.max_meeting_count ?? null;
}

/**
 * Which of these people are still live participants of the event, their rows held FOR SHARE until
 * the transaction ends, in id order (taken after their agendas' locks, as everywhere): a removal
 * committed while the booking waited is seen, and one that comes later waits for the booking.
 */
export async function holdLivePeople(
  trx: Transaction<DB>,
  eventId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await trx
    .selectFrom('participants')
    .select(['id', 'state'])
    .where('event_id', '=', eventId)
    .where('id', 'in', [...new Set(ids)])
    .orderBy('id')
    .forShare()
    .execute();
  return new Set(rows.filter((r) => r.state !== 'deleted').map((r) => r.id));
}

export function findSlot(db: Executor, eventId: number, sessionId: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'sdt', 'edt'])
    .where('event_id', '=', eventId)
    .where('id', '=', sessionId)
    .where('type', '=', MEETING_SLOT_SESSION_TYPE)
    .where('deleted', '=', false)
    .executeTakeFirst();
}

export function listSlots(db: Executor, eventId: number, from: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'sdt', 'edt'])
    .where('event_id', '=', eventId)
    .where('type', '=', MEETING_SLOT_SESSION_TYPE)
    .where('deleted', '=', false)
    .where('sdt', '>', from)
    .orderBy('sdt')
    .orderBy('id')
    .limit(2000)
    .execute();
}

/** Whether the agenda has any meeting slot at all, past ones included (E8.27). */
export async function hasAnySlot(db: Executor, eventId: number): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('event_id', '=', eventId)
    .where('type', '=', MEETING_SLOT_SESSION_TYPE)
    .where('deleted', '=', false)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertMeeting(
  trx: Transaction<DB>,
  values: Insertable<MeetingsTable>,
  people: { id: number; role: 'host' | 'guest' }[],
): Promise<MeetingRow> {
  const meeting = await trx.insertInto('meetings').values(values).returningAll().executeTakeFirstOrThrow();
  await trx
    .insertInto('meeting_participants')
    .values(
      people.map((p) => ({
        meeting_id: meeting.id,
        participant_id: p.id,
        role: p.role,
        sdt: meeting.sdt,
        edt: meeting.edt,
      })),
    )
    .execute();
  return meeting;
}

/** One meeting of the event; `lock` holds its row until the caller's transaction ends. */
export function findMeeting(
  db: Executor,
  eventId: number,
  id: number,
  lock?: 'lock',
): Promise<MeetingRow | undefined> {
  const query = db.selectFrom('meetings').selectAll().where('event_id', '=', eventId).where('id', '=', id);
  return firstRow(query, lock);
}

export function meetingPeople(db: Executor, meetingIds: readonly number[]) {
  if (meetingIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('meeting_participants')
    .selectAll()
    .where('meeting_id', 'in', meetingIds)
    .orderBy('meeting_id')
    .orderBy('role', 'desc')
    .orderBy('participant_id')
    .execute();
}

/** Invitations the caller sees: sent, received, and those to their booth (company, E6.24). */
export function invitationsOf(db: Executor, eventId: number, meId: number, boothId: number | null) {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('event_id', '=', eventId)
    .where((eb) => {
      const parts = [eb('from_participant_id', '=', meId), eb('to_participant_id', '=', meId)];
      if (boothId !== null) parts.push(eb('to_booth_id', '=', boothId));
      return eb.or(parts);
    })
    .orderBy('id', 'desc')
    .limit(1000)
    .execute();
}

/** Meetings the person is (or was, when cancelled) part of, by start. */
export function meetingsOf(db: Executor, eventId: number, participantId: number) {
  return db
    .selectFrom('meetings as m')
    .innerJoin('meeting_participants as mp', 'mp.meeting_id', 'm.id')
    .selectAll('m')
    .where('m.event_id', '=', eventId)
    .where('mp.participant_id', '=', participantId)
    .where((eb) => eb.or([eb('mp.active', '=', true), eb('m.status', '=', 'cancelled')]))
    .orderBy('m.sdt')
    .limit(1000)
    .execute();
}

/**
 * The participant's active meetings and tables overlapping the range, as busy rows of `kind` (the
 * agenda source's name): nested with the other agenda sources into one query (allBusySql).
 */
export function busyMeetingsSql(
  kind: string,
  participantId: RawBuilder<number>,
  range: { sdt: Date; edt: Date },
): RawBuilder<BusyRow> {
  return sql<BusyRow>`
    SELECT ${sql.lit(kind)}, m.id, CASE WHEN m.kind = 'table' THEN 'Reserved table' ELSE '1:1 meeting' END,
           mp.sdt, mp.edt, NULL, NULL
      FROM meeting_participants mp JOIN meetings m ON m.id = mp.meeting_id
     WHERE mp.participant_id = ${participantId} AND mp.active
       AND mp.sdt < ${range.edt} AND mp.edt > ${range.sdt}`;
}

/** The people's active meetings, each with its other people (first by id), for the agenda list. */
export function agendaMeetings(db: Executor, participantIds: readonly number[]) {
  return db
    .selectFrom('meeting_participants as mp')
    .innerJoin('meetings as m', 'm.id', 'mp.meeting_id')
    .leftJoin('meeting_participants as other', (join) =>
      join
        .onRef('other.meeting_id', '=', 'mp.meeting_id')
        .onRef('other.participant_id', '!=', 'mp.participant_id')
        .on('other.active', '=', true),
    )
    .leftJoin('participants as p', 'p.id', 'other.participant_id')
    .leftJoin('sessions as slot', 'slot.id', 'm.slot_session_id')
    .leftJoin('locations as point', 'point.id', 'slot.location_id')
    .select([
      'm.id',
      'm.kind',
      'm.table_number',
      'point.name as meeting_point',
      'mp.participant_id',
      'mp.sdt',
      'mp.edt',
      'other.participant_id as with_id',
      'p.name as with_name',
      'p.surname as with_surname',
    ])
    .where('mp.participant_id', 'in', participantIds)
    .where('mp.active', '=', true)
    .orderBy('m.id')
    .orderBy('other.participant_id')
    .execute();
}

/** The person's active meetings for the calendar feed. */
export function calendarMeetings(db: Executor, participantId: number) {
  return db
    .selectFrom('meeting_participants as mp')
    .innerJoin('meetings as m', 'm.id', 'mp.meeting_id')
    .select(['m.id', 'm.kind', 'mp.sdt', 'mp.edt', 'm.updated_at'])
    .where('mp.participant_id', '=', participantId)
    .where('mp.active', '=', true)
    .execute();
}

/**
 * Claims the reminders due (active people of meetings starting in (now, until]) by marking them
 * reminded in ONE UPDATE: with several instances the row lock makes the others skip them.
 */
export function claimDueReminders(trx: Transaction<DB>, now: Date, until: Date) {
  return trx
    .updateTable('meeting_participants')
    .set({ reminded_at: now })
    .where('active', '=', true)
    .where('reminded_at', 'is', null)
    .where('sdt', '>', now)
    .where('sdt', '<=', until)
    .returning(['meeting_id', 'participant_id', 'sdt'])
    .execute();
}

/** Each meeting's event. */
export async function eventsOfMeetings(db: Executor, ids: readonly number[]): Promise<Map<number, number>> {
  const rows = await db.selectFrom('meetings').select(['id', 'event_id']).where('id', 'in', ids).execute();
  return new Map(rows.map((m) => [m.id, m.event_id]));
}
