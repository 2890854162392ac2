import type { SlotOffer, TimeSlot } from '@foyer/contract';
import { Alert, Button, Group, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import '../i18n';
import { dayLabel, slotsByDay, timeOf, useDisplayZone } from '../lib/meeting-time';

interface Props {
  offer: SlotOffer | undefined;
  loading: boolean;
  error: Error | null;
  value: TimeSlot | null;
  onChange(slot: TimeSlot | null): void;
}

/**
 * E2.46: the meeting time-slot picker — a day dropdown and a button per time, offering only the
 * slots free for both people (E5.11), or the reason there are none (E8.24–E8.26).
 */
export function SlotPicker({ offer, loading, error, value, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const zone = useDisplayZone();
  const days = offer ? slotsByDay(offer.days, zone) : [];
  const [chosenDay, setDay] = useState<string | null>(null);
  const day = days.find((d) => d.date === chosenDay) ?? days[0];

  if (loading) return <Skeleton h={96} radius="md" />;
  if (error) {
    return (
      <Alert color="red" role="alert">
        {error.message}
      </Alert>
    );
  }
  if (!offer || !day) {
    const message = offer?.message ?? 'error1';
    return (
      <Alert
        color={message === 'info' ? 'blue' : 'red'}
        role={message === 'info' ? 'status' : 'alert'}
        data-testid={`slot-message-${message}`}
      >
        {t(`meetings.slots.${message}`, { name: offer?.opponentName ?? '' })}
      </Alert>
    );
  }
  return (
    <Stack gap="xs" data-testid="slot-picker">
      <Select
        label={t('meetings.slots.day')}
        data={days.map((d) => ({ value: d.date, label: dayLabel(d.date, i18n.language) }))}
        value={day.date}
        onChange={(next) => {
          setDay(next);
          onChange(null);
        }}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-testid="slot-day"
      />
      <Text size="sm" fw={500} id="slot-times-label">
        {t('meetings.slots.time')}
      </Text>
      <SimpleGrid cols={{ base: 3, xs: 4 }} spacing={6} role="group" aria-labelledby="slot-times-label">
        {day.slots.map((slot) => {
          const selected = value?.sessionId === slot.sessionId;
          return (
            <Button
              key={slot.sessionId}
              size="xs"
              variant={selected ? 'filled' : 'default'}
              aria-pressed={selected}
              onClick={() => onChange(selected ? null : slot)}
              data-testid="slot-time"
            >
              {timeOf(slot.sdt, zone)}
            </Button>
          );
        })}
      </SimpleGrid>
      <Group gap={4}>
        <Text size="xs" c="dimmed">
          {t('meetings.slots.zone', { zone })}
        </Text>
      </Group>
    </Stack>
  );
}
