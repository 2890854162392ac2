import { type Meeting, MeetingErrorCode, TABLE_SEATS } from '@foyer/contract';
import { AppError } from '../../http/errors';
import { hasRight, requireMembership } from '../access/event-access';
import { findBooth } from '../booths/booths.service';
import { requireLiveParticipant } from '../participants/live-participant';
import { assertMaySee, seerOf } from '../participants/visibility';
import { assertFree, createMeeting, lockPeople, meetsAtTable } from './booking';
import { label, present } from './meeting-actions.service';
import { emitMeetingEvent, type MeetingDeps } from './meetings.events';
import { assertEventOpen, assertMeetingsOn, hasMeeting } from './meetings.policy';
import * as repo from './meetings.repository';

/** POST /event/schedule/prebook (E7.12): an organizer's helper books a meeting for two people (E6.10). */
export async function prebookMeeting(
  deps: MeetingDeps,
  userId: number,
  input: {
    eventId: number;
    sessionId: number;
    fromParticipantId: number;
    toParticipantId: number;
    message?: string | undefined;
  },
): Promise<Meeting> {
  const { ctx } = deps;
  const { event, me } = await requireMembership(ctx.db, input.eventId, userId);
  if (!hasRight(me, 'onbehalfmeeting')) throw AppError.forbidden('You cannot pre-book meetings');
  const now = ctx.now();
  assertEventOpen(event, now);
  assertMeetingsOn(event);
  if (input.fromParticipantId === input.toParticipantId)
    throw AppError.badRequest('Choose two different people');
  // Organizers see deleted accounts in their lists (E3.02): booking one says so.
  const [from, to] = await Promise.all([
    requireLiveParticipant(ctx.db, event.id, input.fromParticipantId),
    requireLiveParticipant(ctx.db, event.id, input.toParticipantId),
  ]);
  const slot = await repo.findSlot(ctx.db, event.id, input.sessionId);
  if (!slot) throw AppError.notFound('Time slot not found'); // E5.12, E5.13
  if (new Date(slot.sdt) <= now) throw AppError.conflict('This time slot has already started');
  const meetingId = await ctx.db.transaction().execute(async (trx) => {
    await lockPeople(trx, [from.id, to.id]);
    // Checked again on their held rows: one removed from the event while this waited is not booked.
    const live = await repo.holdLivePeople(trx, event.id, [from.id, to.id]);
    if (!live.has(from.id) || !live.has(to.id)) throw AppError.notFound('Participant not found');
    if (await repo.liveMeetingBetween(trx, from.id, to.id, now)) throw hasMeeting();
    const sdt = new Date(slot.sdt);
    const edt = new Date(slot.edt);
    await assertFree(
      trx,
      [
        { id: from.id, label: `${label(from)} is` },
        { id: to.id, label: `${label(to)} is` },
      ],
      sdt,
      edt,
    );
    const message = input.message ?? '';
    const meeting = await createMeeting(
      trx,
      {
        event_id: event.id,
        slot_session_id: slot.id,
        sdt,
        edt,
        executor_id: me.id,
        message,
        pre_booked: true,
      },
      [
        { id: from.id, role: 'host' },
        { id: to.id, role: 'host' },
      ],
      { atTable: meetsAtTable(event) },
    );
    const invitation = await repo.insertInvitation(trx, {
      event_id: event.id,
      type: 'join',
      state: 'accepted',
      from_participant_id: from.id,
      to_participant_id: to.id,
      meeting_id: meeting.id,
      session_id: slot.id,
      message,
      responded_by: me.id,
      responded_at: now,
    });
    await repo.processWaitingBetween(trx, from.id, to.id, invitation.id, now);
    await emitMeetingEvent(deps, trx, {
      type: 'confirm_participant_invitation',
      eventId: event.id,
      recipients: [from.id, to.id],
      actorId: me.id,
      invitationId: invitation.id,
      meetingId: meeting.id,
      message,
    });
    return meeting.id;
  });
  return present(deps, meetingId, me.id);
}

/** POST /event/schedule/reserveTable (E6.11): a popup table of 8 seats at a slot. */
export async function reserveTable(
  deps: MeetingDeps,
  userId: number,
  input: {
    eventId: number;
    sessionId: number;
    boothId?: number | undefined;
    participantIds?: number[] | undefined;
    message?: string | undefined;
  },
): Promise<Meeting> {
  const { ctx } = deps;
  const { event, me } = await requireMembership(ctx.db, input.eventId, userId);
  if (!hasRight(me, 'reserveatable')) throw AppError.forbidden('You cannot reserve a table');
  const now = ctx.now();
  assertEventOpen(event, now);
  assertMeetingsOn(event);
  const slot = await repo.findSlot(ctx.db, event.id, input.sessionId);
  if (!slot) throw AppError.notFound('Time slot not found'); // E5.12
  if (new Date(slot.sdt) <= now) throw AppError.conflict('This time slot has already started');
  if (input.boothId !== undefined) {
    const booth = await findBooth(ctx.db, event.id, input.boothId);
    if (!booth) throw AppError.notFound('Booth not found');
  }
  const guestIds = [...new Set(input.participantIds ?? [])].filter((id) => id !== me.id);
  if (guestIds.length + 1 > TABLE_SEATS)
    throw new AppError(409, MeetingErrorCode.TableFull, 'A table has 8 seats');
  const guests = await Promise.all(guestIds.map((id) => requireLiveParticipant(ctx.db, event.id, id)));
  // E6.01, E6.17: nobody the host may not see, known only by an id (the table would name them).
  const seer = await seerOf(ctx.db, event, me);
  for (const guest of guests) {
    await assertMaySee(ctx.db, seer, guest, () => AppError.notFound('Participant not found'));
  }
  const meetingId = await ctx.db.transaction().execute(async (trx) => {
    const everyone = [me, ...guests.filter((g) => g !== undefined)];
    await lockPeople(
      trx,
      everyone.map((p) => p.id),
    );
    await assertFree(
      trx,
      everyone.map((p) => ({ id: p.id, label: p.id === me.id ? 'You are' : `${label(p)} is` })),
      new Date(slot.sdt),
      new Date(slot.edt),
    );
    const meeting = await createMeeting(
      trx,
      {
        event_id: event.id,
        kind: 'table',
        slot_session_id: slot.id,
        sdt: slot.sdt,
        edt: slot.edt,
        executor_id: me.id,
        message: input.message ?? '',
        booth_id: input.boothId ?? null,
        capacity: TABLE_SEATS,
      },
      everyone.map((p) => ({ id: p.id, role: p.id === me.id ? 'host' : 'guest' })),
    );
    await emitMeetingEvent(deps, trx, {
      type: 'meeting_guest_added',
      eventId: event.id,
      recipients: guestIds,
      actorId: me.id,
      meetingId: meeting.id,
      message: input.message ?? null,
    });
    return meeting.id;
  });
  return present(deps, meetingId, me.id);
}
