import { ChatRecordType, type ChatSystemMessageType, realtimeRoom } from '@foyer/contract';
import type { FastifyInstance } from 'fastify';
import { defineProcessor, type HandlerMeta } from '../../events/bus.handlers';
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

/** Cards that record the requester's own step: the request, its withdrawal, a reschedule asked for. */
const REQUESTER_CARDS: ReadonlySet<ChatSystemMessageType> = new Set(['mreq', 'revmreq', 'rreq']);

export function chatSystemProcessor(app: FastifyInstance) {
  const { ctx } = app;

  /**
   * Who a card is from and to (E4.55, E6.10). A card records what happened between the two people
   * of a request or meeting, so it belongs in their 1:1 chat. Whoever acts for someone else (an
   * organizer's helper with the onbehalfmeeting right pre-booking or answering, a booth colleague
   * answering for the teammate a request was addressed to) is neither of the two: written from the
   * actor to each recipient, the card landed in the actor's own chats with both people, and their
   * conversation never showed the meeting. So it is written in the name of the person acted for, to
   * the other one: the requester for a request, its withdrawal, a reschedule asked for, and a
   * pre-booking (the meeting is theirs, booked as if they had asked and been accepted); the
   * addressee for an answer. A card of the actor's own meeting (no invitation, as a cancel) goes
   * from them to each recipient as before.
   */
  async function cardParties(
    eventId: number,
    actorId: number,
    recipients: number[],
    type: ChatSystemMessageType,
    invitationId: number | null,
  ): Promise<{ fromId: number; toIds: number[] }> {
    const own = { fromId: actorId, toIds: recipients };
    if (invitationId === null) return own;
    const pair = await repo.invitationParties(ctx.db, eventId, invitationId);
    if (!pair || pair.from_participant_id === actorId || pair.to_participant_id === actorId) return own;
    const preBooked = type === 'cmreq' && pair.type === 'join' && pair.pre_booked === true;
    return REQUESTER_CARDS.has(type) || preBooked
      ? { fromId: pair.from_participant_id, toIds: [pair.to_participant_id] }
      : { fromId: pair.to_participant_id, toIds: [pair.from_participant_id] };
  }

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
      const { fromId, toIds } = await cardParties(
        event.eventId,
        event.actorId,
        event.recipients,
        type,
        event.invitationId,
      );
      await write(meta, event.eventId, fromId, toIds, type, event.message, {
        invitationId: event.invitationId,
        meetingId: event.meetingId,
      });
    },
  });
}
