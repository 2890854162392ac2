import { isEventFinished, MeetingErrorCode } from '@foyer/contract';
import type { Executor } from '../../db/executor';
import type { EventRow, ParticipantRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { hasRight } from '../access/event-access';
import { staffBoothId } from '../participants/participants.service';
import type { InvitationRow } from './meetings.repository';
import { countMeetings, countWaitingSent, maxMeetingCountOf } from './meetings.repository';

/** Who may answer a join invitation: the addressee, their booth colleagues (company), or an organizer's helper. */
export function mayRespond(me: ParticipantRow, invitation: InvitationRow): boolean {
  if (invitation.to_participant_id === me.id) return true;
  const booth = staffBoothId(me);
  if (booth !== null && invitation.to_booth_id === booth) return true; // E4.09, E6.24
  return hasRight(me, 'onbehalfmeeting'); // E6.10
}

export function assertEventOpen(event: EventRow, now: Date): void {
  if (isEventFinished({ isFinished: event.is_finished, realEdt: event.real_edt }, now)) {
    throw AppError.conflict('The event is finished');
  }
}

/** E9.58: no new requests or pre-bookings while the organizer has switched meetings off. */
export function assertMeetingsOn(event: EventRow): void {
  if (!event.meetings_enabled) {
    throw new AppError(403, MeetingErrorCode.MeetingsOff, '1:1 meetings are switched off for this event');
  }
}

export function limitExceeded(max: number) {
  return new AppError(409, MeetingErrorCode.MeetingLimitExceeded, `Meeting limit exceeded (${max})`, {
    maxMeetingCount: String(max),
  });
}

/**
 * E4.15, E8.28: a participant type's maxMeetingCount caps the meetings a person has; requests they
 * have sent and that are still open count too when they send another.
 */
export async function assertBelowLimit(
  db: Executor,
  person: Pick<ParticipantRow, 'id' | 'type_id'>,
  options: { countWaitingSent: boolean },
): Promise<void> {
  const max = await maxMeetingCountOf(db, person.type_id);
  if (max === null) return;
  let used = await countMeetings(db, person.id);
  if (options.countWaitingSent) used += await countWaitingSent(db, person.id);
  if (used >= max) throw limitExceeded(max);
}

export async function isLimitReached(
  db: Executor,
  person: Pick<ParticipantRow, 'id' | 'type_id'>,
): Promise<boolean> {
  try {
    await assertBelowLimit(db, person, { countWaitingSent: true });
    return false;
  } catch (error) {
    if (error instanceof AppError && error.code === MeetingErrorCode.MeetingLimitExceeded) return true;
    throw error;
  }
}

export const notWaiting = () =>
  new AppError(409, MeetingErrorCode.InvitationNotWaiting, 'This invitation has already been answered');
export const hasMeeting = () =>
  new AppError(409, MeetingErrorCode.HasMeeting, 'You already have a meeting with this person');
