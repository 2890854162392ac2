import type { ChatMessage, ChatRoom } from './chat';
import { RecordType } from './realtime';

/**
 * The chat's list and live rules (pure, no schema): the signed-in frame keeps its caches with them
 * without loading the validation library; the schemas are in chat.ts.
 */

/** E4.57: pinned rooms first, then the latest activity first (a room without messages by its id). */
export function sortChatRooms<R extends Pick<ChatRoom, 'id' | 'pin' | 'lastMessageDate'>>(
  rooms: readonly R[],
): R[] {
  return [...rooms].sort((a, b) => {
    if (a.pin !== b.pin) return a.pin ? -1 : 1;
    const at = a.lastMessageDate ? Date.parse(a.lastMessageDate) : 0;
    const bt = b.lastMessageDate ? Date.parse(b.lastMessageDate) : 0;
    if (at !== bt) return bt - at;
    return b.id - a.id;
  });
}

/**
 * A live message applied to its room in the list (E3.30): it becomes the last message and, when
 * someone else wrote it, counts as unread. Applying the same message twice changes nothing.
 */
export function applyMessageToRoom(room: ChatRoom, message: ChatMessage): ChatRoom {
  if (message.roomId !== room.id) return room;
  const last = room.lastMessage;
  if (last && last.messageId >= message.messageId) return room;
  const unread = message.sndr !== room.myParticipantId && message.type !== null;
  const countUnreadMessages = room.countUnreadMessages + (unread ? 1 : 0);
  return {
    ...room,
    lastMessage: message,
    lastMessageDate: message.dt,
    countUnreadMessages,
    seen: countUnreadMessages === 0,
  };
}

/** Messages merged by id (a newer copy wins, e.g. a deletion) and kept oldest first. */
export function mergeChatMessages(
  existing: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const m of existing) byId.set(m.messageId, m);
  for (const m of incoming) byId.set(m.messageId, m);
  return [...byId.values()].sort((a, b) => a.messageId - b.messageId);
}

/**
 * Realtime: rooms/{roomId}/messages carries Message (ChatMessage), MessageDeleted ({ roomId,
 * messageId }) and Seen (ChatSeenRecord); rooms/{roomId}/meta carries Meta (ChatMetaRecord);
 * userRooms/{userId} carries Room (ChatRoomRecord).
 */
export const ChatRecordType = {
  Message: RecordType.ChatMessage,
  MessageDeleted: RecordType.ChatMessageDeleted,
  Seen: RecordType.ChatSeen,
  Room: RecordType.ChatRoom,
  Meta: RecordType.ChatMeta,
} as const;
