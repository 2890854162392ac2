import { DEFAULT_CANCEL_MESSAGE, isInStartWindow, type Meeting, MeetingErrorCode } from '@foyer/contract';
import { AppError } from '../../http/errors';
import { hasRight, requireMembership } from '../access/event-access';
import { requireLiveParticipant } from '../participants/live-participant';
import { findParticipant } from '../participants/participants.service';
import { assertMaySee, seerOf } from '../participants/visibility';
import { assertFree, lockPeople } from './booking';
import * as changes from './meeting-changes.repository';
import { emitMeetingEvent, type MeetingDeps } from './meetings.events';
import { assertEventOpen } from './meetings.policy';
import { presentMeetings } from './meetings.present';
import * as repo from './meetings.repository';

export const label = (p: { name: string; surname: string }) => `${p.name} ${p.surname}`.trim();

export async function present(deps: MeetingDeps, meetingId: number, viewerId: number): Promise<Meeting> {
  const { ctx } = deps;
  const row = await changes.getMeeting(ctx.db, meetingId);
  const [meeting] = await presentMeetings(ctx.db, [row], viewerId, ctx.now(), ctx.config.videoUrlTemplate);
  return meeting as Meeting;
}

/** The meeting from an invitation id or a meeting id (sessionId in the spec's calls). */
async function resolveMeeting(
  deps: MeetingDeps,
  eventId: number,
  ref: { invitationId?: number | undefined; meetingId?: number | undefined },
) {
  let meetingId = ref.meetingId;
  if (ref.invitationId !== undefined) {
    const invitation = await repo.findInvitation(deps.ctx.db, eventId, ref.invitationId);
    meetingId = invitation?.meeting_id ?? undefined;
  }
  const meeting = meetingId ? await repo.findMeeting(deps.ctx.db, eventId, meetingId) : undefined;
  if (!meeting) throw AppError.notFound('Meeting not found');
  return meeting;
}

/**
 * POST /event/schedule/leave with invitationId (E7.09): a host cancels the meeting for everyone;
 * a guest only leaves it (E6.28).
 */
export async function cancelMeeting(
  deps: MeetingDeps,
  userId: number,
  input: {
    eventId: number;
    invitationId?: number | undefined;
    sessionId?: number | undefined;
    message?: string | undefined;
  },
): Promise<Meeting> {
  const { ctx } = deps;
  const { event, me } = await requireMembership(ctx.db, input.eventId, userId);
  if (input.invitationId === undefined && input.sessionId === undefined) {
    throw AppError.badRequest('invitationId: required', { invitationId: 'validation.error.required' });
  }
  const meeting = await resolveMeeting(deps, event.id, {
    invitationId: input.invitationId,
    meetingId: input.sessionId,
  });
  const now = ctx.now();
  const message = input.message || DEFAULT_CANCEL_MESSAGE; // E5.21
  await ctx.db.transaction().execute(async (trx) => {
    // The meeting held first, its people read after: a guest added or gone meanwhile is (not) told.
    const current = await changes.lockMeetingStatus(trx, meeting.id);
    const people = await repo.meetingPeople(trx, [meeting.id]);
    const mine = people.find((p) => p.participant_id === me.id && p.active);
    if (!mine) throw AppError.forbidden('You are not part of this meeting');
    if (current === 'cancelled') throw AppError.conflict('This meeting is already cancelled');
    const others = people.filter((p) => p.active && p.participant_id !== me.id).map((p) => p.participant_id);
    if (mine.role === 'guest') {
      await changes.leaveMeeting(trx, meeting.id, me.id);
      await emitMeetingEvent(deps, trx, {
        type: 'meeting_guest_left',
        eventId: event.id,
        recipients: others,
        actorId: me.id,
        meetingId: meeting.id,
        message,
      });
      return;
    }
    await changes.cancelMeetingRows(trx, meeting.id, { executorId: me.id, message, at: now });
    await emitMeetingEvent(deps, trx, {
      type: 'cancel_meeting',
      eventId: event.id,
      recipients: others,
      actorId: me.id,
      meetingId: meeting.id,
      message,
    });
  });
  return present(deps, meeting.id, me.id);
}

/** POST /event/meeting/addGuest (E7.15 for meetings; E6.28–E6.31). */
export async function addGuest(
  deps: MeetingDeps,
  userId: number,
  input: {
    eventId: number;
    sessionId: number;
    participantId: number;
    message?: string | undefined;
    behalfOf?: number | undefined;
  },
): Promise<Meeting> {
  const { ctx } = deps;
  const { event, me } = await requireMembership(ctx.db, input.eventId, userId);
  const now = ctx.now();
  assertEventOpen(event, now);
  const meeting = await resolveMeeting(deps, event.id, { meetingId: input.sessionId });
  if (meeting.status === 'cancelled' || new Date(meeting.edt) <= now) {
    throw AppError.conflict('This meeting is over'); // E6.30
  }
  const actorId = input.behalfOf ?? me.id;
  if (actorId !== me.id && !hasRight(me, 'onbehalfmeeting'))
    throw AppError.forbidden('You cannot act for this person');
  const actor = actorId === me.id ? me : await findParticipant(ctx.db, event.id, actorId);
  if (!actor) throw AppError.notFound('Participant not found');
  const guest = await requireLiveParticipant(ctx.db, event.id, input.participantId); // E3.02
  // A hidden profile, or one of a type the caller may not see (E6.01, E6.17), known only by its id
  // is "not found": added, the meeting would name them to the caller and take their time.
  await assertMaySee(ctx.db, await seerOf(ctx.db, event, me), guest, () =>
    AppError.notFound('Participant not found'),
  );
  if (actor.type_id !== null) {
    if (await changes.guestsDisabledFor(ctx.db, actor.type_id))
      throw AppError.forbidden('Your participant type cannot add guests'); // E6.31
  }
  await ctx.db.transaction().execute(async (trx) => {
    // The meeting as it is now, held until the commit: a reschedule accepted, a cancellation or
    // another guest added meanwhile is seen (read before, the guest got the old time, and two
    // guests added at once could pass a full table's check side by side).
    const current = await repo.findMeeting(trx, event.id, meeting.id, 'lock');
    if (!current || current.status === 'cancelled' || new Date(current.edt) <= now) {
      throw AppError.conflict('This meeting is over'); // E6.30
    }
    const people = await repo.meetingPeople(trx, [meeting.id]);
    const active = people.filter((p) => p.active);
    const host = active.find((p) => p.participant_id === actor.id);
    if (host?.role !== 'host') throw AppError.forbidden('Only a host can add a guest'); // E6.29
    if (active.some((p) => p.participant_id === guest.id)) throw AppError.conflict('Already in this meeting');
    const seats = current.capacity ?? Number.POSITIVE_INFINITY;
    if (active.length >= seats) throw new AppError(409, MeetingErrorCode.TableFull, 'This table is full');
    await lockPeople(trx, [guest.id]);
    if (!(await repo.holdLivePeople(trx, event.id, [guest.id])).has(guest.id)) {
      throw AppError.notFound('Participant not found'); // removed from the event while this waited
    }
    await assertFree(
      trx,
      [{ id: guest.id, label: `${label(guest)} is` }],
      new Date(current.sdt),
      new Date(current.edt),
    );
    await changes.addMeetingGuest(trx, current, guest.id);
    await emitMeetingEvent(deps, trx, {
      type: 'meeting_guest_added',
      eventId: event.id,
      recipients: [guest.id, ...active.map((p) => p.participant_id)].filter((id) => id !== me.id),
      actorId: me.id,
      meetingId: meeting.id,
      message: input.message ?? null,
    });
  });
  return present(deps, meeting.id, me.id);
}

/** POST /event/meeting/checkIn and /ping (E4.53): only from 5 minutes before the start to the end. */
export async function meetingPresence(
  deps: MeetingDeps,
  userId: number,
  input: { eventId: number; meetingId: number },
  action: 'checkIn' | 'ping',
): Promise<Meeting> {
  const { ctx } = deps;
  const { event, me } = await requireMembership(ctx.db, input.eventId, userId);
  const meeting = await resolveMeeting(deps, event.id, { meetingId: input.meetingId });
  const now = ctx.now();
  const people = (await repo.meetingPeople(ctx.db, [meeting.id])).filter((p) => p.active);
  if (!people.some((p) => p.participant_id === me.id))
    throw AppError.forbidden('You are not part of this meeting');
  if (meeting.status === 'cancelled' || !isInStartWindow(meeting.sdt, meeting.edt, now)) {
    throw new AppError(409, MeetingErrorCode.OutsideStartWindow, 'The meeting has not started yet');
  }
  await ctx.db.transaction().execute(async (trx) => {
    if (action === 'checkIn') {
      await changes.markCheckedIn(trx, meeting.id, me.id, now);
    }
    await emitMeetingEvent(deps, trx, {
      type: 'meeting_ping',
      eventId: event.id,
      recipients: people.map((p) => p.participant_id).filter((id) => id !== me.id),
      actorId: me.id,
      meetingId: meeting.id,
      message: action,
    });
  });
  return present(deps, meeting.id, me.id);
}

/** GET /event/meetings: my meetings by start, cancelled ones included (E4.11). */
export async function listMeetings(deps: MeetingDeps, userId: number, eventId: number): Promise<Meeting[]> {
  const { ctx } = deps;
  const { me } = await requireMembership(ctx.db, eventId, userId);
  const rows = await repo.meetingsOf(ctx.db, eventId, me.id);
  return presentMeetings(ctx.db, rows, me.id, ctx.now(), ctx.config.videoUrlTemplate);
}
