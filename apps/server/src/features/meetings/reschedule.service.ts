import {
  DEFAULT_RESCHEDULE_DECLINE_MESSAGE,
  type Invitation,
  MeetingErrorCode,
  rescheduleMessage,
} from '@foyer/contract';
import { DateTime } from 'luxon';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/errors';
import { hasRight, requireMembership } from '../access/event-access';
import { assertFree, collisionsOf, freeTable, lockPeople, slotNotFree } from './booking';
import * as changes from './meeting-changes.repository';
import { emitMeetingEvent, type MeetingDeps } from './meetings.events';
import { assertEventOpen, notWaiting } from './meetings.policy';
import { presentInvitations } from './meetings.present';
import * as repo from './meetings.repository';

async function one(deps: MeetingDeps, row: repo.InvitationRow, viewerId: number): Promise<Invitation> {
  const [invitation] = await presentInvitations(deps.ctx.db, [row], viewerId);
  return invitation as Invitation;
}

/** The live meeting behind an invitation and the caller's place in it. */
async function meetingFor(deps: MeetingDeps, eventId: number, invitationId: number, meId: number) {
  const invitation = await repo.findInvitation(deps.ctx.db, eventId, invitationId);
  if (!invitation?.meeting_id) throw AppError.notFound('Meeting not found');
  const meeting = await repo.findMeeting(deps.ctx.db, eventId, invitation.meeting_id);
  if (!meeting) throw AppError.notFound('Meeting not found');
  const people = (await repo.meetingPeople(deps.ctx.db, [meeting.id])).filter((p) => p.active);
  const mine = people.find((p) => p.participant_id === meId);
  return { invitation, meeting, people, mine };
}

/** POST /event/schedule/reschedule (E7.17, E4.25): either side proposes another slot. */
export async function requestReschedule(
  deps: MeetingDeps,
  userId: number,
  input: { eventId: number; invitationId: number; sessionId: number; message?: string | undefined },
): Promise<Invitation> {
  const { ctx } = deps;
  const { event, me } = await requireMembership(ctx.db, input.eventId, userId);
  const now = ctx.now();
  assertEventOpen(event, now);
  const { meeting, people, mine } = await meetingFor(deps, event.id, input.invitationId, me.id);
  if (mine?.role !== 'host') throw AppError.forbidden('Only the two people of the meeting can reschedule it');
  if (meeting.kind === 'table') throw AppError.forbidden('A reserved table cannot be rescheduled'); // E6.33
  if (meeting.status === 'cancelled' || new Date(meeting.edt) <= now)
    throw AppError.conflict('This meeting is over');
  const other = people.find((p) => p.role === 'host' && p.participant_id !== me.id);
  if (!other) throw AppError.conflict('This meeting has no one to reschedule with');
  const slot = await repo.findSlot(ctx.db, event.id, input.sessionId);
  if (!slot) throw AppError.notFound('Time slot not found');
  if (new Date(slot.sdt) <= now) throw AppError.conflict('This time slot has already started');
  const sdt = new Date(slot.sdt);
  const edt = new Date(slot.edt);
  const hhmm = DateTime.fromJSDate(sdt, { zone: event.timezone }).toFormat('HH:mm');
  const message = input.message || rescheduleMessage(hhmm); // E5.14, E5.22
  const row = await ctx.db.transaction().execute(async (trx) => {
    // The meeting held, as a cancellation holds it: cancelled meanwhile, no request is left open on
    // it (nor its notification sent); cancelled after, the cancellation closes this request too.
    const held = await repo.findMeeting(trx, event.id, meeting.id, 'lock');
    if (!held || held.status === 'cancelled' || new Date(held.edt) <= now)
      throw AppError.conflict('This meeting is over');
    const hosts = (await repo.meetingPeople(trx, [meeting.id])).filter((p) => p.active && p.role === 'host');
    if (!hosts.some((p) => p.participant_id === me.id)) {
      throw AppError.forbidden('Only the two people of the meeting can reschedule it');
    }
    if (!hosts.some((p) => p.participant_id === other.participant_id)) {
      throw AppError.conflict('This meeting has no one to reschedule with');
    }
    // A proposal nobody can accept is no use: both must be free now (checked again on accept).
    if ((await collisionsOf(trx, me.id, sdt, edt, meeting.id)).length) throw slotNotFree('You are');
    if ((await collisionsOf(trx, other.participant_id, sdt, edt, meeting.id)).length) {
      throw slotNotFree('The other person is');
    }
    try {
      const created = await repo.insertInvitation(trx, {
        event_id: event.id,
        type: 'reschedule',
        from_participant_id: me.id,
        to_participant_id: other.participant_id,
        meeting_id: meeting.id,
        session_id: slot.id,
        proposed_sdt: sdt,
        proposed_edt: edt,
        message,
      });
      await emitMeetingEvent(deps, trx, {
        type: 'session_reschedule_invitation',
        eventId: event.id,
        recipients: [other.participant_id],
        actorId: me.id,
        invitationId: created.id,
        meetingId: meeting.id,
        message,
      });
      return created;
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError(409, MeetingErrorCode.InvitationPending, 'A reschedule request is already open');
      }
      throw error;
    }
  });
  return one(deps, row, me.id);
}

async function openReschedule(deps: MeetingDeps, eventId: number, invitationId: number) {
  const invitation = await repo.findInvitation(deps.ctx.db, eventId, invitationId);
  if (invitation?.type !== 'reschedule' || !invitation.meeting_id) {
    throw AppError.notFound('Reschedule request not found');
  }
  return invitation as repo.InvitationRow & { meeting_id: number };
}

/** POST /event/schedule/confirmReschedule (E7.23): the other side accepts; the meeting moves. */
export async function confirmReschedule(
  deps: MeetingDeps,
  userId: number,
  input: {
    eventId: number;
    invitationId: number;
    sessionId?: number | undefined;
    message?: string | undefined;
  },
): Promise<Invitation> {
  const { ctx } = deps;
  const { event, me } = await requireMembership(ctx.db, input.eventId, userId);
  const now = ctx.now();
  assertEventOpen(event, now);
  const invitation = await openReschedule(deps, event.id, input.invitationId);
  if (invitation.to_participant_id !== me.id && !hasRight(me, 'onbehalfmeeting')) {
    throw AppError.forbidden('Only the other person can accept this reschedule');
  }
  const slotId = input.sessionId ?? invitation.session_id;
  const slot = slotId ? await repo.findSlot(ctx.db, event.id, slotId) : undefined;
  if (!slot) throw AppError.notFound('Time slot not found');
  if (new Date(slot.sdt) <= now) throw AppError.conflict('This time slot has already started');
  const sdt = new Date(slot.sdt);
  const edt = new Date(slot.edt);
  const row = await ctx.db.transaction().execute(async (trx) => {
    // The meeting first, then its people's agendas, then the request: the order a cancellation
    // (meeting, then its open requests) and an added guest (meeting, then the guest's agenda) take,
    // so none of them deadlocks with this, and the people read are those of the meeting as it is.
    const meeting = await repo.findMeeting(trx, event.id, invitation.meeting_id, 'lock');
    const people = (await repo.meetingPeople(trx, [invitation.meeting_id])).filter((p) => p.active);
    await lockPeople(
      trx,
      people.map((p) => p.participant_id),
    );
    const current = await repo.lockInvitation(trx, invitation.id);
    if (current?.state !== 'waiting') throw notWaiting();
    if (!meeting || meeting.status === 'cancelled') throw AppError.conflict('This meeting was cancelled');
    await assertFree(
      trx,
      people.map((p) => ({
        id: p.participant_id,
        label: p.participant_id === me.id ? 'You are' : 'The other person is',
      })),
      sdt,
      edt,
      meeting.id,
    );
    // A new time is a new table (issue 15): the old number may be someone else's then.
    const tableNumber =
      meeting.table_number === null ? null : await freeTable(trx, event.id, sdt, meeting.id);
    await changes.moveMeeting(trx, meeting.id, {
      sdt,
      edt,
      slotId: slot.id,
      executorId: me.id,
      at: now,
      tableNumber,
    });
    try {
      await changes.moveMeetingPeople(trx, meeting.id, sdt, edt);
    } catch (error) {
      if (isUniqueViolation(error)) throw slotNotFree('Someone is');
      throw error;
    }
    const accepted = await repo.updateInvitation(trx, current.id, {
      state: 'accepted',
      session_id: slot.id,
      proposed_sdt: sdt,
      proposed_edt: edt,
      response_message: input.message || null,
      responded_by: me.id,
      responded_at: now,
      updated_at: now,
    });
    await emitMeetingEvent(deps, trx, {
      type: 'confirm_reschedule_invitation',
      eventId: event.id,
      recipients: people.map((p) => p.participant_id).filter((id) => id !== me.id),
      actorId: me.id,
      invitationId: current.id,
      meetingId: meeting.id,
      message: input.message ?? null,
    });
    return accepted;
  });
  return one(deps, row, me.id);
}

/** POST /event/schedule/rejectReschedule (E7.21): declined; the meeting stays where it was. */
export async function rejectReschedule(
  deps: MeetingDeps,
  userId: number,
  input: { eventId: number; invitationId: number; message?: string | undefined },
): Promise<Invitation> {
  return closeReschedule(deps, userId, input, 'rejected');
}

/** POST /event/schedule/revokeReschedule (E7.19, E4.26): the requester withdraws it. */
export async function revokeReschedule(
  deps: MeetingDeps,
  userId: number,
  input: { eventId: number; invitationId: number },
): Promise<Invitation> {
  return closeReschedule(deps, userId, input, 'revoked');
}

async function closeReschedule(
  deps: MeetingDeps,
  userId: number,
  input: { eventId: number; invitationId: number; message?: string | undefined },
  state: 'rejected' | 'revoked',
): Promise<Invitation> {
  const { ctx } = deps;
  const { event, me } = await requireMembership(ctx.db, input.eventId, userId);
  const invitation = await openReschedule(deps, event.id, input.invitationId);
  const allowed =
    state === 'revoked' ? invitation.from_participant_id === me.id : invitation.to_participant_id === me.id;
  if (!allowed) {
    throw AppError.forbidden(
      state === 'revoked' ? 'Only the requester can revoke' : 'Only the other person can decline',
    );
  }
  const now = ctx.now();
  const message = state === 'rejected' ? input.message || DEFAULT_RESCHEDULE_DECLINE_MESSAGE : null;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockInvitation(trx, invitation.id);
    if (current?.state !== 'waiting') throw notWaiting();
    const closed = await repo.updateInvitation(trx, current.id, {
      state,
      response_message: message,
      responded_by: me.id,
      responded_at: now,
      updated_at: now,
    });
    await emitMeetingEvent(deps, trx, {
      type: state === 'rejected' ? 'reject_invite_reschedule' : 'revoke_reschedule_invitation',
      eventId: event.id,
      recipients: [state === 'rejected' ? current.from_participant_id : current.to_participant_id],
      actorId: me.id,
      invitationId: current.id,
      meetingId: current.meeting_id,
      message,
    });
    return closed;
  });
  return one(deps, row, me.id);
}
