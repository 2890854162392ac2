import {
  type ChatMessage,
  type ChatMessagesPage,
  type ChatRoom,
  type ChatSeenRecord,
  mergeChatMessages,
  sortChatRooms,
} from '@foyer/contract';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { patchAnswers } from '../../../lib/use-realtime';

/** Chat data (E7.55–E7.61). Light on purpose: the shell's floating button and badges import it. */

export const chatKey = ['chat'] as const;
export const chatRoomsKey = ['chat', 'rooms'] as const;
export const chatMessagesKey = (roomId: number) => ['chat', 'messages', roomId] as const;

/**
 * E8.50: a room list or a room that fails to load is flagged on its screen (the query's error: a
 * notice with a retry) and its message goes to the error list as well.
 */
const ROOM_LOAD_META = { errorList: true } as const;

export const chatRoomsQuery = queryOptions({
  queryKey: chatRoomsKey,
  queryFn: async ({ signal }) => sortChatRooms(await api<ChatRoom[]>('/chat/rooms', { signal })),
  staleTime: 30_000,
  meta: ROOM_LOAD_META,
});

/** All my rooms, pinned first, then by latest activity (E2.51, E4.57). */
export function useChatRooms(enabled = true) {
  const signedIn = useSession((state) => state.status === 'loggedIn');
  return useQuery({ ...chatRoomsQuery, enabled: signedIn && enabled });
}

/** A4.39: unseen chat messages over all my rooms; zero until the list loads. */
export function useChatUnreadTotal(enabled = true): number {
  const { data } = useChatRooms(enabled);
  return data?.reduce((sum, room) => sum + room.countUnreadMessages, 0) ?? 0;
}

/** The loaded part of a conversation: oldest first; older ones exist while hasMore. */
export type ChatMessagesState = ChatMessagesPage;

/**
 * The newest page (E9.24). A refetch merges with what is held, so earlier pages loaded with
 * "load earlier" and messages that came live stay.
 */
export function chatMessagesQuery(queryClient: QueryClient, roomId: number) {
  return queryOptions({
    queryKey: chatMessagesKey(roomId),
    queryFn: async ({ signal }): Promise<ChatMessagesState> => {
      const page = await api<ChatMessagesPage>('/chat/room/messages', { query: { roomId }, signal });
      const held = queryClient.getQueryData<ChatMessagesState>(chatMessagesKey(roomId));
      if (!held || held.messages.length === 0) return page;
      const oldestHeld = held.messages[0]?.messageId ?? 0;
      const reaches = page.messages.some((m) => m.messageId <= oldestHeld) || !page.hasMore;
      // A gap between what is held and the newest page: start over from the newest page.
      if (!reaches) return page;
      return {
        ...page,
        messages: mergeChatMessages(held.messages, page.messages),
        hasMore: page.hasMore && held.hasMore,
      };
    },
    staleTime: 60_000,
    meta: ROOM_LOAD_META,
  });
}

export function useChatMessages(roomId: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    ...chatMessagesQuery(queryClient, roomId ?? 0),
    enabled: roomId !== null,
  });
}

/** E9.24: the 20 messages before the oldest held, prepended. */
export async function loadEarlierMessages(queryClient: QueryClient, roomId: number): Promise<void> {
  const held = queryClient.getQueryData<ChatMessagesState>(chatMessagesKey(roomId));
  const oldest = held?.messages[0];
  if (!held || !oldest) return;
  const page = await api<ChatMessagesPage>('/chat/room/messages', {
    query: { roomId, before: oldest.messageId },
  });
  queryClient.setQueryData<ChatMessagesState>(chatMessagesKey(roomId), (data) =>
    data
      ? { ...data, messages: mergeChatMessages(page.messages, data.messages), hasMore: page.hasMore }
      : data,
  );
}

/** Changes the cached conversations, and the list being read meanwhile (patchAnswers: `update` may meet a list that has the change). */
export function patchRooms(queryClient: QueryClient, update: (rooms: ChatRoom[]) => ChatRoom[]): void {
  patchAnswers<ChatRoom[]>(queryClient, chatRoomsKey, (rooms) => sortChatRooms(update(rooms)), {
    exact: true,
  });
}

export function patchRoom(queryClient: QueryClient, roomId: number, update: (room: ChatRoom) => ChatRoom) {
  patchRooms(queryClient, (rooms) => rooms.map((room) => (room.id === roomId ? update(room) : room)));
}

/** Adds or replaces messages of a conversation that is held (live records, my own sends). */
export function putMessages(queryClient: QueryClient, roomId: number, messages: ChatMessage[]): void {
  patchAnswers<ChatMessagesState>(
    queryClient,
    chatMessagesKey(roomId),
    (data) => ({ ...data, messages: mergeChatMessages(data.messages, messages) }),
    { exact: true },
  );
}

/** A member's last seen message moved (E4.56): the ticks of the conversation follow. */
export function putSeen(queryClient: QueryClient, seen: ChatSeenRecord): void {
  const apply = <M extends { participantId: number; lastSeenMessageId: number }>(members: M[]): M[] =>
    members.map((m) =>
      m.participantId === seen.participantId
        ? { ...m, lastSeenMessageId: Math.max(m.lastSeenMessageId, seen.lastSeenMessageId) }
        : m,
    );
  patchAnswers<ChatMessagesState>(
    queryClient,
    chatMessagesKey(seen.roomId),
    (data) => ({ ...data, members: apply(data.members) }),
    { exact: true },
  );
  patchRoom(queryClient, seen.roomId, (room) => ({ ...room, members: apply(room.members) }));
}

// ---- writes -------------------------------------------------------------------------------------

/** E7.58: `clientKey` is the message's own (lib/client-key.ts): a retry sends it again, stored once. */
export function sendChatMessage(roomId: number, msg: string, clientKey: string): Promise<ChatMessage> {
  return api<ChatMessage>('/chat/message', { method: 'POST', body: { roomId, msg, clientKey } });
}

export function deleteChatMessage(messageId: number): Promise<{ roomId: number; messageId: number }> {
  return api(`/chat/message/${messageId}`, { method: 'DELETE' });
}

export function pinChatRoom(roomId: number, pin: boolean): Promise<{ roomId: number; pin: boolean }> {
  return api('/chat/room/pin', { method: 'POST', body: { roomId, pin } });
}

export function markChatSeen(
  roomId: number,
  messageId: number,
): Promise<ChatSeenRecord & { countUnreadMessages: number }> {
  return api('/chat/room/seen', { method: 'POST', body: { roomId, messageId } });
}

/** E7.55: the private room with this participant, created when there is none yet. */
export function openPrivateRoom(eventId: number, participantId: number): Promise<ChatRoom> {
  return api<ChatRoom>('/chat/room', {
    method: 'POST',
    body: { eventId, type: 'private', members: [participantId] },
  });
}

/** E7.55: a new group; a retry with the same `clientKey` answers the group the first call made. */
export function createGroupRoom(
  eventId: number,
  name: string,
  members: number[],
  clientKey: string,
): Promise<ChatRoom> {
  return api<ChatRoom>('/chat/room', {
    method: 'POST',
    body: { eventId, type: 'group', name, members, clientKey },
  });
}

/** E7.56: any member of a group may add people. */
export function addChatMembers(roomId: number, members: number[]): Promise<ChatRoom> {
  return api<ChatRoom>('/chat/room/member', { method: 'POST', body: { roomId, members } });
}

/** E7.57: leave (myself) or, as the group's creator, remove others. */
export function removeChatMembers(
  roomId: number,
  members: number[],
): Promise<{ roomId: number; removed: number[] }> {
  return api('/chat/room/member', { method: 'DELETE', body: { roomId, members } });
}

/** Puts a room (new or reloaded) into the list. */
export function putRoom(queryClient: QueryClient, room: ChatRoom): void {
  patchRooms(queryClient, (rooms) => [room, ...rooms.filter((r) => r.id !== room.id)]);
}
