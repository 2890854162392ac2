import {
  applyMessageToRoom,
  type ChatMessage,
  ChatRecordType,
  type ChatRoom,
  type ChatRoomRecord,
  type ChatSeenRecord,
  type RealtimeRecord,
  realtimeRoom,
} from '@foyer/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';

import { useSession } from '../../../lib/session-store';
import { patchAnswers, useRealtimeClient, useRealtimeRoom } from '../../../lib/use-realtime';
import {
  chatKey,
  chatMessagesKey,
  chatRoomsKey,
  patchRoom,
  putMessages,
  putSeen,
  useChatRooms,
} from '../api/chat-api';

/** Rooms that come on together (the list's first load) share one reload. */
const READY_RELOAD_DEBOUNCE_MS = 150;

function onRoomRecord(queryClient: QueryClient, record: RealtimeRecord): void {
  const rooms = queryClient.getQueryData<ChatRoom[]>(chatRoomsKey);
  const myId = (roomId: number) => rooms?.find((r) => r.id === roomId)?.myParticipantId;
  switch (record.type) {
    case ChatRecordType.Message: {
      const message = record.payload as ChatMessage;
      putMessages(queryClient, message.roomId, [message]);
      if (rooms && !rooms.some((r) => r.id === message.roomId)) {
        void queryClient.invalidateQueries({ queryKey: chatRoomsKey });
      } else {
        patchRoom(queryClient, message.roomId, (room) => applyMessageToRoom(room, message));
      }
      return;
    }
    case ChatRecordType.MessageDeleted: {
      const { roomId, messageId } = record.payload as { roomId: number; messageId: number };
      patchAnswers<{ messages: ChatMessage[] }>(
        queryClient,
        chatMessagesKey(roomId),
        (data) => ({
          ...data,
          messages: data.messages.map((m) =>
            m.messageId === messageId ? { ...m, msg: null, type: null } : m,
          ),
        }),
        { exact: true },
      );
      patchRoom(queryClient, roomId, (room) =>
        room.lastMessage?.messageId === messageId
          ? { ...room, lastMessage: { ...room.lastMessage, msg: null, type: null } }
          : room,
      );
      // A deleted unread message no longer counts: the server knows the new count.
      void queryClient.invalidateQueries({ queryKey: chatRoomsKey });
      return;
    }
    case ChatRecordType.Seen: {
      const seen = record.payload as ChatSeenRecord;
      putSeen(queryClient, seen);
      // My own seen from another tab or window: my unread count changed.
      if (myId(seen.roomId) === seen.participantId) {
        void queryClient.invalidateQueries({ queryKey: chatRoomsKey });
      }
      return;
    }
  }
}

/**
 * Keeps every chat cache live (E2.51, E4.56): the user's room says when rooms come and go; each of
 * my rooms' message channels brings messages, deletions and seen marks. The realtime client catches
 * up after a reconnect, so nothing is lost. Updates are idempotent: mounting it twice is harmless.
 */
export function useChatLive(): void {
  const queryClient = useQueryClient();
  const client = useRealtimeClient();
  const userId = useSession((state) => state.user?.id ?? null);
  const { data: rooms } = useChatRooms();

  useRealtimeRoom<ChatRoomRecord>(userId ? realtimeRoom.user(userId) : null, (record) => {
    if (record.type !== ChatRecordType.Room) return;
    const { action, roomId } = record.payload;
    if (action === 'removed') queryClient.removeQueries({ queryKey: chatMessagesKey(roomId) });
    void queryClient.invalidateQueries({ queryKey: chatRoomsKey });
  });

  const ready = rooms !== undefined;
  const roomIds = (rooms ?? []).map((r) => r.id).join(',');
  const subscriptions = useRef(new Map<number, () => void>());
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reloadSoon = useCallback(() => {
    clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: chatKey }),
      READY_RELOAD_DEBOUNCE_MS,
    );
  }, [queryClient]);
  useEffect(() => {
    const held = subscriptions.current;
    if (!client || !ready) return;
    const wanted = new Set(roomIds ? roomIds.split(',').map(Number) : []);
    for (const [id, stop] of held) {
      if (!wanted.has(id)) {
        stop();
        held.delete(id);
      }
    }
    for (const id of wanted) {
      if (held.has(id)) continue;
      held.set(
        id,
        client.subscribe(realtimeRoom.chatMessages(id), (record) => onRoomRecord(queryClient, record), {
          // What was written between the HTTP load and this subscription's answer is in neither:
          // read the state again once the room is on (E2.51: no message lost).
          onReady: reloadSoon,
          // Records lost beyond the server's memory: reload this room's state over HTTP.
          onResync: () => void queryClient.invalidateQueries({ queryKey: chatKey }),
        }),
      );
    }
  }, [client, ready, roomIds, queryClient, reloadSoon]);

  useEffect(() => {
    const held = subscriptions.current;
    if (!client) return;
    return () => {
      for (const stop of held.values()) stop();
      held.clear();
    };
  }, [client]);
}
