import { Button, Modal } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n';
import { MeetingCard } from './meeting-card';

export interface MeetButtonProps {
  eventId: number;
  /** The participant to meet (participant id, as the invitation calls take it). */
  participantId: number;
  name: string;
  size?: 'xs' | 'sm' | 'md';
}

/** E2.41: the attendee card's meet button; opens the attendeeMeet modal (E2.45, E4.14). */
export function MeetButton({ eventId, participantId, name, size = 'xs' }: MeetButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size={size} variant="light" onClick={() => setOpened(true)} data-testid="meet-button">
        {t('meetings.meet')}
      </Button>
      <AttendeeMeetModal
        eventId={eventId}
        participantId={participantId}
        name={name}
        opened={opened}
        onClose={() => setOpened(false)}
      />
    </>
  );
}

interface ModalProps {
  eventId: number;
  participantId: number;
  name: string;
  /** Opened from a list: the invitation in question (a company request is not our pair's). */
  invitationId?: number | null;
  opened: boolean;
  onClose(): void;
}

/** The attendeeMeet modal: the meeting card with another person (request, answer, reschedule, cancel). */
export function AttendeeMeetModal({
  eventId,
  participantId,
  name,
  invitationId = null,
  opened,
  onClose,
}: ModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('meetings.modal.title', { name })}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="attendee-meet-modal"
    >
      {opened && (
        <MeetingCard
          eventId={eventId}
          participantId={participantId}
          name={name}
          invitationId={invitationId}
        />
      )}
    </Modal>
  );
}
