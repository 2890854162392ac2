import { applyMessageToRoom, type ChatMessage, type ChatRoom } from '@foyer/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import {
  deleteChatMessage,
  loadEarlierMessages,
  markChatSeen,
  patchRoom,
  pinChatRoom,
  putMessages,
  putSeen,
  sendChatMessage,
  useChatMessages,
} from '../api/chat-api';

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * An open conversation: its messages, and the actions on it. While it is on screen, what the
 * others wrote is marked seen (E7.60), which gives them their double tick (E4.56) and clears my
 * unread count.
 */
export function useConversation(room: ChatRoom) {
  const queryClient = useQueryClient();
  const query = useChatMessages(room.id);
  const visible = usePageVisible();
  const roomId = room.id;
  const me = room.myParticipantId;

  const messages = query.data?.messages;
  const myLastSeen = query.data?.members.find((m) => m.participantId === me)?.lastSeenMessageId ?? 0;
  const newestOthers = messages?.findLast((m) => m.sndr !== me && m.type !== null)?.messageId ?? 0;
  const unread = room.countUnreadMessages;

  useEffect(() => {
    if (!visible) return;
    if (newestOthers <= myLastSeen && unread === 0) return;
    const upTo = Math.max(newestOthers, messages?.at(-1)?.messageId ?? 0);
    if (upTo === 0) return;
    let cancelled = false;
    markChatSeen(roomId, upTo).then(
      (seen) => {
        if (cancelled) return;
        putSeen(queryClient, seen);
        patchRoom(queryClient, roomId, (r) => ({
          ...r,
          countUnreadMessages: seen.countUnreadMessages,
          seen: seen.countUnreadMessages === 0,
        }));
      },
      () => {}, // Tried again with the next message or visit.
    );
    return () => {
      cancelled = true;
    };
  }, [visible, newestOthers, myLastSeen, unread, roomId, messages, queryClient]);

  const send = useCallback(
    async (text: string, clientKey: string) => {
      const message = await sendChatMessage(roomId, text, clientKey);
      putMessages(queryClient, roomId, [message]);
      patchRoom(queryClient, roomId, (r) => applyMessageToRoom(r, message));
    },
    [queryClient, roomId],
  );

  const remove = useCallback(
    (message: ChatMessage) => {
      deleteChatMessage(message.messageId).then(
        () => putMessages(queryClient, roomId, [{ ...message, msg: null, type: null }]),
        (error) => console.error('chat: delete failed', error), // E8.51: only logged
      );
    },
    [queryClient, roomId],
  );

  const loadEarlier = useCallback(() => loadEarlierMessages(queryClient, roomId), [queryClient, roomId]);

  const togglePin = useCallback(async () => {
    const next = !room.pin;
    patchRoom(queryClient, roomId, (r) => ({ ...r, pin: next }));
    try {
      await pinChatRoom(roomId, next);
    } catch (error) {
      patchRoom(queryClient, roomId, (r) => ({ ...r, pin: !next }));
      throw error;
    }
  }, [queryClient, roomId, room.pin]);

  return { query, send, remove, loadEarlier, togglePin };
}
