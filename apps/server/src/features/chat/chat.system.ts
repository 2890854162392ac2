import { ChatRecordType, type ChatSystemMessageType, realtimeRoom } from '@foyer/contract';
import type { FastifyInstance } from 'fastify';
import { defineProcessor, type HandlerMeta } from '../../events/bus';
import type { MeetingEventType } from '../../events/events';
import * as messageRepo from './chat.messages.repository';
import { publishMessage } from './chat.messages.service';
import { toChatMessage } from './chat.present';
import * as repo from './chat.repository';

/**
 * System messages (E4.55): the meeting flow writes a card into the 1:1 chat of the two people
 * concerned, so the conversation shows what happened between them. Revoking a reschedule, guests
 * and pings write nothing: they have no message type.
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

export function chatSystemProcessor(app: FastifyInstance) {
  const { ctx } = app;

  /**
   * One card from `fromId` to each of `toIds`, with its live pushes (and the "room added" pushes of
   * a room created for it), in one transaction that also records this handler as done: a retry
   * after a crash neither repeats nor loses a card.
   */
  async function write(
    meta: HandlerMeta,
    eventId: number,
    fromId: number,
    toIds: number[],
    type: ChatSystemMessageType,
    msg: string | null,
    det: Record<string, number | null>,
  ): Promise<void> {
    const others = [...new Set(toIds)].filter((id) => id !== fromId);
    const parties = others.length > 0 ? await repo.participantsOf(ctx.db, eventId, [fromId, ...others]) : [];
    const from = parties.find((p) => p.id === fromId);
    await ctx.db.transaction().execute(async (trx) => {
      for (const toId of others) {
        const to = parties.find((p) => p.id === toId);
        if (!from || !to) continue;
        const { room, created } = await repo.ensurePrivateRoom(
          trx,
          eventId,
          { participantId: from.id, userId: from.user_id },
          { participantId: to.id, userId: to.user_id },
        );
        const message = await messageRepo.insertMessage(trx, {
          roomId: room.id,
          senderId: from.id,
          type,
          msg,
          det,
        });
        await publishMessage(app.realtime, toChatMessage(message), trx);
        const users = created ? [...new Set([from.user_id, to.user_id])].filter((id) => id !== null) : [];
        // One statement: the two feeds' turns are taken in their one order (no deadlock).
        if (users.length > 0)
          await app.realtime.publishAll(
            users.map((userId) => ({
              room: realtimeRoom.user(userId),
              type: ChatRecordType.Room,
              payload: { action: 'added', roomId: room.id },
            })),
            trx,
          );
      }
      await meta.doneWith(trx);
    });
  }

  return defineProcessor({
    name: 'chat.system',
    events: ['meeting.changed'],
    async handle(event, meta) {
      const type = MEETING_MESSAGE_TYPES[event.kind];
      if (!type || event.actorId === null) return;
      await write(meta, event.eventId, event.actorId, event.recipients, type, event.message, {
        invitationId: event.invitationId,
        meetingId: event.meetingId,
      });
    },
  });
}
