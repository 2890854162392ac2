import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { Bus } from '../../events/bus';

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

export interface MeetingEvent {
  type: MeetingEventType;
  eventId: number;
  /** Participant ids to tell. */
  recipients: number[];
  actorId: number | null;
  invitationId?: number | null;
  meetingId?: number | null;
  message?: string | null;
}

export interface MeetingDeps {
  ctx: AppContext;
  bus: Pick<Bus, 'emit'>;
}

/**
 * Announces a change inside the write's transaction: one `meeting.changed` outbox row that commits
 * with it. Its processors push the presented invitation and meeting (with the notification) to each
 * recipient (meetings.processor.ts) and write the chat card (chat/chat.system.ts).
 */
export async function emitMeetingEvent(
  deps: MeetingDeps,
  trx: Transaction<DB>,
  event: MeetingEvent,
): Promise<void> {
  await deps.bus.emit(
    {
      type: 'meeting.changed',
      kind: event.type,
      eventId: event.eventId,
      recipients: [...new Set(event.recipients)],
      actorId: event.actorId,
      invitationId: event.invitationId ?? null,
      meetingId: event.meetingId ?? null,
      message: event.message ?? null,
    },
    trx,
  );
}
