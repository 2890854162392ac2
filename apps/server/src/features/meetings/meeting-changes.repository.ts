import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import type { InvitationRow, MeetingRow } from './meetings.repository';

/**
 * The SQL of changes to a held meeting: its status locked, a guest leaving or added, the meeting
 * cancelled, checked in or moved (a reschedule and its open request).
 */

export function getMeeting(db: Executor, id: number): Promise<MeetingRow> {
  return db.selectFrom('meetings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The meeting's status, its row locked until the transaction ends. */
export async function lockMeetingStatus(
  trx: Transaction<DB>,
  id: number,
): Promise<MeetingRow['status'] | undefined> {
  const row = await trx
    .selectFrom('meetings')
    .select('status')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row?.status;
}

/** A guest leaves the meeting (E6.28). */
export async function leaveMeeting(trx: Transaction<DB>, meetingId: number, participantId: number) {
  await trx
    .updateTable('meeting_participants')
    .set({ active: false })
    .where('meeting_id', '=', meetingId)
    .where('participant_id', '=', participantId)
    .execute();
}

/** Cancels the meeting for everyone, with its open reschedule requests. */
export async function cancelMeetingRows(
  trx: Transaction<DB>,
  meetingId: number,
  input: { executorId: number; message: string; at: Date },
): Promise<void> {
  await trx
    .updateTable('meetings')
    .set({ status: 'cancelled', executor_id: input.executorId, message: input.message, updated_at: input.at })
    .where('id', '=', meetingId)
    .execute();
  await trx
    .updateTable('meeting_participants')
    .set({ active: false })
    .where('meeting_id', '=', meetingId)
    .execute();
  await trx
    .updateTable('invitations')
    .set({ state: 'processed', updated_at: input.at })
    .where('meeting_id', '=', meetingId)
    .where('type', '=', 'reschedule')
    .where('state', '=', 'waiting')
    .execute();
}

/** Whether people of this participant type may not add guests (E6.31). */
export async function guestsDisabledFor(db: Executor, typeId: number): Promise<boolean> {
  const type = await db
    .selectFrom('participant_types')
    .select('disable_guest')
    .where('id', '=', typeId)
    .executeTakeFirst();
  return type?.disable_guest ?? false;
}

/**
 * Adds (or brings back) a guest at the meeting's time. One brought back after leaving starts afresh:
 * not checked in (the check-in was the earlier stay's), at the meeting's time as it is now.
 */
export async function addMeetingGuest(
  trx: Transaction<DB>,
  meeting: Pick<MeetingRow, 'id' | 'sdt' | 'edt'>,
  participantId: number,
): Promise<void> {
  await trx
    .insertInto('meeting_participants')
    .values({
      meeting_id: meeting.id,
      participant_id: participantId,
      role: 'guest',
      sdt: meeting.sdt,
      edt: meeting.edt,
    })
    .onConflict((oc) =>
      oc.columns(['meeting_id', 'participant_id']).doUpdateSet({
        active: true,
        role: 'guest',
        sdt: meeting.sdt,
        edt: meeting.edt,
        checked_in_at: null,
      }),
    )
    .execute();
}

export async function markCheckedIn(
  trx: Transaction<DB>,
  meetingId: number,
  participantId: number,
  at: Date,
) {
  await trx
    .updateTable('meeting_participants')
    .set({ checked_in_at: at })
    .where('meeting_id', '=', meetingId)
    .where('participant_id', '=', participantId)
    .execute();
}

/** The meeting's waiting reschedule request, if any. */
export function openRescheduleOf(db: Executor, meetingId: number): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('meeting_id', '=', meetingId)
    .where('type', '=', 'reschedule')
    .where('state', '=', 'waiting')
    .executeTakeFirst();
}

/** The meeting moves to another slot (confirmReschedule). */
export async function moveMeeting(
  trx: Transaction<DB>,
  meetingId: number,
  input: { sdt: Date; edt: Date; slotId: number; executorId: number; at: Date; tableNumber: number | null },
): Promise<void> {
  await trx
    .updateTable('meetings')
    .set({
      table_number: input.tableNumber,
      sdt: input.sdt,
      edt: input.edt,
      slot_session_id: input.slotId,
      status: 'rescheduled',
      executor_id: input.executorId,
      updated_at: input.at,
    })
    .where('id', '=', meetingId)
    .execute();
}

/** Its people's times move with it, and each is reminded again. Fails on the (participant, start) index. */
export async function moveMeetingPeople(trx: Transaction<DB>, meetingId: number, sdt: Date, edt: Date) {
  await trx
    .updateTable('meeting_participants')
    .set({ sdt, edt, reminded_at: null })
    .where('meeting_id', '=', meetingId)
    .execute();
}
