import type { Dashboard } from '@foyer/contract';
import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DateTime } from 'luxon';
import { useTranslation } from '../../../i18n/react';
import { useDashboard } from '../api/dashboard';
import { DashboardChartCard } from '../components/dashboard-chart-card';
import {
  BoothsChart,
  CheckinsChart,
  CountByLabelChart,
  PollsChart,
  SessionsChart,
  TypesChart,
} from '../components/dashboard-charts';
import { DashboardFigures } from '../components/dashboard-figures';
import { percent, pivotCheckins, sessionBars } from '../lib/dashboard-data';
import '../i18n';

/** Sessions and booths shown as bars; the CSV has them all. */
const MAX_BARS = 20;

/**
 * The console's dashboard (issue 12, part 7): headline figures and charts, refetched every 30 s, each
 * figure downloadable as CSV. Days and hours are in the event's time zone.
 */
export function DashboardPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const dashboard = useDashboard(eventId);

  if (dashboard.isPending) {
    return (
      <Stack gap="md" data-testid="dashboard" aria-busy="true">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={110} radius="md" />
          ))}
        </SimpleGrid>
        <Skeleton h={300} radius="md" aria-label={t('common.loading')} />
      </Stack>
    );
  }
  if (dashboard.isError) {
    return (
      <Alert color="red" role="alert" title={t('organizer.dashboard.error')} data-testid="dashboard">
        <Stack gap="sm" align="flex-start">
          {dashboard.error.message}
          <Button size="xs" variant="white" onClick={() => dashboard.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <DashboardView eventId={eventId} data={dashboard.data} />;
}

function DashboardView({ eventId, data }: { eventId: number; data: Dashboard }) {
  const { t } = useTranslation();
  const updated = DateTime.fromISO(data.generatedAt).setZone(data.timezone).toFormat('HH:mm:ss');
  const areaName = (area: Dashboard['checkins']['areas'][number]) =>
    area.kind === 'event' ? t('organizer.dashboard.wholeEvent') : area.name;
  const checkins = pivotCheckins(data.checkins.byHour, data.checkins.areas, areaName);
  const areaNames = new Map(data.checkins.areas.map((a) => [a.id, areaName(a)]));
  const sessions = sessionBars(data.sessions, MAX_BARS);
  const booths = data.boothVisits.slice(0, MAX_BARS);
  const typeName = (name: string) => name || t('organizer.dashboard.noType');
  const types = data.participants.byType.map((row) => ({ name: typeName(row.name), count: row.count }));
  const unlimited = t('organizer.dashboard.unlimited');
  const shown = (count: number, total: number) =>
    count < total ? t('organizer.dashboard.shown', { shown: count, total }) : undefined;

  return (
    <Stack gap="md" data-testid="dashboard">
      <Group justify="space-between" align="baseline" wrap="wrap">
        <Title order={2} size="h3">
          {t('organizer.dashboard.title')}
        </Title>
        <Text size="sm" c="dimmed" data-testid="dashboard-updated">
          {t('organizer.dashboard.updated', { time: updated, zone: data.timezone })}
        </Text>
      </Group>
      <DashboardFigures eventId={eventId} data={data} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <DashboardChartCard
          eventId={eventId}
          figure="registrationsByDay"
          title={t('organizer.dashboard.registrations')}
          table={{
            headers: [t('organizer.dashboard.day'), t('organizer.dashboard.count')],
            rows: data.registrationsByDay.map((r) => [r.day, r.count]),
          }}
          testId="dashboard-registrations"
        >
          <CountByLabelChart
            data={data.registrationsByDay.map((r) => ({ label: r.day, count: r.count }))}
            countName={t('organizer.dashboard.count')}
          />
        </DashboardChartCard>
        <DashboardChartCard
          eventId={eventId}
          figure="participantsByType"
          title={t('organizer.dashboard.byType')}
          table={{
            headers: [t('organizer.dashboard.type'), t('organizer.dashboard.count')],
            rows: types.map((row) => [row.name, row.count]),
          }}
          testId="dashboard-types"
        >
          <TypesChart types={types} />
        </DashboardChartCard>
        <DashboardChartCard
          eventId={eventId}
          figure="checkinsByHour"
          title={t('organizer.dashboard.checkinsByHour')}
          table={{
            headers: [
              t('organizer.dashboard.hour'),
              t('organizer.dashboard.area'),
              t('organizer.dashboard.count'),
            ],
            rows: data.checkins.byHour.map((r) => [r.hour, areaNames.get(r.areaId) ?? '', r.count]),
          }}
          testId="dashboard-checkins"
        >
          <CheckinsChart rows={checkins.rows} series={checkins.series} />
        </DashboardChartCard>
        <DashboardChartCard
          eventId={eventId}
          figure="sessions"
          title={t('organizer.dashboard.sessions')}
          note={shown(sessions.length, data.sessions.length)}
          table={{
            headers: [
              t('organizer.dashboard.session'),
              t('organizer.dashboard.joined'),
              t('organizer.dashboard.capacity'),
            ],
            rows: sessions.map((s) => [s.name, s.joined, s.capacity ?? unlimited]),
          }}
          testId="dashboard-sessions"
        >
          <SessionsChart bars={sessions} />
        </DashboardChartCard>
        <DashboardChartCard
          eventId={eventId}
          figure="boothVisits"
          title={t('organizer.dashboard.boothVisits')}
          note={shown(booths.length, data.boothVisits.length)}
          table={{
            headers: [
              t('organizer.dashboard.booth'),
              t('organizer.dashboard.contacts'),
              t('organizer.dashboard.boothMeetings'),
            ],
            rows: booths.map((b) => [b.name, b.contacts, b.meetings]),
          }}
          testId="dashboard-booths"
        >
          <BoothsChart booths={booths} />
        </DashboardChartCard>
        <DashboardChartCard
          eventId={eventId}
          figure="polls"
          title={t('organizer.dashboard.polls')}
          note={t('organizer.dashboard.pollsNote', {
            voters: data.polls.voters,
            votes: data.polls.votes,
            percent: percent(data.polls.voters, data.participants.active),
          })}
          table={{
            headers: [
              t('organizer.dashboard.poll'),
              t('organizer.dashboard.status'),
              t('organizer.dashboard.votes'),
            ],
            rows: data.polls.byPoll.map((p) => [
              p.question,
              t(`organizer.dashboard.pollStatus.${p.status}`),
              p.votes,
            ]),
          }}
          testId="dashboard-polls"
        >
          <PollsChart polls={data.polls.byPoll} />
        </DashboardChartCard>
      </SimpleGrid>
    </Stack>
  );
}
