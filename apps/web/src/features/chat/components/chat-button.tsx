import { showsFloatingChat } from '@foyer/contract';
import { Button } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { backgroundLocationOf } from '../../../lib/modal-route';
import { toast } from '../../../lib/toast';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { openPrivateRoom, putRoom } from '../api/chat-api';
import { useChatWindow } from '../lib/chat-window-store';
import '../i18n';
import { useTranslation } from '../../../i18n/react';

export interface ChatButtonProps {
  eventId: number;
  /** The participant to chat with (participant id, as POST /chat/room takes it). */
  participantId: number;
  name: string;
  size?: 'xs' | 'sm' | 'md';
}

/**
 * E2.41, E1.10: opens the private room with this person, creating it the first time (E7.55). On
 * desktop it opens in the floating chat window (over the page a profile modal was opened from);
 * on mobile, and on /chat, in the full chat. Callers hide it where chat is not allowed (E6.22).
 */
export function ChatButton({ eventId, participantId, name, size = 'xs' }: ChatButtonProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const mobile = useBreakpoint() === 'mobile';
  const openWindow = useChatWindow((state) => state.open);
  const [busy, setBusy] = useState(false);

  const open = async () => {
    setBusy(true);
    try {
      const room = await openPrivateRoom(eventId, participantId);
      putRoom(queryClient, room);
      const background = backgroundLocationOf(location);
      const page = background ?? location;
      if (mobile || !showsFloatingChat(page.pathname)) {
        navigate(`/chat?room=${room.id}`);
        return;
      }
      if (background) navigate(background, { replace: false });
      openWindow(room.id);
    } catch (error) {
      toast('error', (error as Error).message); // E8.47
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size={size}
      variant="default"
      leftSection={<IconMessage size={14} aria-hidden />}
      aria-label={t('chat.button.aria', { name })}
      loading={busy}
      onClick={() => void open()}
      data-testid="chat-button"
    >
      {t('chat.button.label')}
    </Button>
  );
}
