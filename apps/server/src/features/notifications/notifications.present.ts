import type { Notification, NotificationType } from '@foyer/contract';
import type { ListedNotification } from './notifications.repository';

const iso = (value: Date | string) => new Date(value).toISOString();

/** A3.23 on the wire; `seenAt` is the user's A4.36 marker (null: nothing seen yet). */
export function toNotification(row: ListedNotification, seenAt: Date | null): Notification {
  const createdAt = new Date(row.created_at);
  return {
    id: row.id,
    type: row.type as NotificationType,
    dt: createdAt.toISOString(),
    eId: row.event_id,
    sesId: row.session_id,
    det: {
      eventId: row.event_id,
      invitationId: row.invitation_id,
      meetingId: row.meeting_id,
      postId: row.post_id,
      pollId: row.poll_id,
      actor:
        row.actor_participant_id !== null && row.actor_name !== null
          ? {
              participantId: row.actor_participant_id,
              fullName: `${row.actor_name} ${row.actor_surname ?? ''}`.trim(),
              profilePhoto: row.actor_photo,
            }
          : null,
      message: row.message,
      title: row.title,
    },
    read: Boolean(row.read),
    seen: seenAt !== null && createdAt.getTime() <= seenAt.getTime(),
    event:
      row.event_id !== null && row.event_name !== null ? { id: row.event_id, name: row.event_name } : null,
    session:
      row.session_id !== null && row.session_name !== null && row.session_sdt && row.session_edt
        ? { id: row.session_id, name: row.session_name, sdt: iso(row.session_sdt), edt: iso(row.session_edt) }
        : null,
  };
}
