import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { Bus } from '../../events/bus';
import type { MeetingEventType } from '../../events/events';

export type { MeetingEventType };

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
