import type { CheckInRequest, NotificationType, RealtimeRecord } from '@foyer/contract';
import type { NotificationDraft } from '../features/notifications/notification-draft';
import type { PushMessage } from '../features/push/push.message';

/** What happened to an invitation or meeting; the notification types among them notify (A9.40). */
export type MeetingEventType =
  | 'participant_meet_invitation'
  | 'revoke_participant_invitation'
  | 'confirm_participant_invitation'
  | 'reject_participant_invite'
  | 'session_reschedule_invitation'
  | 'confirm_reschedule_invitation'
  | 'reject_invite_reschedule'
  | 'revoke_reschedule_invitation'
  | 'cancel_meeting'
  | 'meeting_guest_added'
  | 'meeting_guest_left'
  | 'meeting_ping'
  | 'meeting_reminder';

/**
 * Everything that can happen, as the bus carries it. Ids are participant ids unless named userId.
 * Add a member here when a feature starts emitting something new; processors switch on `type`.
 */
export type DomainEvent =
  /** An invitation or meeting changed (meetings' emitMeetingEvent, in the write's transaction). */
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
  /**
   * The people a personal notification has still to reach, after the first part of a large
   * audience (a keynote's) was written in its own transaction (notifications processor).
   */
  | { type: 'notification.people'; eventId: number; participantIds: number[]; draft: NotificationDraft }
  /**
   * These people's agendas changed (a session of a large audience moved or was cancelled) and their
   * refresh records are still to write: the organizer's request writes the first part itself and
   * hands the rest on (agenda processor), a part per transaction.
   */
  | { type: 'agenda.refresh'; eventId: number; people: { id: number; userId: number }[] }
  /**
   * The organizers removed these people from the event (console bulk remove): their open
   * connections end on every process, so they stop hearing the event's rooms (realtime processor).
   */
  | { type: 'participants.removed'; eventId: number; userIds: number[] }
  /** Someone registered for the event (registration's write; webhooks: participant.registered). */
  | { type: 'participant.registered'; eventId: number; participantId: number; mode: string }
  /**
   * A registration committed and its e-mail is due (issue 14): the registration processor builds it
   * from the participant as it is then (ticket id, inline QR, PDF link) and sends it once.
   */
  | { type: 'registration.confirmed'; eventId: number; participantId: number }
  /** Check-in staff let someone into the event or an area (webhooks: participant.checked_in). */
  | {
      type: 'participant.checked_in';
      eventId: number;
      participantId: number;
      areaType: string;
      areaId: number | null;
      staffId: number;
      /** When they went in (ISO; an offline scan's own time). */
      at?: string;
      /** How many were inside the area right after (the live door's count). */
      used?: number;
    }
  /** Check-in staff let someone out of the event or an area (the door's live occupancy). */
  | {
      type: 'participant.checked_out';
      eventId: number;
      participantId: number;
      areaType: string;
      areaId: number | null;
      staffId: number;
      /** When they went out (ISO). */
      at?: string;
      /** How many were inside the area right after. */
      used?: number;
    }
  /**
   * A check-in asked to answer later (E4.77, Prefer: respond-async): the check-in command processor
   * applies it once, stores its answer under (device, command id) and records it on the caller's room.
   */
  | {
      type: 'checkin.command';
      eventId: number;
      userId: number;
      deviceId: string;
      commandId: string;
      request: CheckInRequest;
    }
  /**
   * Badges were queued for printing (features/badges): the jobs named, or every job of a batch. The
   * badges processor sends them to their printers (at least once; the jobs' own states keep it idempotent).
   */
  | { type: 'badge.print'; eventId: number; jobIds: number[]; batchId: number | null }
  /** A user added a contact in the event, typed or by badge (webhooks: contact.collected). */
  | { type: 'contact.collected'; eventId: number; contactId: number; userId: number; ticketId: string | null }
  /** E4.62: a contact exchange was asked for, answered, or made by a held meeting; both users hear of it. */
  | { type: 'contact.exchange.changed'; eventId: number; exchangeId: number }
  /**
   * A booth's lead was scanned, rated, answered, noted or removed (leadId), or the booth's
   * qualification questions changed (leadId null); the booth's team hears of it.
   */
  | { type: 'booth.lead.changed'; eventId: number; boothId: number; leadId: number | null }
  /** An announcement became visible (at once, or at its postAt). */
  | { type: 'announcement.published'; eventId: number; postId: number; authorId: number; text: string }
  | { type: 'poll.published'; eventId: number; pollId: number; question: string }
  | { type: 'poll.finished'; eventId: number; pollId: number; question: string }
  /**
   * Realtime records written in a transaction, to push once it committed (the realtime processor).
   * Transient: never an outbox row (the records themselves are durable in realtime_events, and a
   * client that misses a push fetches it by its room seq). `eventId` is 0.
   */
  | { type: 'realtime.push'; eventId: number; records: RealtimeRecord[] }
  /**
   * E-mails and SMS to send (the durable form of "send this in the background"). Each message is
   * sent once: its idempotency key is derived from the outbox row, the handler and the message.
   */
  | { type: 'messages.send'; eventId: number; messages: OutgoingMessage[] }
  /** An event-wide notification's e-mail to everyone in its audience whose preferences allow it (A9.43). */
  | {
      type: 'notification.broadcast';
      eventId: number;
      notificationId: number;
      notificationType: NotificationType;
      actorId: number | null;
      mail: { subject: string; text: string; html?: string | undefined };
      /** Absent in rows written before Web Push. */
      push?: PushMessage | undefined;
    };

export type DomainEventType = DomainEvent['type'];

/** One e-mail (`subject` used) or SMS; or a push to every browser of one account (`to` is its user id). */
export type OutgoingMessage =
  | {
      channel: 'email' | 'sms';
      to: string;
      subject: string;
      text: string;
      html?: string | undefined;
    }
  | { channel: 'push'; to: string; push: PushMessage };

/**
 * Events that need no per-event order (slow deliveries): they never wait for, nor hold up, the
 * other events of their `eventId`.
 */
export const UNORDERED_EVENT_TYPES: ReadonlySet<DomainEventType> = new Set<DomainEventType>([
  'messages.send',
  'notification.broadcast',
  // A printer that does not answer must not hold up the event's other events.
  'badge.print',
  // A delivery: the person waits for it, and a slow SMTP server must hold up nothing else.
  'registration.confirmed',
]);

/**
 * Events that are not written to the outbox: their handlers run in this process right after the
 * emitting transaction committed (through the same after-commit watch as the outbox rows), at most
 * once. Only for effects that something else makes good when lost (realtime pushes: the client
 * fetches a missed record by its room seq).
 */
export const TRANSIENT_EVENT_TYPES: ReadonlySet<DomainEventType> = new Set<DomainEventType>([
  'realtime.push',
]);
