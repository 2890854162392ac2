import { MAX_SUGGESTED_SLOTS, type TimeSlot } from '@foyer/contract';
import { Button, CloseButton, Group, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import '../i18n';
import { useFreeSlots } from '../api/meetings-api';
import { dayLabel, rangeOf, slotsByDay, timeOf, useDisplayZone } from '../lib/meeting-time';

interface Props {
  eventId: number;
  participantId: number;
  value: TimeSlot[];
  onChange(slots: TimeSlot[]): void;
}

/**
 * Issue 15 (beyond the spec): the sender of a meeting request may suggest up to three times free for
 * both. Optional and folded away: the request goes without them, and the invitee may pick any slot.
 */
export function SuggestSlots({ eventId, participantId, value, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(value.length > 0);
  const zone = useDisplayZone();
  const offer = useFreeSlots(eventId, open ? participantId : 0, null);
  const days = offer.data ? slotsByDay(offer.data.days, zone) : [];
  const [chosenDay, setDay] = useState<string | null>(null);
  const day = days.find((d) => d.date === chosenDay) ?? days[0];
  const full = value.length >= MAX_SUGGESTED_SLOTS;

  if (!open) {
    return (
      <Group>
        <Button variant="subtle" size="compact-sm" onClick={() => setOpen(true)} data-testid="suggest-open">
          {t('meetings.suggest.open')}
        </Button>
      </Group>
    );
  }
  const toggle = (slot: TimeSlot) =>
    onChange(
      value.some((s) => s.sessionId === slot.sessionId)
        ? value.filter((s) => s.sessionId !== slot.sessionId)
        : [...value, slot].sort((a, b) => a.sdt.localeCompare(b.sdt)),
    );
  return (
    <Stack gap="xs" data-testid="suggest-slots">
      <Text size="sm" fw={500} id="suggest-label">
        {t('meetings.suggest.label', { count: MAX_SUGGESTED_SLOTS })}
      </Text>
      {value.length > 0 && (
        <Stack gap={4} aria-label={t('meetings.suggest.chosen')} role="list">
          {value.map((slot) => (
            <Group key={slot.sessionId} gap="xs" role="listitem" data-testid="suggest-chosen">
              <Text size="sm">{rangeOf(slot.sdt, slot.edt, zone)}</Text>
              <CloseButton
                size="sm"
                aria-label={t('meetings.suggest.remove', { time: rangeOf(slot.sdt, slot.edt, zone) })}
                onClick={() => toggle(slot)}
              />
            </Group>
          ))}
        </Stack>
      )}
      {offer.isPending ? (
        <Skeleton h={64} radius="md" />
      ) : !day ? (
        <Text size="sm" c="gray.7" data-testid="suggest-none">
          {t('meetings.suggest.none')}
        </Text>
      ) : (
        <>
          <Select
            label={t('meetings.slots.day')}
            data={days.map((d) => ({ value: d.date, label: dayLabel(d.date, i18n.language) }))}
            value={day.date}
            onChange={setDay}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="suggest-day"
          />
          <SimpleGrid cols={{ base: 3, xs: 4 }} spacing={6} role="group" aria-labelledby="suggest-label">
            {day.slots.map((slot) => {
              const chosen = value.some((s) => s.sessionId === slot.sessionId);
              return (
                <Button
                  key={slot.sessionId}
                  size="xs"
                  variant={chosen ? 'filled' : 'default'}
                  aria-pressed={chosen}
                  disabled={!chosen && full}
                  onClick={() => toggle(slot)}
                  data-testid="suggest-time"
                >
                  {timeOf(slot.sdt, zone)}
                </Button>
              );
            })}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

/** The times a request suggests, as a sentence-sized list (both sides of the request see it). */
export function SuggestedTimes({ slots, label }: { slots: readonly TimeSlot[]; label: string }) {
  const zone = useDisplayZone();
  if (slots.length === 0) return null;
  return (
    <Stack gap={2} data-testid="suggested-times">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {slots.map((slot) => (
        <Text size="sm" key={slot.sessionId}>
          {rangeOf(slot.sdt, slot.edt, zone)}
        </Text>
      ))}
    </Stack>
  );
}
