import { localDayIn, offTimeForm } from '@foyer/contract';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useZone } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useAddBreak } from '../api/agenda-api';
import { quarterHours } from '../lib/agenda-lib';
import { scheduleErrorToast } from '../lib/schedule-errors';
import '../i18n';
import { messageText } from '../../../i18n/keys';

interface Props {
  opened: boolean;
  onClose(): void;
  events: { id: number; name: string }[];
  defaultEventId: number | null;
}

type Errors = Partial<Record<'eventId' | 'date' | 'start' | 'end', string>>;

/** agendaOffTimeModal (E5.08–E5.10, E3.11): a break of date, start and end in 15-minute steps. */
export function OffTimeModal({ opened, onClose, events, defaultEventId }: Props) {
  const { t } = useTranslation();
  const { zone } = useZone();
  const add = useAddBreak();
  const times = useMemo(() => quarterHours(), []);
  const [eventId, setEventId] = useState<string | null>(null);
  const [date, setDate] = useState('');
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (!opened) return;
    const first = defaultEventId ?? events[0]?.id ?? null;
    setEventId(first ? String(first) : null);
    setDate(localDayIn(zone, Date.now()));
    setStart(null);
    setEnd(null);
    setErrors({});
  }, [opened, defaultEventId, events, zone]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!eventId) next.eventId = t('agenda.break.eventRequired');
    const parsed = offTimeForm.safeParse({ date, start: start ?? '', end: end ?? '' });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        const empty = key === 'date' ? !date : key === 'start' ? !start : key === 'end' ? !end : false;
        next[key] ??= empty ? t('agenda.break.required') : messageText(t, issue.message);
      }
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    add.mutate(
      { form: parsed.data, eventId: Number(eventId), timezone: zone },
      {
        onSuccess: () => {
          toast('success', t('agenda.toast.breakAdded'));
          onClose();
        },
        onError: (error) => scheduleErrorToast(error, t),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('agenda.break.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate data-testid="off-time-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('agenda.break.text', { zone })}
          </Text>
          {events.length > 1 && (
            <Select
              label={t('agenda.break.event')}
              data={events.map((ev) => ({ value: String(ev.id), label: ev.name }))}
              value={eventId}
              onChange={setEventId}
              error={errors.eventId}
              required
              allowDeselect={false}
            />
          )}
          <TextInput
            type="date"
            label={t('agenda.break.date')}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={errors.date}
            required
            data-testid="off-time-date"
          />
          <Group grow align="flex-start">
            <Select
              label={t('agenda.break.start')}
              data={times}
              value={start}
              onChange={setStart}
              error={errors.start}
              required
              searchable
              data-testid="off-time-start"
            />
            <Select
              label={t('agenda.break.end')}
              data={times}
              value={end}
              onChange={setEnd}
              error={errors.end}
              required
              searchable
              data-testid="off-time-end"
            />
          </Group>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('agenda.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending} data-testid="off-time-save">
              {t('agenda.break.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
