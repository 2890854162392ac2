import { Affix, Paper } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useChatRooms } from '../api/chat-api';
import { useChatWindow } from '../lib/chat-window-store';
import '../i18n';
import { Conversation } from './conversation';

/** E4.57: a conversation in a small floating window over the page (desktop). */
export function FloatingChatWindow({ roomId }: { roomId: number }) {
  const navigate = useNavigate();
  const close = useChatWindow((state) => state.close);
  const room = useChatRooms().data?.find((r) => r.id === roomId);
  if (!room) return null;
  return (
    <Affix position={{ bottom: 76, right: 16 }} zIndex={160}>
      <Paper
        withBorder
        shadow="xl"
        radius="md"
        w={360}
        h="min(520px, calc(100dvh - 110px))"
        style={{ overflow: 'hidden' }}
        role="dialog"
        aria-labelledby={`chat-window-${room.id}`}
        data-testid="floating-chat-window"
      >
        <Conversation
          key={room.id}
          room={room}
          headingOrder={2}
          titleId={`chat-window-${room.id}`}
          autoFocus
          onClose={close}
          onOpenFull={() => {
            close();
            navigate(`/chat?room=${room.id}`);
          }}
        />
      </Paper>
    </Affix>
  );
}
