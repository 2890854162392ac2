import { randomBytes } from 'node:crypto';
import { MeetingErrorCode } from '@foyer/contract';
import type { Insertable, Transaction } from 'kysely';
import { holdLock } from '../../db/advisory-locks';
import { isUniqueViolation } from '../../db/errors';
import type { Executor } from '../../db/executor';
import type { DB, MeetingsTable } from '../../db/schema';
import { AppError } from '../../http/errors';
import {
  type AgendaSource,
  type BusyInterval,
  findAgendaCollisions,
  listBusyIntervals,
  lockAgenda,
} from '../agenda/agenda-sources';
import {
  agendaMeetings,
  busyMeetingsSql,
  calendarMeetings,
  insertMeeting,
  type MeetingRow,
} from './meetings.repository';

export const MEETING_SOURCE = 'meeting';

/**
 * Meetings occupy time in the agenda: registered as an agenda source (by the meetings plugin, see
 * meetings.routes.ts), the agenda's own collision check ("You are busy", E4.49) and the calendar
 * feed see them, and ours sees sessions joined, sessions presented and off-times (E5.11) through the
 * same function.
 */
export const meetingAgendaSource: AgendaSource = {
  name: MEETING_SOURCE,
  busySql: (participantId, range) => busyMeetingsSql(MEETING_SOURCE, participantId, range),
  /** E3.10: booked meetings and tables in the agenda list, with the (first) other person. */
  async agendaItems(db, participantIds) {
    if (participantIds.length === 0) return [];
    const rows = await agendaMeetings(db, participantIds);
    const seen = new Set<string>();
    const items = [];
    for (const r of rows) {
      const key = `${r.participant_id}:${r.id}`;
      if (seen.has(key)) continue; // the first other person names the meeting
      seen.add(key);
      const withName = r.with_name ? `${r.with_name} ${r.with_surname ?? ''}`.trim() : null;
      items.push({
        participantId: r.participant_id,
        id: r.id,
        name: r.kind === 'table' ? 'Reserved table' : `1:1 meeting${withName ? ` with ${withName}` : ''}`,
        sdt: new Date(r.sdt),
        edt: new Date(r.edt),
        // Issue 15: a table at the meeting point; the screen says "Table n" in the reader's language.
        location: r.table_number === null ? null : r.meeting_point,
        meeting: { kind: r.kind, withName, withParticipantId: r.with_id ?? null, table: r.table_number },
      });
    }
    return items;
  },
  async calendar(db, participantId) {
    const rows = await calendarMeetings(db, participantId);
    return rows.map((r) => ({
      uid: `meeting-${r.id}`,
      name: r.kind === 'table' ? 'Reserved table' : '1:1 meeting',
      sdt: new Date(r.sdt),
      edt: new Date(r.edt),
      updatedAt: new Date(r.updated_at),
    }));
  },
};

/**
 * Takes every person's agenda lock in ascending id order (the same lock the agenda feature takes,
 * so a session join and a meeting booking of one person never interleave; a fixed order never
 * deadlocks).
 */
export async function lockPeople(trx: Transaction<DB>, ids: readonly number[]): Promise<void> {
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) await lockAgenda(trx, id);
}

/** Everything in the person's agenda overlapping [sdt, edt), the meeting being moved excepted. */
export async function collisionsOf(
  trx: Executor,
  participantId: number,
  sdt: Date,
  edt: Date,
  excludeMeetingId?: number,
): Promise<BusyInterval[]> {
  const found = await findAgendaCollisions(trx, participantId, sdt, edt);
  return found.filter((i) => !(i.kind === MEETING_SOURCE && i.id === excludeMeetingId));
}

/** Busy intervals of a person in a range (for the slot picker). */
export function busyOf(db: Executor, participantId: number, range: { sdt: Date; edt: Date }) {
  return listBusyIntervals(db, participantId, range);
}

export function slotNotFree(who: string) {
  return new AppError(409, MeetingErrorCode.SlotNotFree, `${who} not free at that time`);
}

/** Fails with SlotNotFree unless every person is free in [sdt, edt). Call after lockPeople. */
export async function assertFree(
  trx: Transaction<DB>,
  people: readonly { id: number; label: string }[],
  sdt: Date,
  edt: Date,
  excludeMeetingId?: number,
): Promise<void> {
  for (const person of people) {
    if ((await collisionsOf(trx, person.id, sdt, edt, excludeMeetingId)).length > 0)
      throw slotNotFree(person.label);
  }
}

/**
 * Inserts the meeting. The unique index on (participant, start) is the last line of defence: if a
 * concurrent booking slipped past the checks, the insert fails and the caller gets a 409.
 */
export async function createMeeting(
  trx: Transaction<DB>,
  values: Omit<Insertable<MeetingsTable>, 'video_room' | 'table_number'>,
  people: { id: number; role: 'host' | 'guest' }[],
  options: { atTable?: boolean } = {},
): Promise<MeetingRow> {
  const start = values.sdt instanceof Date ? values.sdt : new Date(String(values.sdt));
  const table_number = options.atTable ? await freeTable(trx, values.event_id, start) : null;
  try {
    return await insertMeeting(
      trx,
      { ...values, table_number, video_room: randomBytes(9).toString('base64url') },
      people,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw slotNotFree('Someone is');
    throw error;
  }
}

/** Whether a meeting of this event has a place at the meeting point (not for online events). */
export const meetsAtTable = (event: { event_type: string }) => event.event_type !== 'online';

/**
 * Issue 15: the lowest table number no other live meeting of the event holds at this start. The lock
 * (per event, held to the end of the transaction) makes two people accepting at once take two tables;
 * the unique index meetings_table_at would refuse a shared one anyway.
 */
export async function freeTable(
  trx: Transaction<DB>,
  eventId: number,
  sdt: Date,
  excludeMeetingId?: number,
): Promise<number> {
  await holdLock(trx, 'meetingTables', eventId);
  let query = trx
    .selectFrom('meetings')
    .select('table_number')
    .where('event_id', '=', eventId)
    .where('sdt', '=', sdt)
    .where('status', '<>', 'cancelled')
    .where('table_number', 'is not', null);
  if (excludeMeetingId !== undefined) query = query.where('id', '<>', excludeMeetingId);
  const taken = new Set((await query.execute()).map((row) => row.table_number));
  let table = 1;
  while (taken.has(table)) table += 1;
  return table;
}
