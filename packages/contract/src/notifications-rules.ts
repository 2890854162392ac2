import { RecordType } from './realtime';

// The shapes of notifications.ts's badge schemas, declared here: the schemas import this file.
type BadgeRelationState = 'none' | 'request_meeting' | 'meeting' | 'reschedule' | 'rejected';
interface BadgeInvitation {
  segment: 'sent' | 'received' | 'company';
  status: 'live' | 'past';
  state: BadgeRelationState;
}
interface MobileMenuBadgeInput {
  liveReceivedInvitations: number;
  unseenNotifications: number;
  unseenChatMessages: number;
  anyAgendaItemLive: boolean;
}

import type { NotificationType } from './user';

/**
 * Notification rules that need no schema (list groups, badge counts, record types): the signed-in
 * frame's badges and lists use them without loading the validation library; the schemas are in
 * notifications.ts.
 */

export const NOTIFICATIONS_OVERSCAN = 10; // A9.38

/** A9.40–A9.42: how the list groups the types. */
export const notificationGroups = ['user', 'event', 'meeting'] as const;
export type NotificationGroup = (typeof notificationGroups)[number];
const USER_GROUP: readonly NotificationType[] = [
  'confirmed',
  'session_cancelled',
  'rescheduled_session',
  'invited_to_event',
];
const EVENT_GROUP: readonly NotificationType[] = ['announcement', 'poll', 'poll_finished'];

export function notificationGroup(type: NotificationType): NotificationGroup {
  if (USER_GROUP.includes(type)) return 'user';
  if (EVENT_GROUP.includes(type)) return 'event';
  return 'meeting';
}

/** Realtime record types (userRooms/{userId}; event-wide ones also on newEvents/{eventId}). */
export const NotificationRecordType = {
  /** payload: Notification. */
  Notification: RecordType.Notification,
  /** payload: NotificationCounts, after read/seen changes (keeps other tabs in step). */
  State: RecordType.NotificationState,
} as const;

/** A4.39: live received invitations + unseen notifications + unseen chat messages + 1 if any agenda item is live. */
export function mobileMenuBadge(input: MobileMenuBadgeInput): number {
  const count = (n: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);
  return (
    count(input.liveReceivedInvitations) +
    count(input.unseenNotifications) +
    count(input.unseenChatMessages) +
    (input.anyAgendaItemLive ? 1 : 0)
  );
}

/** A4.40: live received and company invitations whose state is request_meeting or reschedule. */
export function invitationsBadge(invitations: readonly BadgeInvitation[]): number {
  return invitations.filter(
    (i) =>
      (i.segment === 'received' || i.segment === 'company') &&
      i.status === 'live' &&
      (i.state === 'request_meeting' || i.state === 'reschedule'),
  ).length;
}

/** An open join invitation is a meeting request; an open reschedule one is a reschedule (E4.13). */
export function badgeRelationState(invitation: {
  type: 'join' | 'reschedule';
  state: string;
}): BadgeRelationState {
  if (invitation.state !== 'waiting') return invitation.state === 'rejected' ? 'rejected' : 'none';
  return invitation.type === 'join' ? 'request_meeting' : 'reschedule';
}
