import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import '../i18n';

export interface ChatButtonProps {
  eventId: number;
  /** The participant to chat with (participant id, as POST /chat/room takes it). */
  participantId: number;
  name: string;
  size?: 'xs' | 'sm' | 'md';
}

/** Placeholder until the chat screens land: opens (or creates) the private room with this person. */
export function ChatButton({ size = 'xs' }: ChatButtonProps) {
  const { t } = useTranslation();
  return (
    <Button size={size} variant="default" disabled>
      {t('nav.chat')}
    </Button>
  );
}
