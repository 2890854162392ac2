import type { Notification, NotificationType } from '@foyer/contract';

/** English e-mail text per notification type (A9.43). */
const SUBJECTS: Record<NotificationType, (n: Names) => string> = {
  participant_meet_invitation: (n) => `${n.actor} would like to meet you`,
  confirm_participant_invitation: (n) => `${n.actor} accepted your meeting request`,
  reject_participant_invite: (n) => `${n.actor} declined your meeting request`,
  session_reschedule_invitation: (n) => `${n.actor} asked to reschedule your meeting`,
  confirm_reschedule_invitation: (n) => `${n.actor} accepted the new meeting time`,
  reject_invite_reschedule: (n) => `${n.actor} declined the new meeting time`,
  cancel_meeting: (n) => `${n.actor} cancelled your meeting`,
  meeting_reminder: () => 'Your meeting starts in 1 hour',
  confirmed: (n) => `You are confirmed for ${n.session}`,
  session_cancelled: (n) => `${n.session} was cancelled`,
  rescheduled_session: (n) => `${n.session} has a new time`,
  cancel_session: (n) => `Your place in ${n.session} was cancelled`,
  invited_to_event: (n) => `You are invited to ${n.event}`,
  announcement: (n) => `New announcement at ${n.event}`,
  poll: (n) => `New poll at ${n.event}`,
  poll_finished: (n) => `A poll has finished at ${n.event}`,
};

interface Names {
  actor: string;
  session: string;
  event: string;
}

/** Where the notification leads in the app (the drawer opens the same place). */
function linkOf(n: Notification, publicUrl: string): string {
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
  const names: Names = {
    actor: n.det.actor?.fullName ?? 'Someone',
    session: n.session?.name ?? 'a session',
    event: n.event?.name ?? 'your event',
  };
  const subject = SUBJECTS[n.type](names);
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
