import { type Notification, notificationGroup } from '@foyer/contract';
import type { TFunction } from '../../../i18n/translator';
import { formatDateTime } from '../../../lib/format-date';

/** The sentence for one notification, filled from what it carries (actor, session, event, title). */
export function notificationText(t: TFunction, n: Notification): string {
  return t(`notifications.type.${n.type}`, {
    actor: n.det.actor?.fullName ?? t('notifications.someone'),
    session: n.session?.name ?? t('notifications.aSession'),
    event: n.event?.name ?? t('notifications.anEvent'),
    title: n.det.title ?? '',
    message: n.det.message ?? '',
  });
}

/** A9.33: yyyy-LL-dd HH:mm in the user's zone (the device's when the profile has none). */
export function notificationTime(n: Notification, zone: string | null): string {
  return formatDateTime(n.dt, zone);
}

/**
 * Where a notification leads: a session opens its detail (E2.09), announcements and polls the lobby,
 * anything else of an event opens the event, account-wide ones stay on the list.
 */
export function notificationTarget(n: Notification): string | null {
  const eventId = n.eId ?? n.det.eventId;
  if (!eventId) return null;
  if (n.sesId && notificationGroup(n.type) !== 'meeting') return `/event/${eventId}/sessions/${n.sesId}`;
  if (notificationGroup(n.type) === 'meeting') return '/invitations';
  // Announcements open in the lobby's announcementInfo; polls in the lobby (A9.41).
  if (n.type === 'announcement' && n.det.postId)
    return `/event/${eventId}/lobby?announcement=${n.det.postId}`;
  if (n.type === 'poll' || n.type === 'poll_finished') return `/event/${eventId}/lobby`;
  return `/event/${eventId}/`;
}
