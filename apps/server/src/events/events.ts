import type { MeetingEventType } from '../features/meetings/meetings.events';

/**
 * Everything that can happen, as the bus carries it. Ids are participant ids unless named userId.
 * Add a member here when a feature starts emitting something new; processors switch on `type`.
 */
export type DomainEvent =
  /** An invitation or meeting changed (bridged from meetings' emitMeetingEvent). */
  | {
      type: 'meeting.changed';
      kind: MeetingEventType;
      eventId: number;
      recipients: number[];
      actorId: number | null;
      invitationId: number | null;
      meetingId: number | null;
      message: string | null;
    }
  /** A9.45: a 1:1 meeting starts in an hour; one event per person to remind. */
  | { type: 'meeting.reminder'; eventId: number; meetingId: number; participantId: number; sdt: string }
  /**
   * A session changed for these people: confirmed (request accepted by organizers),
   * session_cancelled / cancel_session (cancelled; cancel_session when they were only requested),
   * rescheduled_session (moved).
   */
  | {
      type: 'session.changed';
      kind: 'confirmed' | 'session_cancelled' | 'rescheduled_session' | 'cancel_session';
      eventId: number;
      sessionId: number;
      participantIds: number[];
      actorId: number | null;
      message: string | null;
    }
  /** A9.40 invited_to_event: an account was added to an event. */
  | { type: 'event.invited'; eventId: number; userId: number; actorId: number | null }
  /** An announcement became visible (at once, or at its postAt). */
  | { type: 'announcement.published'; eventId: number; postId: number; authorId: number; text: string }
  | { type: 'poll.published'; eventId: number; pollId: number; question: string }
  | { type: 'poll.finished'; eventId: number; pollId: number; question: string }
  /** Someone shared their contact with another participant (chat message type "contact"). */
  | {
      type: 'contact.shared';
      eventId: number;
      fromParticipantId: number;
      toParticipantId: number;
      contactId: number | null;
    };

export type DomainEventType = DomainEvent['type'];
