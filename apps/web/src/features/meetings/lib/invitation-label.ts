import type { Invitation } from '@foyer/contract';
import type { TranslationKey } from '../../../i18n/keys';

const STATE_COLOR: Record<string, string> = {
  waiting: 'yellow.9',
  accepted: 'green.9',
  meeting: 'green.9',
  rejected: 'red.9',
  revoked: 'gray.7',
  processed: 'gray.7',
  reschedule: 'orange.9',
  cancelled: 'red.9',
};

/**
 * What the badge says: a reschedule request's own outcome ("New time declined", issue 15: not the
 * meeting's "Cancelled"), a cancelled meeting (E4.11), or the request's state.
 */
export function invitationLabel(invitation: Invitation): { key: TranslationKey; color: string } {
  if (invitation.type === 'reschedule') {
    return { key: `meetings.rstate.${invitation.state}`, color: STATE_COLOR[invitation.state] ?? 'gray.7' };
  }
  if (invitation.meetingDetails?.status === 'cancelled') {
    return { key: 'meetings.state.cancelled', color: STATE_COLOR.cancelled ?? 'red.9' };
  }
  return { key: `meetings.state.${invitation.state}`, color: STATE_COLOR[invitation.state] ?? 'gray.7' };
}

/** The time line of a row: a reschedule request's proposed time is not (yet) the meeting's. */
export function invitationTimeKey(invitation: Invitation): TranslationKey {
  return invitation.type === 'reschedule' ? 'meetings.list.proposedAt' : 'meetings.list.meetingAt';
}
