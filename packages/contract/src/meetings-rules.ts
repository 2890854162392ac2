import type { InvitationSegment, MeetingDetails, MeetingStatus, UpcomingState } from './meetings';
import type { Invitation, SegmentViewer } from './meetings-invitations';

/**
 * Meeting and invitation rules that need no schema (time windows, live or past, segments): the
 * signed-in frame's badges use them without loading the validation library; the schemas are in
 * meetings.ts and meetings-invitations.ts.
 */

export const MEETING_START_WINDOW_MS = 5 * 60_000; // E4.53: check-in, ping and join open 5 minutes before
export const INVITATION_LIVE_AFTER_END_MS = 86_400_000; // E4.05, E9.10
export const MEETING_VALID_AFTER_END_MS = 86_400_000; // E9.09: a finished meeting stays valid 24 h

const ms = (value: string | Date) => (typeof value === 'string' ? Date.parse(value) : value.getTime());

/** E4.28–E4.31. */
export function upcomingState(sdt: string | Date, edt: string | Date, now: Date): UpcomingState {
  const t = now.getTime();
  if (ms(edt) <= t) return 'expired';
  if (ms(sdt) <= t) return 'started';
  if (ms(sdt) - t < MEETING_START_WINDOW_MS) return 'starting';
  return 'notstarted';
}

/** E4.53: check-in, ping and join are open from 5 minutes before the start until the end. */
export function isInStartWindow(sdt: string | Date, edt: string | Date, now: Date): boolean {
  const t = now.getTime();
  return t >= ms(sdt) - MEETING_START_WINDOW_MS && t < ms(edt);
}

/**
 * E9.09, E4.12: a meeting that is not cancelled stays valid until 24 hours after its end: until then
 * it is the meeting between the two (the card shows it, finished, and no second invitation starts);
 * after that it counts as none.
 */
export function isMeetingValid(meeting: { status: MeetingStatus; edt: string | Date }, now: Date): boolean {
  return meeting.status !== 'cancelled' && now.getTime() < ms(meeting.edt) + MEETING_VALID_AFTER_END_MS;
}

/** E9.09: the earliest end a meeting may have to be still valid at `now` (for queries). */
export function meetingValidEndAfter(now: Date): Date {
  return new Date(now.getTime() - MEETING_VALID_AFTER_END_MS);
}

/** E4.04–E4.07. */
export function isInvitationLive(
  invitation: Pick<Invitation, 'state' | 'edt' | 'opponentParticipant'> & {
    meetingDetails: Pick<MeetingDetails, 'edt' | 'status'> | null;
  },
  now: Date,
): boolean {
  if (invitation.state !== 'waiting' || !invitation.opponentParticipant) return false;
  if (invitation.edt && ms(invitation.edt) < now.getTime() - INVITATION_LIVE_AFTER_END_MS) return false;
  const meeting = invitation.meetingDetails;
  if (meeting && ms(meeting.edt) <= now.getTime()) return false;
  return true;
}

/** E4.08–E4.10, E6.24. */
export function invitationSegment(
  invitation: Pick<Invitation, 'fpid' | 'tpid' | 'toBoothId'>,
  viewer: SegmentViewer,
): InvitationSegment {
  if (invitation.fpid === viewer.participantId) return 'sent';
  const staffOfTarget = viewer.boothId !== null && invitation.toBoothId === viewer.boothId;
  if (staffOfTarget && invitation.tpid !== viewer.participantId) return 'company';
  return 'received';
}

export type Partitioned<T> = Record<InvitationSegment, { live: T[]; past: T[] }>;

/**
 * E2.33, E2.34: invitations in sent/received/company, each split live/past. A booth owner's
 * invitations to their own booth colleagues are left out (E6.20).
 */
export function partitionInvitations<T extends Invitation>(
  invitations: readonly T[],
  viewer: SegmentViewer,
  now: Date,
): Partitioned<T> {
  const result: Partitioned<T> = {
    sent: { live: [], past: [] },
    received: { live: [], past: [] },
    company: { live: [], past: [] },
  };
  for (const invitation of invitations) {
    const colleague =
      invitation.toBoothId !== null &&
      invitation.opponentParticipant?.boothId === invitation.toBoothId &&
      invitation.fpid !== invitation.tpid &&
      invitation.toBoothId === viewer.boothId;
    if (colleague) continue;
    const segment = invitationSegment(invitation, viewer);
    result[segment][isInvitationLive(invitation, now) ? 'live' : 'past'].push(invitation);
  }
  return result;
}

/** E9 "invitations badge": live received and company invitations waiting for me. */
export function invitationsBadgeCount(
  invitations: readonly Invitation[],
  viewer: SegmentViewer,
  now: Date,
): number {
  const parts = partitionInvitations(invitations, viewer, now);
  return parts.received.live.length + parts.company.live.length;
}

/** Slot overlap: half-open intervals, so back-to-back meetings do not collide (E5.11). */
export function overlaps(
  a: { sdt: string | Date; edt: string | Date },
  b: { sdt: string | Date; edt: string | Date },
) {
  return ms(a.sdt) < ms(b.edt) && ms(b.sdt) < ms(a.edt);
}
