import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import '../i18n';

export interface MeetButtonProps {
  eventId: number;
  /** The participant to meet (participant id, as the invitation calls take it). */
  participantId: number;
  name: string;
  size?: 'xs' | 'sm' | 'md';
}

/** Placeholder until the meetings screens land: the card's "meet" button (attendeeMeet modal). */
export function MeetButton({ size = 'xs' }: MeetButtonProps) {
  const { t } = useTranslation();
  return (
    <Button size={size} variant="light" disabled>
      {t('nav.invitations')}
    </Button>
  );
}
