import type { AddGuestRequest, Meeting } from '@foyer/contract';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import '../i18n';
import { meetingKeys } from '../api/meetings-api';
import type { PersonOption } from '../api/people-search';
import { meetingErrorText } from '../lib/meeting-errors';
import { PersonPicker } from './person-picker';

interface Props {
  eventId: number;
  meeting: Meeting;
  opened: boolean;
  onClose(): void;
}

/** addGuestToMeetingModal (E6.28–E6.31): a host adds a guest; Add is disabled until someone is chosen (E5.23). */
export function AddGuestModal({ eventId, meeting, opened, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [guest, setGuest] = useState<PersonOption | null>(null);
  const [message, setMessage] = useState('');
  const add = useMutation({
    mutationFn: (participantId: number) => {
      const body: AddGuestRequest = {
        eventId,
        sessionId: meeting.id,
        participantId,
        message: message.trim() || undefined,
      };
      return api<Meeting>('/event/meeting/addGuest', { method: 'POST', body });
    },
    onSuccess: () => {
      toast('success', t('meetings.guest.added', { name: guest?.fullName ?? '' }));
      setGuest(null);
      setMessage('');
      onClose();
    },
    onError: (error) => toast('error', meetingErrorText(t, error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meetingKeys.all }),
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('meetings.guest.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm" data-testid="add-guest-form">
        <PersonPicker
          eventId={eventId}
          label={t('meetings.guest.person')}
          value={guest}
          onChange={setGuest}
          exclude={meeting.participants.map((p) => p.id)}
          testId="add-guest-person"
        />
        <Textarea
          label={t('meetings.form.messageOptional')}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={2000}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('meetings.action.back')}
          </Button>
          <Button
            disabled={!guest}
            loading={add.isPending}
            onClick={() => guest && add.mutate(guest.id)}
            data-testid="add-guest-submit"
          >
            {t('meetings.guest.add')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
