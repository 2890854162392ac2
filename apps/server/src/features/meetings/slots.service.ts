import {
  type MeetingStatusResult,
  meetingCardStatus,
  overlaps,
  relationState,
  type SlotDay,
  type SlotOffer,
  slotMessage,
} from '@foyer/contract';
import { DateTime } from 'luxon';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { hasRight, requireMembership } from '../access/event-access';
import { requireLiveParticipant } from '../participants/live-participant';
import { findParticipant } from '../participants/participants.service';
import { assertMaySee, maySee, seerOf } from '../participants/visibility';
import { busyOf, MEETING_SOURCE } from './booking';
import * as changes from './meeting-changes.repository';
import type { MeetingDeps } from './meetings.events';
import { isLimitReached } from './meetings.policy';
import { toPerson } from './meetings.present';
import * as repo from './meetings.repository';

/**
 * GET /event/schedule/slots (E2.46, E5.11): the meeting slots free for BOTH people — their
 * sessions, off-times and meetings all block — grouped by day in the event's time zone, with the
 * picker's message when nothing is left (E8.24–E8.26).
 */
export async function freeSlots(
  ctx: AppContext,
  userId: number,
  input: {
    eventId: number;
    participantId: number;
    meetingId?: number | undefined;
    fromParticipantId?: number | undefined;
  },
): Promise<SlotOffer> {
  const { event, me: caller } = await requireMembership(ctx.db, input.eventId, userId);
  let me = caller;
  if (input.fromParticipantId !== undefined && input.fromParticipantId !== caller.id) {
    if (!hasRight(caller, 'onbehalfmeeting')) throw AppError.forbidden('You cannot pre-book meetings'); // E6.10
    const from = await findParticipant(ctx.db, event.id, input.fromParticipantId);
    if (!from) throw AppError.notFound('Participant not found');
    me = from;
  }
  const other = await requireLiveParticipant(ctx.db, event.id, input.participantId); // E3.02
  // A hidden profile's name is not told to people who may not see it (E6.01).
  await assertMaySee(ctx.db, await seerOf(ctx.db, event, caller), other, notFound);
  const slots = await repo.listSlots(ctx.db, event.id, ctx.now());
  const name = `${other.name} ${other.surname}`.trim();
  if (slots.length === 0) {
    const inAgenda = (await repo.hasAnySlot(ctx.db, event.id)) ? 1 : 0;
    return {
      days: [],
      message: slotMessage({ inAgenda, total: 0, freeForMe: 0, freeForBoth: 0 }),
      opponentName: null,
    };
  }
  const range = {
    sdt: new Date(slots[0]?.sdt ?? 0),
    edt: new Date(Math.max(...slots.map((s) => +new Date(s.edt)))),
  };
  const notThisMeeting = (i: { kind: string; id: number }) =>
    !(i.kind === MEETING_SOURCE && i.id === input.meetingId);
  const [mine, theirs] = await Promise.all([
    busyOf(ctx.db, me.id, range).then((l) => l.filter(notThisMeeting)),
    other.id === me.id
      ? Promise.resolve([])
      : busyOf(ctx.db, other.id, range).then((l) => l.filter(notThisMeeting)),
  ]);
  const freeForMe = slots.filter((s) => !mine.some((b) => overlaps(b, s)));
  const freeForBoth = freeForMe.filter((s) => !theirs.some((b) => overlaps(b, s)));
  const days = new Map<string, SlotDay>();
  for (const s of freeForBoth) {
    const date = DateTime.fromJSDate(new Date(s.sdt), { zone: event.timezone }).toFormat('yyyy-LL-dd');
    const day = days.get(date) ?? { date, slots: [] };
    day.slots.push({
      sessionId: s.id,
      sdt: new Date(s.sdt).toISOString(),
      edt: new Date(s.edt).toISOString(),
    });
    days.set(date, day);
  }
  const message = slotMessage({
    inAgenda: slots.length,
    total: slots.length,
    freeForMe: freeForMe.length,
    freeForBoth: freeForBoth.length,
  });
  return { days: [...days.values()], message, opponentName: message === 'info' ? name : null };
}

const notFound = () => AppError.notFound('Participant not found');

/** GET /event/meeting/status: which meeting card to show for another person (E4.13–E4.16). */
export async function meetingStatus(
  deps: MeetingDeps,
  userId: number,
  input: { eventId: number; participantId: number },
): Promise<MeetingStatusResult> {
  const { ctx } = deps;
  const { event, me } = await requireMembership(ctx.db, input.eventId, userId);
  const now = ctx.now();
  const found = await findParticipant(ctx.db, input.eventId, input.participantId);
  // A hidden profile (visible false) is "not found" to whoever may not see it (E6.01): no name,
  // company, title or photo for a guessed id.
  const other = found && (await maySee(ctx.db, await seerOf(ctx.db, event, me), found)) ? found : undefined;
  const empty = {
    invitationId: null,
    meetingId: null,
    rescheduleInvitationId: null,
    maxMeetingCount: null,
    person: null,
  };
  if (!other) return { status: 'notFound', relation: 'none', ...empty };
  const [latest, meeting, limitReached, max] = await Promise.all([
    repo.latestJoinBetween(ctx.db, me.id, other.id),
    repo.liveMeetingBetween(ctx.db, me.id, other.id, now),
    isLimitReached(ctx.db, me),
    repo.maxMeetingCountOf(ctx.db, me.type_id),
  ]);
  const reschedule = meeting ? await changes.openRescheduleOf(ctx.db, meeting.id) : undefined;
  const status = meetingCardStatus({
    opponentExists: true,
    invitation: latest
      ? { me: latest.from_participant_id === me.id, state: latest.state, toBoothId: latest.to_booth_id }
      : null,
    hasMeeting: meeting !== undefined,
    reschedule: reschedule ? { me: reschedule.from_participant_id === me.id } : null,
    limitReached,
  });
  return {
    status,
    relation: relationState(status),
    invitationId: latest?.id ?? null,
    meetingId: meeting?.id ?? null,
    rescheduleInvitationId: reschedule?.id ?? null,
    maxMeetingCount: max,
    person: toPerson(other),
  };
}
