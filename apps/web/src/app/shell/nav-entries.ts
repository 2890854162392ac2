import { canInviteParticipant, canSeeCheckIn, type EventDetails, isChatHidden } from '@foyer/contract';
import {
  IconAddressBook,
  IconBell,
  IconCalendarEvent,
  IconLayoutList,
  IconMail,
  IconMessages,
  IconScan,
  IconSettings,
  IconTicket,
  IconUserCircle,
  IconUserPlus,
  type TablerIcon,
} from '@tabler/icons-react';
import type { TranslationKey } from '../../i18n/keys';
import type { ShellDrawer, ShellModal } from './shell-store';

export type NavTarget =
  | { kind: 'drawer'; drawer: ShellDrawer }
  | { kind: 'link'; to: string }
  | { kind: 'modal'; modal: ShellModal };

export interface NavEntry {
  key: string;
  /** i18n key of the label. */
  label: TranslationKey;
  icon: TablerIcon;
  target: NavTarget;
  badge?: number;
}

export interface NavInput {
  event: EventDetails | null;
  /** Drawers on desktop and tablet; their pages on mobile (A2.08, A2.14). */
  mobile: boolean;
  notificationsBadge: number;
  invitationsBadge: number;
  now?: Date;
}

const hiddenChat = {
  eventId: Number(import.meta.env.VITE_CHAT_HIDDEN_EVENT_ID) || null,
  host: import.meta.env.VITE_CHAT_HIDDEN_HOST ?? null,
};

/** A2.74: the main navigation, in order, for the current event and screen. */
export function navEntries({
  event,
  mobile,
  notificationsBadge,
  invitationsBadge,
  now,
}: NavInput): NavEntry[] {
  const drawerOr = (drawer: ShellDrawer, page: string): NavTarget =>
    mobile ? { kind: 'link', to: page } : { kind: 'drawer', drawer };
  const entries: NavEntry[] = [
    {
      key: 'notifications',
      label: 'nav.notifications',
      icon: IconBell,
      target: drawerOr('notifications', '/notifications'),
      badge: notificationsBadge,
    },
    { key: 'agenda', label: 'nav.agenda', icon: IconCalendarEvent, target: drawerOr('agenda', '/my-agenda') },
    {
      key: 'invitations',
      label: 'nav.invitations',
      icon: IconMail,
      target: drawerOr('invitations', '/invitations/received'),
      badge: invitationsBadge,
    },
    {
      key: 'contacts',
      label: 'nav.contacts',
      icon: IconAddressBook,
      target: drawerOr('contacts', event ? `/contacts?eventId=${event.id}` : '/contacts'),
    },
  ];
  if (!isChatHidden({ eventId: event?.id ?? null, host: window.location.hostname }, hiddenChat)) {
    entries.push({
      key: 'chat',
      label: 'nav.chat',
      icon: IconMessages,
      target: { kind: 'link', to: '/chat' },
    });
  }
  entries.push({
    key: 'events',
    label: 'nav.events',
    icon: IconLayoutList,
    target: { kind: 'link', to: '/event/list' },
  });
  if (event && canSeeCheckIn(event, now)) {
    entries.push({
      key: 'checkIn',
      label: 'nav.checkIn',
      icon: IconScan,
      target: { kind: 'modal', modal: 'checkIn' },
    });
  }
  if (event && canInviteParticipant(event)) {
    entries.push({
      key: 'invite',
      label: 'nav.invite',
      icon: IconUserPlus,
      target: { kind: 'modal', modal: 'inviteParticipant' },
    });
  }
  // Issue 12: anyone may create an event; an organizer lands on the current event's console.
  entries.push({
    key: 'console',
    label: 'nav.console',
    icon: IconSettings,
    target: { kind: 'link', to: event?.me?.organizer ? `/organizer/${event.id}` : '/organizer' },
  });
  if (event?.me) {
    entries.push({
      key: 'eventProfile',
      label: 'nav.eventProfile',
      icon: IconUserCircle,
      target: { kind: 'link', to: `/event/${event.id}/event-profile` },
    });
    // E2.61: the participant's own ticket QR, full screen (features/ticket).
    entries.push({
      key: 'myTicket',
      label: 'nav.myTicket',
      icon: IconTicket,
      target: { kind: 'link', to: `/event/${event.id}/ticket` },
    });
  }
  return entries;
}
