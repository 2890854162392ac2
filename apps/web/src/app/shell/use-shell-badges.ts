import { isAgendaItemLive, mobileMenuBadge } from '@foyer/contract';
import { useMyAgenda } from '../../features/agenda/api/agenda-api';
import { useNow } from '../../features/agenda/lib/use-now';
import { useChatUnreadTotal } from '../../features/chat/api/chat-api';
import { useNotificationCounts } from '../../features/notifications/api/get-notifications';
import { useCurrentEvent } from '../../lib/use-current-event';
import { invitationsBadgeOf, useEventInvitations } from './drawers/use-invitations';

export interface ShellBadges {
  notifications: number;
  invitations: number;
  /** Unseen chat messages over all my rooms (E3.30). */
  chat: number;
  /** A4.39: the hamburger's total. */
  mobileMenu: number;
}

/**
 * The navigation badges: unseen notifications, live invitation requests for the current event
 * (A4.40), unseen chat messages, and their total for the mobile menu (A4.39), which adds one while
 * an item of my agenda is live. `enabled` false reads none of them (all zero): the frame passes it
 * until the browser is first idle, so that the page's own requests and render come first.
 */
export function useShellBadges(enabled: boolean): ShellBadges {
  const event = useCurrentEvent();
  const { unseen } = useNotificationCounts(enabled);
  const invitations = invitationsBadgeOf(useEventInvitations(enabled ? event : null).data, event);
  const chat = useChatUnreadTotal(enabled);
  // A4.39: +1 while something of my agenda is live (recomputed every 60 s, E4.39).
  const now = useNow();
  const anyAgendaItemLive = (useMyAgenda(undefined, enabled).data ?? []).some((item) =>
    isAgendaItemLive(item, now),
  );
  return {
    notifications: unseen,
    invitations,
    chat,
    mobileMenu: mobileMenuBadge({
      liveReceivedInvitations: invitations,
      unseenNotifications: unseen,
      unseenChatMessages: chat,
      anyAgendaItemLive,
    }),
  };
}
