import { mobileMenuBadge } from '@foyer/contract';
import { useNotificationCounts } from '../../features/notifications/api/get-notifications';
import { invitationsBadgeOf, useEventInvitations } from './drawers/use-invitations';
import { useCurrentEvent } from './use-current-event';

export interface ShellBadges {
  notifications: number;
  invitations: number;
  /** A4.39: the hamburger's total. */
  mobileMenu: number;
}

/**
 * The navigation badges: unseen notifications, live invitation requests for the current event
 * (A4.40) and their total for the mobile menu (A4.39). Chat and live agenda items join the total
 * once those features publish their counts.
 */
export function useShellBadges(): ShellBadges {
  const event = useCurrentEvent();
  const { unseen } = useNotificationCounts();
  const invitations = invitationsBadgeOf(useEventInvitations(event).data, event);
  return {
    notifications: unseen,
    invitations,
    mobileMenu: mobileMenuBadge({
      liveReceivedInvitations: invitations,
      unseenNotifications: unseen,
      unseenChatMessages: 0,
      anyAgendaItemLive: false,
    }),
  };
}
