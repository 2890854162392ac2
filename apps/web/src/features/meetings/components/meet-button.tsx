import { Button } from '@mantine/core';
import { lazy, useEffect, useState } from 'react';
import { LazyModal } from '../../../components/lazy-modal';
import { LazyPart } from '../../../components/lazy-part';
import { useEvent } from '../../../lib/use-event';
import '../i18n';
import { useTranslation } from '../../../i18n/react';

// The card (request, answer, reschedule, slots) loads when the modal opens, as its data does: every
// screen listing people renders a meet button, and few of them are pressed.
const MeetingCard = lazy(async () => ({ default: (await import('./meeting-card')).MeetingCard }));

export interface MeetButtonProps {
  eventId: number;
  /** The participant to meet (participant id, as the invitation calls take it). */
  participantId: number;
  name: string;
  size?: 'xs' | 'sm' | 'md';
}

/**
 * E2.41: the attendee card's meet button; opens the attendeeMeet modal (E2.45, E4.14). Not on a
 * finished event (issue 15): there is no time left to meet, so it is not offered at all; nor where
 * the organizer switched meetings off (E9.58).
 */
export function MeetButton({ eventId, participantId, name, size = 'xs' }: MeetButtonProps) {
  const { t } = useTranslation();
  const event = useEvent(eventId).data;
  // E9.58: nor on an event whose organizer switched 1:1 meetings off.
  const hidden = (event?.isFinished ?? false) || event?.meetingsEnabled === false;
  // The modal mounts with the first press (a directory page has sixty of these buttons), closed
  // first and opened right after, so it opens with its transition and gives focus back on close.
  const [mounted, setMounted] = useState(false);
  const [opened, setOpened] = useState(false);
  const [opening, setOpening] = useState(false);
  useEffect(() => {
    if (!mounted || !opening) return;
    setOpening(false);
    setOpened(true);
  }, [mounted, opening]);
  const open = () => {
    if (mounted) setOpened(true);
    else {
      setMounted(true);
      setOpening(true);
    }
  };
  if (hidden) return null;
  return (
    <>
      <Button
        size={size}
        variant="light"
        onClick={open}
        aria-label={t('meetings.meetAria', { name })}
        data-testid="meet-button"
      >
        {t('meetings.meet')}
      </Button>
      {mounted && (
        <AttendeeMeetModal
          eventId={eventId}
          participantId={participantId}
          name={name}
          opened={opened}
          onClose={() => setOpened(false)}
        />
      )}
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
    <LazyModal
      opened={opened}
      onClose={onClose}
      title={t('meetings.modal.title', { name })}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="attendee-meet-modal"
    >
      {opened && (
        <LazyPart>
          <MeetingCard
            eventId={eventId}
            participantId={participantId}
            name={name}
            invitationId={invitationId}
          />
        </LazyPart>
      )}
    </LazyModal>
  );
}
