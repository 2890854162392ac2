import { MOBILE_MAX_WIDTH } from '@foyer/contract';
import {
  Button,
  Center,
  EmptyState,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarOff, IconCoffee, IconMailForward, IconSearch, IconSearchOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { readLastVisitedEvent } from '../../../lib/storage';
import { useCurrentEventId } from '../../../lib/use-current-event';
import { useEvents } from '../../../lib/use-events';
import { useMyAgenda } from '../api/agenda-api';
import { AgendaList } from '../components/agenda-list';
import { ExportModal } from '../components/export-modal';
import { AgendaLoadError } from '../components/load-error';
import { OffTimeModal } from '../components/off-time-modal';
import { SessionDetail } from '../components/session-detail';
import { agendaEvents, filterAgenda } from '../lib/agenda-lib';
import { useNow } from '../lib/use-now';
import '../i18n';

function browseTarget(): string {
  const last = readLastVisitedEvent();
  return last ? `/event/${last.id}/sessions` : '/event/list';
}

/** The events an agenda action can concern: the active ones the user belongs to, else those in the agenda. */
function useAgendaEventChoices(items: { eid: number; eventName: string }[] | undefined) {
  const events = useEvents().data;
  return useMemo(() => {
    const fromAgenda = agendaEvents(items ?? []);
    const active = (events?.active ?? []).filter((e) => e.me).map((e) => ({ id: e.id, name: e.name }));
    const all = new Map([...fromAgenda, ...active].map((e) => [e.id, e]));
    return [...all.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [items, events]);
}

type Kind = 'all' | 'sessions' | 'meetings' | 'breaks';

/** A2.09, E2.29–E2.32: the personal agenda with search, filter, add break and export. */
export function MyAgendaPage() {
  const { t } = useTranslation();
  const phone = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`, undefined, {
    getInitialValueInEffect: false,
  });
  const now = useNow();
  const query = useMyAgenda();
  const currentEventId = useCurrentEventId();
  const choices = useAgendaEventChoices(query.data);
  const [q, setQ] = useState('');
  const [eventId, setEventId] = useState<string | null>(null);
  const [kind, setKind] = useState<Kind>('all');
  const [modal, setModal] = useState<'break' | 'export' | null>(null);
  const items = query.data ?? [];
  const shown = filterAgenda(items, { q, eventId: eventId ? Number(eventId) : null, kind });
  const defaultEventId = currentEventId ?? choices[0]?.id ?? null;
  const filtering = q.trim() !== '' || eventId !== null || kind !== 'all';

  return (
    <Stack gap="lg" data-testid="my-agenda-page">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1}>{t('shell.pages.myAgenda')}</Title>
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconCoffee size={16} aria-hidden />}
            onClick={() => setModal('break')}
            disabled={choices.length === 0}
            data-testid="agenda-add-break"
          >
            {t('agenda.mine.addBreak')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconMailForward size={16} aria-hidden />}
            onClick={() => setModal('export')}
            disabled={choices.length === 0}
            data-testid="agenda-export"
          >
            {t('agenda.mine.export')}
          </Button>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('agenda.mine.search')}
          placeholder={t('agenda.mine.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
          data-testid="agenda-search"
        />
        {choices.length > 1 && (
          <Select
            label={t('agenda.mine.event')}
            placeholder={t('agenda.sessions.all')}
            data={choices.map((e) => ({ value: String(e.id), label: e.name }))}
            value={eventId}
            onChange={setEventId}
            clearable
            style={{ flex: '1 1 180px' }}
          />
        )}
        <SegmentedControl
          // On a phone the four kinds share the width in a smaller size: in Turkish or Russian their
          // names no longer run off the screen.
          size={phone ? 'xs' : 'sm'}
          fullWidth={phone}
          style={phone ? { flex: '1 1 100%' } : undefined}
          aria-label={t('agenda.mine.filter')}
          value={kind}
          onChange={(v) => setKind(v as Kind)}
          data-testid="agenda-kind"
          data={[
            { value: 'all', label: t('agenda.mine.kind.all') },
            { value: 'sessions', label: t('agenda.mine.kind.sessions') },
            { value: 'meetings', label: t('agenda.mine.kind.meetings') },
            { value: 'breaks', label: t('agenda.mine.kind.breaks') },
          ]}
        />
      </Group>
      {query.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : query.isError ? (
        <AgendaLoadError error={query.error} onRetry={() => query.refetch()} />
      ) : shown.length === 0 ? (
        <Paper withBorder radius="md" data-testid="agenda-empty">
          <EmptyState
            py="xl"
            icon={
              filtering ? <IconSearchOff size={32} aria-hidden /> : <IconCalendarOff size={32} aria-hidden />
            }
            title={filtering ? t('agenda.mine.noMatch') : t('shell.agenda.empty.title')}
            description={filtering ? t('agenda.sessions.noMatchText') : t('shell.agenda.empty.text')}
          >
            {!filtering && (
              <EmptyState.Actions>
                <Button component={Link} to={browseTarget()} variant="default">
                  {t('shell.agenda.browseSessions')}
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        </Paper>
      ) : (
        <AgendaList items={shown} now={now} />
      )}
      <OffTimeModal
        opened={modal === 'break'}
        onClose={() => setModal(null)}
        events={choices}
        defaultEventId={defaultEventId}
      />
      <ExportModal opened={modal === 'export'} onClose={() => setModal(null)} events={choices} />
    </Stack>
  );
}

/** A2.10, E2.23: a session of the personal agenda, on mobile (rsesId or sdefId). */
export function AgendaSessionPage() {
  const { t } = useTranslation();
  const { eventId, sessionId } = useParams();
  return (
    <SessionDetail
      eventId={Number(eventId)}
      id={Number(sessionId)}
      variant="page"
      backTo={{ label: t('shell.pages.backToAgenda'), to: '/my-agenda' }}
    />
  );
}
