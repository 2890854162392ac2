import { type EventDetails, isEventFinished } from '@foyer/contract';
import {
  Button,
  Center,
  EmptyState,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPresentation, IconSearch, IconSearchOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { formatDay, useZone } from '../../../lib/format-date';
import { useSessions } from '../api/sessions-api';
import { AgendaLoadError } from '../components/load-error';
import { SessionCard } from '../components/session-card';
import { SessionsByTime } from '../components/sessions-by-time';
import { defaultDay, filterSessions, groupByTrack, sessionDays, sessionFacets } from '../lib/agenda-lib';
import { useNow } from '../lib/use-now';
import '../i18n';

/** E2.13, E3.07, E4: the programme by day and track (or by time, issue 15), with search, filters and live now. */
export function SessionsTab({ event }: { event: EventDetails }) {
  return (
    <div data-testid="event-tab-panel-sessions">
      <SessionsTabBody event={event} />
    </div>
  );
}

function SessionsTabBody({ event }: { event: EventDetails }) {
  const { t } = useTranslation();
  const { zone, locale } = useZone();
  const now = useNow();
  const query = useSessions(event.id);
  const [day, setDay] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const [trackId, setTrackId] = useState<string | null>(null);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [liveNow, setLiveNow] = useState(false);
  const [view, setView] = useState<'track' | 'time'>('track');

  const sessions = query.data ?? [];
  const days = useMemo(() => sessionDays(sessions, zone), [sessions, zone]);
  const facets = useMemo(() => sessionFacets(sessions), [sessions]);
  const selectedDay = day && days.includes(day) ? day : defaultDay(days, zone, now);
  const shown = filterSessions(sessions, {
    day: q.trim() ? null : selectedDay,
    zone,
    q,
    trackId: trackId ? Number(trackId) : null,
    locationId: locationId ? Number(locationId) : null,
    type,
    liveNow,
    now,
  });
  const groups = groupByTrack(shown);
  const finished = isEventFinished(event, new Date(now));
  const organizer = event.me?.organizer ?? false;
  const card = (session: (typeof shown)[number]) => (
    <SessionCard
      key={session.id}
      session={session}
      eventType={event.eventType}
      eventFinished={finished}
      organizer={organizer}
      myParticipantId={event.me?.id ?? null}
      now={now}
    />
  );

  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (query.isError) {
    return <AgendaLoadError error={query.error} onRetry={() => query.refetch()} />;
  }
  if (sessions.length === 0) {
    return (
      <Paper withBorder radius="md" data-testid="sessions-empty">
        <EmptyState
          py="xl"
          icon={<IconPresentation size={32} aria-hidden />}
          title={t('agenda.sessions.empty.title')}
          description={t('agenda.sessions.empty.text')}
        />
      </Paper>
    );
  }

  return (
    <Stack gap="md" data-testid="sessions-tab">
      <VisuallyHidden>
        <Title order={2}>{t('agenda.sessions.title')}</Title>
      </VisuallyHidden>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('agenda.sessions.search')}
          placeholder={t('agenda.sessions.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
          data-testid="sessions-search"
        />
        <Select
          label={t('agenda.sessions.track')}
          placeholder={t('agenda.sessions.all')}
          data={facets.tracks.map((tr) => ({ value: String(tr.id), label: tr.name }))}
          value={trackId}
          onChange={setTrackId}
          clearable
          style={{ flex: '1 1 150px' }}
          data-testid="sessions-filter-track"
        />
        <Select
          label={t('agenda.sessions.location')}
          placeholder={t('agenda.sessions.all')}
          data={facets.locations.map((l) => ({ value: String(l.id), label: l.name }))}
          value={locationId}
          onChange={setLocationId}
          clearable
          style={{ flex: '1 1 150px' }}
          data-testid="sessions-filter-location"
        />
        {facets.types.length > 1 && (
          <Select
            label={t('agenda.sessions.type')}
            placeholder={t('agenda.sessions.all')}
            data={facets.types}
            value={type}
            onChange={setType}
            clearable
            style={{ flex: '1 1 120px' }}
          />
        )}
      </Group>
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Group
          gap={6}
          wrap="wrap"
          role="group"
          aria-label={t('agenda.sessions.days')}
          data-testid="sessions-days"
        >
          {days.map((d) => (
            <Button
              key={d}
              size="xs"
              variant={d === selectedDay && !liveNow && !q.trim() ? 'filled' : 'default'}
              aria-pressed={d === selectedDay && !liveNow && !q.trim()}
              onClick={() => {
                setDay(d);
                setLiveNow(false);
              }}
            >
              {formatDay(d, locale)}
            </Button>
          ))}
        </Group>
        <Group gap="md" wrap="wrap">
          <SegmentedControl
            aria-label={t('agenda.sessions.view')}
            size="xs"
            value={view}
            onChange={(value) => setView(value === 'time' ? 'time' : 'track')}
            data={[
              { value: 'track', label: t('agenda.sessions.byTrack') },
              { value: 'time', label: t('agenda.sessions.byTime') },
            ]}
            data-testid="sessions-view"
          />
          <Switch
            label={t('agenda.sessions.liveNow')}
            checked={liveNow}
            onChange={(e) => setLiveNow(e.currentTarget.checked)}
            data-testid="sessions-live-now"
          />
        </Group>
      </Group>
      {groups.length === 0 ? (
        <Paper withBorder radius="md" data-testid="sessions-no-match">
          <EmptyState
            py="xl"
            icon={<IconSearchOff size={32} aria-hidden />}
            title={liveNow ? t('agenda.sessions.noneLive') : t('agenda.sessions.noMatch')}
            description={t('agenda.sessions.noMatchText')}
          />
        </Paper>
      ) : view === 'time' ? (
        <SessionsByTime sessions={shown} card={card} />
      ) : (
        groups.map((group) => (
          <Stack
            key={group.track?.id ?? 'none'}
            gap="sm"
            component="section"
            aria-label={group.track?.name ?? t('agenda.sessions.noTrack')}
          >
            <Title order={3} size="h4">
              {group.track?.name ?? t('agenda.sessions.noTrack')}
            </Title>
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
              {group.sessions.map(card)}
            </SimpleGrid>
          </Stack>
        ))
      )}
    </Stack>
  );
}
