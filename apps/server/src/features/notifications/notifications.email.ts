import type { Notification } from '@foyer/contract';
import { type NotificationNames, notificationTitle } from './notification-texts';

/** Where the notification leads in the app (the drawer opens the same place). */
export function linkOf(n: Notification, publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, '');
  if (n.type === 'participant_meet_invitation' || n.type === 'session_reschedule_invitation') {
    return `${base}/invitations/received`;
  }
  if (n.sesId !== null && n.eId !== null) return `${base}/event/${n.eId}/sessions/${n.sesId}`;
  if (n.eId !== null && (n.type === 'announcement' || n.type === 'poll' || n.type === 'poll_finished')) {
    return `${base}/event/${n.eId}/lobby`;
  }
  if (n.det.meetingId !== null || n.det.invitationId !== null) return `${base}/my-agenda`;
  return `${base}/notifications`;
}

export function notificationMail(n: Notification, publicUrl: string): { subject: string; text: string } {
  const subject = notificationTitle(n.type, namesOf(n), 'en');
  const lines = [subject];
  if (n.det.title) lines.push('', n.det.title);
  if (n.det.message) lines.push('', n.det.message);
  lines.push(
    '',
    `Open: ${linkOf(n, publicUrl)}`,
    '',
    `You receive these e-mails because of your notification settings: ${publicUrl.replace(/\/$/, '')}/account/notifications`,
  );
  return { subject, text: lines.join('\n') };
}

/** Who and what a notification names (for its title in any language). */
export function namesOf(n: Notification): NotificationNames {
  return {
    actor: n.det.actor?.fullName ?? null,
    session: n.session?.name ?? null,
    event: n.event?.name ?? null,
  };
}
