import { RecordType, realtimeRoom } from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';

/**
 * Every change of an invitation or meeting goes out through `emitMeetingEvent`: one realtime record
 * per recipient on userRooms/{userId} (written in the caller's transaction, pushed after commit),
 * then the listeners — the notifications processor hooks in with `onMeetingEvent`.
 */
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

export interface MeetingEventPayload {
  type: MeetingEventType;
  eventId: number;
  actorId: number | null;
  invitationId: number | null;
  meetingId: number | null;
  message: string | null;
}

export type MeetingEventListener = (event: MeetingEvent, trx: Transaction<DB>) => Promise<void> | void;

interface Publisher {
  publish(room: string, type: string, payload: unknown, trx?: Transaction<DB>): Promise<unknown>;
}

export interface MeetingDeps {
  ctx: AppContext;
  realtime?: Publisher | undefined;
}

const listeners = new WeakMap<AppContext, Set<MeetingEventListener>>();

/** Hook for processors (notifications, e-mail): called inside the same transaction. */
export function onMeetingEvent(ctx: AppContext, listener: MeetingEventListener): () => void {
  const set = listeners.get(ctx) ?? new Set();
  listeners.set(ctx, set);
  set.add(listener);
  return () => set.delete(listener);
}

export async function emitMeetingEvent(
  deps: MeetingDeps,
  trx: Transaction<DB>,
  event: MeetingEvent,
): Promise<void> {
  const recipients = [...new Set(event.recipients)];
  if (recipients.length > 0 && deps.realtime) {
    const users = await trx
      .selectFrom('participants')
      .select('user_id')
      .where('id', 'in', recipients)
      .where('user_id', 'is not', null)
      .execute();
    const payload: MeetingEventPayload = {
      type: event.type,
      eventId: event.eventId,
      actorId: event.actorId,
      invitationId: event.invitationId ?? null,
      meetingId: event.meetingId ?? null,
      message: event.message ?? null,
    };
    for (const { user_id } of users) {
      if (user_id !== null)
        await deps.realtime.publish(realtimeRoom.user(user_id), RecordType.InvitationChanged, payload, trx);
    }
  }
  for (const listener of listeners.get(deps.ctx) ?? []) await listener({ ...event, recipients }, trx);
}
