import type { TimeSlot } from '@foyer/contract';
import { Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import '../i18n';
import { useMeetingCall } from '../api/meetings-api';
import type { PersonOption } from '../api/people-search';
import { meetingErrorText } from '../lib/meeting-errors';
import { timeOf, useDisplayZone } from '../lib/meeting-time';
import { SlotForm } from './meeting-forms';
import { PersonPicker } from './person-picker';

interface Props {
  eventId: number;
  opened: boolean;
  onClose(): void;
}

/** E5.14: the chosen slot's start time goes into the message. */
export function withSlotTime(message: string, slot: TimeSlot, zone: string): string {
  const time = timeOf(slot.sdt, zone);
  return message ? `${time}: ${message}` : time;
}

/**
 * preBookedMeetingModal (E6.10, E7.12): someone with the right onbehalfmeeting books a meeting for
 * two people, at a slot free for both; the book button waits for a slot (E5.13).
 */
export function PrebookModal({ eventId, opened, onClose }: Props) {
  const { t } = useTranslation();
  const zone = useDisplayZone();
  const call = useMeetingCall(eventId);
  const [from, setFrom] = useState<PersonOption | null>(null);
  const [to, setTo] = useState<PersonOption | null>(null);
  const close = () => {
    setFrom(null);
    setTo(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('meetings.prebook.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm" data-testid="prebook-form">
        <PersonPicker
          eventId={eventId}
          label={t('meetings.prebook.from')}
          value={from}
          onChange={setFrom}
          exclude={to ? [to.id] : []}
          testId="prebook-from"
        />
        <PersonPicker
          eventId={eventId}
          label={t('meetings.prebook.to')}
          value={to}
          onChange={setTo}
          exclude={from ? [from.id] : []}
          testId="prebook-to"
        />
        {from && to && (
          <SlotForm
            key={`${from.id}-${to.id}`}
            eventId={eventId}
            participantId={to.id}
            fromParticipantId={from.id}
            meetingId={null}
            submitLabel={t('meetings.prebook.submit')}
            pending={call.isPending}
            testId="prebook-slot"
            onCancel={close}
            onSubmit={(slot, message) =>
              call.mutate(
                {
                  call: 'prebook',
                  body: {
                    sessionId: slot.sessionId,
                    fromParticipantId: from.id,
                    toParticipantId: to.id,
                    message: withSlotTime(message, slot, zone),
                  },
                },
                {
                  onSuccess: () => {
                    toast('success', t('meetings.prebook.done'));
                    close();
                  },
                  onError: (error) => toast('error', meetingErrorText(t, error)),
                },
              )
            }
          />
        )}
      </Stack>
    </Modal>
  );
}
