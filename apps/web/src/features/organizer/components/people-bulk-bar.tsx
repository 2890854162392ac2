import type { ParticipantType } from '@foyer/contract';
import { Button, Group, Paper, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useBulkPeople } from '../api/people';

interface Props {
  eventId: number;
  ids: number[];
  types: ParticipantType[];
  onDone(): void;
}

/** What to do with the checked rows: change their type, resend their invitation, remove them. */
export function PeopleBulkBar({ eventId, ids, types, onDone }: Props) {
  const { t } = useTranslation();
  const bulk = useBulkPeople(eventId);
  const [typeId, setTypeId] = useState<string | null>(null);
  const run = (action: 'setType' | 'resendInvitation' | 'remove') => {
    if (
      action === 'remove' &&
      !window.confirm(t('organizer.people.bulk.confirmRemove', { count: ids.length }))
    )
      return;
    bulk.mutate(
      { ids, action, ...(action === 'setType' && typeId ? { typeId: Number(typeId) } : {}) },
      {
        onSuccess: ({ affected }) => {
          toast('success', t(`organizer.people.bulk.done.${action}`, { count: affected }));
          onDone();
        },
        onError: (error) => toast('error', error.message),
      },
    );
  };
  return (
    <Paper
      withBorder
      p="sm"
      data-testid="people-bulk-bar"
      role="region"
      aria-label={t('organizer.people.bulk.title')}
    >
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={500}>
          {t('organizer.people.bulk.selected', { count: ids.length })}
        </Text>
        <Select
          size="xs"
          aria-label={t('organizer.people.bulk.type')}
          placeholder={t('organizer.people.bulk.type')}
          data={types.map((type) => ({ value: String(type.id), label: type.name }))}
          value={typeId}
          onChange={setTypeId}
          w={180}
        />
        <Button size="xs" disabled={!typeId} loading={bulk.isPending} onClick={() => run('setType')}>
          {t('organizer.people.bulk.setType')}
        </Button>
        <Button size="xs" variant="default" loading={bulk.isPending} onClick={() => run('resendInvitation')}>
          {t('organizer.people.bulk.resend')}
        </Button>
        <Button size="xs" color="red" variant="light" loading={bulk.isPending} onClick={() => run('remove')}>
          {t('organizer.people.bulk.remove')}
        </Button>
      </Group>
    </Paper>
  );
}
