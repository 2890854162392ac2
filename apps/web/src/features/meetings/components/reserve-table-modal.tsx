import { TABLE_SEATS } from '@foyer/contract';
import { Badge, CloseButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import '../i18n';
import { useMeetingCall } from '../api/meetings-api';
import type { PersonOption } from '../api/people-search';
import { meetingErrorText } from '../lib/meeting-errors';
import { useDisplayZone } from '../lib/meeting-time';
import { SlotForm } from './meeting-forms';
import { PersonPicker } from './person-picker';
import { withSlotTime } from './prebook-modal';

interface Props {
  eventId: number;
  /** My participant id: the slots offered are the ones free for me. */
  meId: number;
  boothId?: number | null;
  opened: boolean;
  onClose(): void;
}

/**
 * reserveATableModal (E6.11): a popup table of 8 seats at a slot (required, E5.12), with up to
 * seven people invited to it.
 */
export function ReserveTableModal({ eventId, meId, boothId = null, opened, onClose }: Props) {
  const { t } = useTranslation();
  const zone = useDisplayZone();
  const call = useMeetingCall(eventId);
  const [people, setPeople] = useState<PersonOption[]>([]);
  const close = () => {
    setPeople([]);
    onClose();
  };
  const full = people.length >= TABLE_SEATS - 1;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('meetings.table.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm" data-testid="reserve-table-form">
        <Text size="sm">{t('meetings.table.text', { seats: TABLE_SEATS })}</Text>
        {!full && (
          <PersonPicker
            eventId={eventId}
            label={t('meetings.table.people')}
            value={null}
            onChange={(person) => person && setPeople((list) => [...list, person])}
            exclude={[meId, ...people.map((p) => p.id)]}
            testId="reserve-table-person"
          />
        )}
        {people.length > 0 && (
          <Group gap={6}>
            {people.map((p) => (
              <Badge
                key={p.id}
                variant="outline"
                color="gray.7"
                tt="none"
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label={t('meetings.table.remove', { name: p.fullName })}
                    onClick={() => setPeople((list) => list.filter((x) => x.id !== p.id))}
                  />
                }
              >
                {p.fullName}
              </Badge>
            ))}
          </Group>
        )}
        <SlotForm
          eventId={eventId}
          participantId={meId}
          meetingId={null}
          submitLabel={t('meetings.table.submit')}
          pending={call.isPending}
          testId="reserve-table-slot"
          onCancel={close}
          onSubmit={(slot, message) =>
            call.mutate(
              {
                call: 'reserveTable',
                body: {
                  sessionId: slot.sessionId,
                  boothId: boothId ?? undefined,
                  participantIds: people.map((p) => p.id),
                  message: withSlotTime(message, slot, zone),
                },
              },
              {
                onSuccess: () => {
                  toast('success', t('meetings.table.done'));
                  close();
                },
                onError: (error) => toast('error', meetingErrorText(t, error)),
              },
            )
          }
        />
      </Stack>
    </Modal>
  );
}
