import {
  DEFAULT_DECLINE_MESSAGE,
  DEFAULT_INVITATION_MESSAGE,
  type Invitation,
  MeetingErrorCode,
  partitionInvitations,
} from '@foyer/contract';
import { AppError } from '../../http/errors';
import { requireMembership } from '../access/event-access';
import { requireLiveParticipant } from '../participants/live-participant';
import { findParticipant, staffBoothId, viewerContext } from '../participants/participants.service';
import { assertMaySee, seerOf } from '../participants/visibility';
import { assertFree, createMeeting, lockPeople, meetsAtTable } from './booking';
import { emitMeetingEvent, type MeetingDeps } from './meetings.events';
import {
  assertBelowLimit,
  assertEventOpen,
  assertMeetingsOn,
  hasMeeting,
  mayRespond,
  notWaiting,
} from './meetings.policy';
import { presentInvitations } from './meetings.present';
import * as repo from './meetings.repository';

export type { MeetingDeps };

const label = (p: { name: string; surname: string }) => `${p.name} ${p.surname}`.trim();

async function one(deps: MeetingDeps, row: repo.InvitationRow, viewerId: number): Promise<Invitation> {
  const [invitation] = await presentInvitations(deps.ctx.db, [row], viewerId);
  return invitation as Invitation;
}

/**
 * POST /event/schedule/join with toType participant (E7.11). Sending again while the request is
 * open edits its message (E4.23).
 */
export async function sendInvitation(
  deps: MeetingDeps,
  userId: number,
  input: {
    eventId: number;
    toId: number;
    toAll?: boolean | undefined;
    message?: string | undefined;
    suggestedSessionIds?: number[] | undefined;
  },
): Promise<Invitation> {
  const { ctx } = deps;
  const { event, me } = await requireMembership(ctx.db, input.eventId, userId);
  assertEventOpen(event, ctx.now());
  assertMeetingsOn(event);
  const target = await requireLiveParticipant(ctx.db, event.id, input.toId); // E3.02
  const viewer = await viewerContext(ctx.db, event, me);
  if (!viewer.canInviteRow(target)) {
    throw new AppError(403, MeetingErrorCode.NotInvitable, 'You cannot send this person a meeting request');
  }
  // Not to a hidden profile one only knows the id of (the answer would show their name, E6.01).
  await assertMaySee(ctx.db, await seerOf(ctx.db, event, me), target, () =>
    AppError.notFound('Participant not found'),
  );
  const message = input.message || DEFAULT_INVITATION_MESSAGE;
  const now = ctx.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockPeople(trx, [me.id, target.id]);
    // Issue 15: the slots the sender suggests must be this event's, ahead, and free for both now.
    const suggested = input.suggestedSessionIds ?? [];
    for (const sessionId of suggested) {
      const slot = await repo.findSlot(trx, event.id, sessionId);
      if (!slot) throw AppError.notFound('Time slot not found');
      if (new Date(slot.sdt) <= now) throw AppError.conflict('This time slot has already started');
      await assertFree(
        trx,
        [
          { id: me.id, label: label(me) },
          { id: target.id, label: label(target) },
        ],
        new Date(slot.sdt),
        new Date(slot.edt),
      );
    }
    const suggestion = input.suggestedSessionIds ? { suggested_session_ids: suggested } : {};
    const [open] = await repo.joinInvitations(trx, me.id, target.id, 'waiting');
    if (open) return repo.updateInvitation(trx, open.id, { message, updated_at: now, ...suggestion });
    if ((await repo.joinInvitations(trx, me.id, target.id, 'rejected')).length > 0) {
      throw new AppError(409, MeetingErrorCode.InvitationDeclined, 'This person declined your request'); // E4.22
    }
    if (await repo.liveMeetingBetween(trx, me.id, target.id, now)) throw hasMeeting();
    if ((await repo.joinInvitations(trx, target.id, me.id, 'waiting')).length > 0) {
      throw new AppError(409, MeetingErrorCode.InvitationPending, 'This person already sent you a request');
    }
    if (!me.organizer) await assertBelowLimit(trx, me, { countWaitingSent: true });
    const created = await repo.insertInvitation(trx, {
      event_id: event.id,
      type: 'join',
      from_participant_id: me.id,
      to_participant_id: target.id,
      to_booth_id: staffBoothId(target),
      to_all: input.toAll ?? false,
      message,
      suggested_session_ids: suggested,
    });
    await emitMeetingEvent(deps, trx, {
      type: 'participant_meet_invitation',
      eventId: event.id,
      recipients: [target.id],
      actorId: me.id,
      invitationId: created.id,
      message,
    });
    return created;
  });
  return one(deps, row, me.id);
}

/** POST /event/schedule/confirm (E7.22, E4.20): accept by choosing a slot; the meeting is booked. */
export async function confirmInvitation(
  deps: MeetingDeps,
  userId: number,
  input: {
    eventId: number;
    invitationId: number;
    sessionId: number;
    message?: string | undefined;
    asParticipantId?: number | undefined;
  },
): Promise<Invitation> {
  const { ctx } = deps;
  const { event, me } = await requireMembership(ctx.db, input.eventId, userId);
  const now = ctx.now();
  assertEventOpen(event, now);
  const invitation = await repo.findInvitation(ctx.db, event.id, input.invitationId);
  if (invitation?.type !== 'join') throw AppError.notFound('Invitation not found');
  if (!mayRespond(me, invitation)) throw AppError.forbidden('You cannot answer this invitation');
  // A colleague may take a company request themselves (asParticipantId = self) or confirm it for the addressee.
  const acceptorId = input.asParticipantId ?? invitation.to_participant_id;
  const acceptor = acceptorId === me.id ? me : await findParticipant(ctx.db, event.id, acceptorId);
  if (!acceptor) throw AppError.notFound('Participant not found');
  const colleague = invitation.to_booth_id !== null && staffBoothId(acceptor) === invitation.to_booth_id;
  if (acceptor.id !== invitation.to_participant_id && !colleague) {
    throw AppError.forbidden('Only the invited person or their booth colleagues can take this meeting');
  }
  const sender = await findParticipant(ctx.db, event.id, invitation.from_participant_id);
  if (!sender) throw AppError.notFound('The sender is no longer in this event');
  // A request to a booth its sender has since joined: nobody meets themselves.
  if (sender.id === acceptor.id) throw AppError.forbidden('You cannot accept your own request');
  const slot = await repo.findSlot(ctx.db, event.id, input.sessionId);
  if (!slot) throw AppError.notFound('Time slot not found');
  if (new Date(slot.sdt) <= now) throw AppError.conflict('This time slot has already started');

  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockPeople(trx, [sender.id, acceptor.id]);
    // Checked again on their held rows: removed from the event while this waited, nobody meets them.
    const live = await repo.holdLivePeople(trx, event.id, [sender.id, acceptor.id]);
    if (!live.has(sender.id)) throw AppError.notFound('The sender is no longer in this event');
    if (!live.has(acceptor.id)) throw AppError.notFound('Participant not found');
    const current = await repo.lockInvitation(trx, invitation.id);
    if (current?.state !== 'waiting') throw notWaiting();
    if (await repo.liveMeetingBetween(trx, sender.id, acceptor.id, now)) throw hasMeeting(); // E4.27
    await assertBelowLimit(trx, acceptor, { countWaitingSent: false });
    await assertBelowLimit(trx, sender, { countWaitingSent: false });
    const sdt = new Date(slot.sdt);
    const edt = new Date(slot.edt);
    await assertFree(
      trx,
      [
        { id: acceptor.id, label: acceptor.id === me.id ? 'You are' : `${label(acceptor)} is` },
        { id: sender.id, label: `${label(sender)} is` },
      ],
      sdt,
      edt,
    );
    const meeting = await createMeeting(
      trx,
      {
        event_id: event.id,
        slot_session_id: slot.id,
        sdt,
        edt,
        executor_id: me.id,
        message: input.message ?? '',
      },
      [
        { id: sender.id, role: 'host' },
        { id: acceptor.id, role: 'host' },
      ],
      { atTable: meetsAtTable(event) },
    );
    const accepted = await repo.updateInvitation(trx, current.id, {
      state: 'accepted',
      meeting_id: meeting.id,
      session_id: slot.id,
      to_participant_id: acceptor.id,
      response_message: input.message || null,
      responded_by: me.id,
      responded_at: now,
      updated_at: now,
    });
    await repo.processWaitingBetween(trx, sender.id, acceptor.id, current.id, now);
    await emitMeetingEvent(deps, trx, {
      type: 'confirm_participant_invitation',
      eventId: event.id,
      recipients: [sender.id, acceptor.id].filter((id) => id !== me.id),
      actorId: me.id,
      invitationId: current.id,
      meetingId: meeting.id,
      message: input.message ?? null,
    });
    return accepted;
  });
  return one(deps, row, me.id);
}

/** POST /event/schedule/reject (E7.20, E4.21): decline with an optional note (E5.15). */
export async function rejectInvitation(
  deps: MeetingDeps,
  userId: number,
  input: { eventId: number; invitationId: number; message?: string | undefined },
): Promise<Invitation> {
  const { ctx } = deps;
  const { event, me } = await requireMembership(ctx.db, input.eventId, userId);
  const invitation = await repo.findInvitation(ctx.db, event.id, input.invitationId);
  if (invitation?.type !== 'join') throw AppError.notFound('Invitation not found');
  if (invitation.from_participant_id === me.id || !mayRespond(me, invitation)) {
    throw AppError.forbidden('You cannot decline this invitation');
  }
  const sender = await findParticipant(ctx.db, event.id, invitation.from_participant_id);
  const myBooth = staffBoothId(me);
  if (sender && myBooth !== null && staffBoothId(sender) === myBooth) {
    throw AppError.forbidden('You cannot decline a request from your own booth'); // E5.18
  }
  const now = ctx.now();
  const message = input.message || DEFAULT_DECLINE_MESSAGE;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockInvitation(trx, invitation.id);
    if (current?.state !== 'waiting') throw notWaiting();
    const rejected = await repo.updateInvitation(trx, current.id, {
      state: 'rejected',
      response_message: message,
      responded_by: me.id,
      responded_at: now,
      updated_at: now,
    });
    await emitMeetingEvent(deps, trx, {
      type: 'reject_participant_invite',
      eventId: event.id,
      recipients: [current.from_participant_id],
      actorId: me.id,
      invitationId: current.id,
      message,
    });
    return rejected;
  });
  return one(deps, row, me.id);
}

/** POST /event/schedule/revoke (E7.18, E4.24): the sender withdraws an open request. */
export async function revokeInvitation(
  deps: MeetingDeps,
  userId: number,
  input: { eventId: number; invitationId: number },
): Promise<Invitation> {
  const { ctx } = deps;
  const { event, me } = await requireMembership(ctx.db, input.eventId, userId);
  const invitation = await repo.findInvitation(ctx.db, event.id, input.invitationId);
  if (invitation?.type !== 'join') throw AppError.notFound('Invitation not found');
  if (invitation.from_participant_id !== me.id) throw AppError.forbidden('Only the sender can revoke');
  const now = ctx.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockInvitation(trx, invitation.id);
    if (current?.state !== 'waiting') throw notWaiting();
    const revoked = await repo.updateInvitation(trx, current.id, { state: 'revoked', updated_at: now });
    await emitMeetingEvent(deps, trx, {
      type: 'revoke_participant_invitation',
      eventId: event.id,
      recipients: [current.to_participant_id],
      actorId: me.id,
      invitationId: current.id,
    });
    return revoked;
  });
  return one(deps, row, me.id);
}

/** GET /event/invitations: everything I sent, received, or my booth received, split by E2.33/E2.34. */
export async function listInvitations(deps: MeetingDeps, userId: number, eventId: number) {
  const { ctx } = deps;
  const { me } = await requireMembership(ctx.db, eventId, userId);
  const booth = staffBoothId(me);
  const rows = await repo.invitationsOf(ctx.db, eventId, me.id, booth);
  const invitations = await presentInvitations(ctx.db, rows, me.id);
  const parts = partitionInvitations(invitations, { participantId: me.id, boothId: booth }, ctx.now());
  return { invitations, ...parts, badge: parts.received.live.length + parts.company.live.length };
}
