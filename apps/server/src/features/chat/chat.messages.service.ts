import {
  CHAT_PAGE_SIZE,
  type ChatMessage,
  type ChatMessagesPage,
  type ChatMetaRecord,
  ChatRecordType,
  type ChatSeenRecord,
  canDeleteMessage,
  ErrorCode,
  realtimeRoom,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Realtime } from '../../realtime/realtime';
import { chatPush } from '../push/push.message';
import * as messageRepo from './chat.messages.repository';
import { toChatMessage } from './chat.present';
import * as repo from './chat.repository';
import { type ChatDeps, notMember, requireRoomMember } from './chat.service';

/**
 * A room's messages: the page, a new message (with its push), a delete and the member's "seen".
 * The rooms themselves, their members and pins are in chat.service.ts.
 */

/** A message for its room, and its date for the room's meta (E7.85), in one write. */
export function publishMessage(
  realtime: Pick<Realtime, 'publishAll'>,
  message: ChatMessage,
  trx: Transaction<DB>,
): Promise<unknown> {
  const meta: ChatMetaRecord = { change: 'message', roomId: message.roomId, lastMessageDate: message.dt };
  return realtime.publishAll(
    [
      { room: realtimeRoom.chatMessages(message.roomId), type: ChatRecordType.Message, payload: message },
      { room: realtimeRoom.chatMeta(message.roomId), type: ChatRecordType.Meta, payload: meta },
    ],
    trx,
  );
}

/** GET chat/room/messages (E7.61, E9.24): 20 at a time, older ones with `before`. */
export async function listMessages(
  ctx: AppContext,
  userId: number,
  input: { roomId: number; before?: number | undefined },
): Promise<ChatMessagesPage> {
  await requireRoomMember(ctx.db, input.roomId, userId);
  const rows = await messageRepo.messagesBefore(ctx.db, input.roomId, input.before, CHAT_PAGE_SIZE + 1);
  const page = rows.slice(0, CHAT_PAGE_SIZE).reverse();
  const members = await repo.membersOf(ctx.db, [input.roomId]);
  return {
    roomId: input.roomId,
    messages: page.map(toChatMessage),
    hasMore: rows.length > CHAT_PAGE_SIZE,
    members: members.map((m) => ({
      participantId: m.participant_id,
      lastSeenMessageId: m.last_seen_message_id,
    })),
  };
}

/**
 * POST chat/message (E7.58): the text is already cleaned by the contract (E5.45, E5.46). One
 * statement writes it (membership checked in it) and its realtime record goes into the same
 * transaction: a message exists exactly when its record does, so a crash between the two cannot
 * leave a message no open chat ever hears of (no push, no seq gap to fill on resume).
 *
 * A resend with the `clientKey` of a message the sender already has in the room (its answer was lost
 * on the venue's Wi-Fi, or two taps raced) writes, publishes and pushes nothing: it answers that
 * message, as the first send did; with another text than that message's it is refused (409).
 */
export async function sendMessage(
  deps: ChatDeps,
  userId: number,
  input: { roomId: number; msg: string; clientKey?: string | undefined },
): Promise<ChatMessage> {
  let written: Transaction<DB> | undefined;
  const message = await deps.ctx.db.transaction().execute(async (trx) => {
    const row = await messageRepo.insertMemberMessage(trx, { ...input, userId });
    if (!row) return toChatMessage(await resent(trx, userId, input));
    written = trx;
    const sent = toChatMessage(row);
    await publishMessage(deps.realtime, sent, trx);
    if (row.sender_id !== null && row.push_to.length > 0) {
      await emitChatPush(
        deps,
        trx,
        { roomId: input.roomId, sender: row.sender_id, to: row.push_to },
        input.msg,
      );
    }
    return sent;
  });
  // Answer once the room has it live, as when the push was made before answering.
  if (written) await deps.realtime.pushed(written);
  return message;
}

/**
 * Nothing was written: the message this send repeats (same key, sender and room), or 404. A key
 * names one message: sent with another text it is not a retry but a client's mistake, refused (409)
 * rather than answered with a message that says something else. A message deleted since has no
 * text to compare with, and is answered as it is.
 */
async function resent(
  trx: Transaction<DB>,
  userId: number,
  input: { roomId: number; msg: string; clientKey?: string | undefined },
): Promise<messageRepo.MessageRow> {
  const { roomId, clientKey } = input;
  const first =
    clientKey === undefined ? undefined : await messageRepo.keyedMessage(trx, { roomId, userId, clientKey });
  if (!first) throw notMember();
  if (first.msg !== null && first.msg !== input.msg) {
    throw AppError.conflict(
      'This client key was sent with another message: send a new message with a new key',
      ErrorCode.ChatClientKeyReused,
    );
  }
  return first;
}

/**
 * The message's push to the other members' browsers (those subscribed who did not mute chat), as a
 * durable `messages.send` in the message's own transaction: a crash cannot lose it or send it twice.
 */
async function emitChatPush(
  deps: ChatDeps,
  trx: Transaction<DB>,
  { roomId, sender: senderParticipantId, to }: { roomId: number; sender: number; to: number[] },
  text: string,
): Promise<void> {
  const sender = await messageRepo.pushSender(trx, roomId, senderParticipantId);
  const push = chatPush({ roomId, sender: sender.name, text });
  await deps.bus.emit(
    {
      type: 'messages.send',
      eventId: sender.eventId,
      messages: to.map((userId) => ({ channel: 'push' as const, to: String(userId), push })),
    },
    trx,
  );
}

/** DELETE chat/message/:id (E4.85, E4.86, E7.89). */
export async function deleteMessage(
  deps: ChatDeps,
  userId: number,
  messageId: number,
): Promise<{ roomId: number; messageId: number }> {
  const { ctx } = deps;
  const message = await messageRepo.findMessage(ctx.db, messageId);
  if (!message) throw AppError.notFound('Message not found');
  const { membership } = await requireRoomMember(ctx.db, message.room_id, userId);
  const record = { roomId: message.room_id, messageId };
  // The sender's retry of a delete whose answer the venue's Wi-Fi lost: done already, say so again.
  if (message.deleted_at !== null && message.sender_id === membership.participant_id) return record;
  if (!canDeleteMessage(toChatMessage(message), membership.participant_id)) {
    throw AppError.forbidden(
      message.type === 'text' || message.type === null
        ? 'Only the sender can delete this message'
        : 'System messages cannot be deleted',
    );
  }
  await ctx.db.transaction().execute(async (trx) => {
    // Two deletes at once (a double tap, a retry racing the first): one marks it, one record is heard.
    if (!(await messageRepo.markDeleted(trx, messageId, ctx.now()))) return;
    await deps.realtime.publish(
      realtimeRoom.chatMessages(message.room_id),
      ChatRecordType.MessageDeleted,
      record,
      trx,
    );
  });
  return record;
}

/** POST chat/room/seen (E7.60): moves my last seen message; the others' ticks follow live (E4.56). */
export async function markSeen(
  deps: ChatDeps,
  userId: number,
  input: { roomId: number; messageId: number },
): Promise<ChatSeenRecord & { countUnreadMessages: number }> {
  const { ctx } = deps;
  const membership = await repo.findMembership(ctx.db, input.roomId, userId);
  if (!membership) throw notMember();
  // Never past the room's newest message (a client cannot pre-mark what does not exist yet).
  const upTo = Math.min(input.messageId, membership.last_message_id ?? 0);
  const room = { id: membership.room_id };
  const record: ChatSeenRecord = {
    roomId: room.id,
    participantId: membership.participant_id,
    lastSeenMessageId: Math.max(upTo, membership.last_seen_message_id),
  };
  await ctx.db.transaction().execute(async (trx) => {
    if (await repo.moveLastSeen(trx, room.id, membership.participant_id, upTo)) {
      const members = [{ participantId: record.participantId, lastSeenMessageId: record.lastSeenMessageId }];
      const meta: ChatMetaRecord = { change: 'seen', roomId: room.id, members };
      await deps.realtime.publishAll(
        [
          { room: realtimeRoom.chatMessages(room.id), type: ChatRecordType.Seen, payload: record },
          { room: realtimeRoom.chatMeta(room.id), type: ChatRecordType.Meta, payload: meta },
        ],
        trx,
      );
    }
  });
  const [row] = await repo.roomsOfUser(ctx.db, userId, { roomId: room.id });
  return { ...record, countUnreadMessages: Number(row?.unread ?? 0) };
}
