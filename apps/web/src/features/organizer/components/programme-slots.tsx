import { meetingSlotsRequest, type Programme } from '@foyer/contract';
import {
  Alert,
  Button,
  Chip,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useGenerateSlots } from '../api/programme';
import { apiFieldErrors, issueErrors } from '../lib/form-errors';
import { isMeetingSlot, programmeDays } from '../lib/programme';

/** Generates back-to-back 1:1 meeting slots on chosen days (E3.08), times in the event's zone. */
export function MeetingSlotsForm({ eventId, programme }: { eventId: number; programme: Programme }) {
  const { t } = useTranslation();
  const generate = useGenerateSlots(eventId);
  const days = programmeDays(programme);
  const [chosen, setChosen] = useState<string[]>([]);
  const [from, setFrom] = useState('09:00');
  const [to, setTo] = useState('17:00');
  const [minutes, setMinutes] = useState('30');
  const [locationId, setLocationId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const existing = programme.sessions.filter(isMeetingSlot).length;

  const label = (field: string) =>
    ({
      days: t('organizer.programme.slots.days'),
      from: t('organizer.programme.slots.from'),
      to: t('organizer.programme.slots.to'),
      minutes: t('organizer.programme.slots.minutes'),
    })[field] ?? field;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = meetingSlotsRequest.safeParse({
      days: chosen,
      from,
      to,
      minutes: minutes.trim(),
      locationId: locationId ? Number(locationId) : null,
    });
    if (!parsed.success) {
      setErrors(issueErrors(t, parsed.error.issues, label));
      return;
    }
    setErrors({});
    generate.mutate(parsed.data, {
      onSuccess: (result) =>
        toast(
          'success',
          t('organizer.programme.slots.done', { count: result.created, skipped: result.skipped }),
        ),
      onError: (error) => setErrors(apiFieldErrors(t, error) ?? { form: error.message }),
    });
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="programme-slots">
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('organizer.programme.slots.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('organizer.programme.slots.hint', { count: existing })}
          </Text>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="slot-days-label">
              {t('organizer.programme.slots.days')}
            </Text>
            <Chip.Group multiple value={chosen} onChange={setChosen}>
              <Group gap="xs" role="group" aria-labelledby="slot-days-label">
                {days.map((day) => (
                  <Chip key={day} value={day} size="sm">
                    {day}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {errors.days && (
              <Text size="sm" c="red">
                {errors.days}
              </Text>
            )}
          </Stack>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <TextInput
              type="time"
              label={t('organizer.programme.slots.from')}
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
              error={errors.from}
            />
            <TextInput
              type="time"
              label={t('organizer.programme.slots.to')}
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
              error={errors.to}
            />
            <TextInput
              label={t('organizer.programme.slots.minutes')}
              inputMode="numeric"
              value={minutes}
              onChange={(e) => setMinutes(e.currentTarget.value)}
              error={errors.minutes}
            />
            <Select
              label={t('organizer.programme.slots.room')}
              placeholder={t('organizer.programme.noRoom')}
              data={programme.rooms.map((r) => ({ value: String(r.id), label: r.name }))}
              value={locationId}
              onChange={setLocationId}
              clearable
              error={errors.locationId}
            />
          </SimpleGrid>
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={generate.isPending} data-testid="slots-generate">
              {t('organizer.programme.slots.generate')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
