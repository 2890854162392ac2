import type { JoinSessionResult } from '@foyer/contract';
import { isSessionPast } from '@foyer/contract';
import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { api } from '../../../lib/api-client';
import { formatDay, formatTimeRange, useZone } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { agendaKeys, useSessions } from '../api/sessions-api';
import { dayOf } from '../lib/agenda-lib';
import { scheduleErrorToast } from '../lib/schedule-errors';
import '../i18n';

interface Props {
  eventId: number;
  participantId: number;
  participantName: string;
  opened: boolean;
  onClose(): void;
}

/**
 * addSessionToAgendaModal (E7.15, E5.12, E6.10): an organizer puts a session (or, for a session
 * with time slots, one chosen slot) into a participant's agenda. For the attendee profile to open.
 */
export function AddSessionModal({ eventId, participantId, participantName, opened, onClose }: Props) {
  const { t } = useTranslation();
  const { zone, locale } = useZone();
  const client = useQueryClient();
  const sessions = useSessions(opened ? eventId : 0).data ?? [];
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [slotId, setSlotId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const add = useMutation({
    mutationFn: (id: number) =>
      api<JoinSessionResult>('/event/schedule/addToSession', {
        method: 'POST',
        body: { eventId, sessionId: id, participantId },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: agendaKeys.all }),
  });

  useEffect(() => {
    if (opened) {
      setSessionId(null);
      setSlotId(null);
      setError(undefined);
    }
  }, [opened]);

  const now = Date.now();
  const label = (s: { sdt: string; edt: string; name: string }) =>
    `${formatDay(dayOf(s.sdt, zone), locale)} ${formatTimeRange(s.sdt, s.edt, zone, locale)} · ${s.name}`;
  const chosen = sessions.find((s) => String(s.id) === sessionId);
  const slots = (chosen?.subSessions ?? []).filter((s) => !isSessionPast(s, now));

  const submit = () => {
    if (!chosen) return setError(t('agenda.addSession.sessionRequired'));
    if (chosen.subSessions.length > 0 && !slotId) return setError(t('agenda.addSession.slotRequired')); // E5.12
    add.mutate(slotId ? Number(slotId) : chosen.id, {
      onSuccess: () => {
        toast('success', t('agenda.toast.added')); // E8.35
        onClose();
      },
      onError: (err) => scheduleErrorToast(err, t),
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('agenda.addSession.title', { name: participantName })}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm" data-testid="add-session-modal">
        <Select
          label={t('agenda.addSession.session')}
          data={sessions
            .filter((s) => !isSessionPast(s, now))
            .map((s) => ({ value: String(s.id), label: label(s) }))}
          value={sessionId}
          onChange={(v) => {
            setSessionId(v);
            setSlotId(null);
            setError(undefined);
          }}
          searchable
          required
          error={chosen ? undefined : error}
        />
        {chosen && chosen.subSessions.length > 0 && (
          <Select
            label={t('agenda.addSession.slot')}
            data={slots.map((s) => ({ value: String(s.id), label: label(s), disabled: s.isFull }))}
            value={slotId}
            onChange={(v) => {
              setSlotId(v);
              setError(undefined);
            }}
            required
            error={error}
          />
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('agenda.cancel')}
          </Button>
          <Button onClick={submit} loading={add.isPending}>
            {t('agenda.button.addToAgenda')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
