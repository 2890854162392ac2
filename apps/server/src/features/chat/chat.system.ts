import { ChatRecordType, type ChatSystemMessageType, realtimeRoom } from '@foyer/contract';
import type { FastifyInstance } from 'fastify';
import { busOf, type DomainEvent } from '../../events/bus';
import type { MeetingEventType } from '../meetings/meetings.events';
import { toChatMessage } from './chat.present';
import * as repo from './chat.repository';

/**
 * System messages (E4.55): the meeting and contact flows write a card into the 1:1 chat of the two
 * people concerned, so the conversation shows what happened between them. Revoking a reschedule,
 * guests and pings write nothing: they have no message type.
 */
const MEETING_MESSAGE_TYPES: Partial<Record<MeetingEventType, ChatSystemMessageType>> = {
  participant_meet_invitation: 'mreq',
  confirm_participant_invitation: 'cmreq',
  reject_participant_invite: 'rmreq',
  revoke_participant_invitation: 'revmreq',
  session_reschedule_invitation: 'rreq',
  reject_invite_reschedule: 'rres',
  confirm_reschedule_invitation: 'cres',
  cancel_meeting: 'lses',
};

export function registerChatSystemMessages(app: FastifyInstance): void {
  const { ctx } = app;
  const bus = busOf(ctx);

  async function write(
    eventId: number,
    fromId: number,
    toId: number,
    type: ChatSystemMessageType,
    msg: string | null,
    det: Record<string, number | null>,
  ): Promise<void> {
    if (fromId === toId) return;
    const parties = await repo.participantsOf(ctx.db, eventId, [fromId, toId]);
    const from = parties.find((p) => p.id === fromId);
    const to = parties.find((p) => p.id === toId);
    if (!from || !to) return;
    const { room, created } = await ctx.db.transaction().execute(async (trx) => {
      const ensured = await repo.ensurePrivateRoom(
        trx,
        eventId,
        { participantId: from.id, userId: from.user_id },
        { participantId: to.id, userId: to.user_id },
      );
      const message = await repo.insertMessage(trx, {
        roomId: ensured.room.id,
        senderId: from.id,
        type,
        msg,
        det,
      });
      await app.realtime.publish(
        realtimeRoom.chatMessages(ensured.room.id),
        ChatRecordType.Message,
        toChatMessage(message),
        trx,
      );
      return ensured;
    });
    if (created) {
      for (const userId of [from.user_id, to.user_id]) {
        if (userId !== null) {
          await app.realtime.publish(realtimeRoom.user(userId), ChatRecordType.Room, {
            action: 'added',
            roomId: room.id,
          });
        }
      }
    }
  }

  bus.on('meeting.changed', async (event: Extract<DomainEvent, { type: 'meeting.changed' }>) => {
    const type = MEETING_MESSAGE_TYPES[event.kind];
    if (!type || event.actorId === null) return;
    for (const recipient of new Set(event.recipients)) {
      await write(event.eventId, event.actorId, recipient, type, event.message, {
        invitationId: event.invitationId,
        meetingId: event.meetingId,
      });
    }
  });

  bus.on('contact.shared', (event) =>
    write(event.eventId, event.fromParticipantId, event.toParticipantId, 'contact', null, {
      contactId: event.contactId,
    }),
  );
}
