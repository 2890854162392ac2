import { Button, CopyButton, Divider, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconMail } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { downloadCalendar, useCalendarLink, useExportAgenda } from '../api/agenda-api';
import { returnedMessage } from '../lib/schedule-errors';
import '../i18n';

interface Props {
  opened: boolean;
  onClose(): void;
  events: { id: number; name: string }[];
}

/** exportAgendaModal (E1.07, E5.25, E7.16): by e-mail (an event is required), calendar link, .ics. */
export function ExportModal({ opened, onClose, events }: Props) {
  const { t } = useTranslation();
  const exportMail = useExportAgenda();
  const link = useCalendarLink();
  const [eventId, setEventId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  const { reset } = link;
  const wasOpen = useRef(false);
  useEffect(() => {
    if (opened && !wasOpen.current) {
      // E5.25: the event is the user's explicit choice, never silently assumed.
      setEventId(null);
      setError(undefined);
      reset();
    }
    wasOpen.current = opened;
  }, [opened, reset]);

  const chosen = eventId ? Number(eventId) : null;
  const send = () => {
    if (!chosen) {
      setError(t('agenda.export.eventRequired')); // E5.25
      return;
    }
    exportMail.mutate(chosen, {
      onSuccess: (result) => {
        toast('success', t('agenda.export.sent', { email: result.sentTo }));
        onClose();
      },
      onError: (err) => toast('error', returnedMessage(err, t)),
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('agenda.export.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm" data-testid="export-modal">
        <Select
          label={t('agenda.export.event')}
          placeholder={t('agenda.export.choose')}
          data={events.map((ev) => ({ value: String(ev.id), label: ev.name }))}
          value={eventId}
          onChange={(value) => {
            setEventId(value);
            setError(undefined);
            link.reset();
          }}
          error={error}
          required
          data-testid="export-event"
        />
        <Text size="sm" c="dimmed">
          {t('agenda.export.mailText')}
        </Text>
        <Group justify="flex-end">
          <Button
            leftSection={<IconMail size={16} aria-hidden />}
            onClick={send}
            loading={exportMail.isPending}
            data-testid="export-send"
          >
            {t('agenda.export.send')}
          </Button>
        </Group>
        <Divider label={t('agenda.export.calendar')} labelPosition="left" />
        <Text size="sm" c="dimmed">
          {t('agenda.export.calendarText')}
        </Text>
        {link.data ? (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('agenda.export.link')}
              value={link.data.url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
              data-testid="export-link"
            />
            <CopyButton value={link.data.url}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('agenda.export.copied') : t('agenda.export.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : null}
        <Group justify="flex-end" gap="xs" wrap="wrap">
          {!link.data && (
            <Button
              variant="default"
              disabled={!chosen}
              loading={link.isPending}
              onClick={() =>
                chosen &&
                link.mutate(
                  { eventId: chosen },
                  { onError: (err) => toast('error', returnedMessage(err, t)) }, // E8.55
                )
              }
              data-testid="export-show-link"
            >
              {t('agenda.export.showLink')}
            </Button>
          )}
          <Button
            variant="default"
            disabled={!chosen}
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() =>
              chosen &&
              downloadCalendar(
                `/event/participant/calendar.ics?eventId=${chosen}`,
                `agenda-${chosen}.ics`,
              ).catch((err: unknown) =>
                toast('error', err instanceof Error ? err.message : t('agenda.error.generic')),
              )
            }
            data-testid="export-download"
          >
            {t('agenda.export.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
