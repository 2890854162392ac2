import type { NotificationType } from '@foyer/contract';

/**
 * What a personal notification says (A9.40–A9.45); ids are participant ids. A file of its own: the
 * domain events carry drafts (events/events.ts), and the notifications service imports the bus.
 */
export interface NotificationDraft {
  type: NotificationType;
  eventId: number;
  actorId: number | null;
  sessionId?: number | null;
  invitationId?: number | null;
  meetingId?: number | null;
  postId?: number | null;
  pollId?: number | null;
  message?: string | null;
  title?: string | null;
}
