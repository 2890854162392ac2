import type { Dashboard } from '@foyer/contract';
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { CsvButton } from './dashboard-chart-card';

function Figure({
  label,
  value,
  hint,
  testId,
  valueTestId,
  children,
}: {
  label: string;
  value?: number;
  hint?: string;
  testId: string;
  /** The test id of the number itself. */
  valueTestId?: string;
  children?: ReactNode;
}) {
  const { i18n } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        {value !== undefined && (
          <Text fz={28} fw={700} lh={1.1} data-testid={valueTestId ?? `${testId}-value`}>
            {value.toLocaleString(i18n.language)}
          </Text>
        )}
        {children}
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The headline numbers: participants, active today, meetings, inside now. */
export function DashboardFigures({ eventId, data }: { eventId: number; data: Dashboard }) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => n.toLocaleString(i18n.language);
  const { participants, meetings, checkins } = data;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <Figure
        label={t('organizer.dashboard.participants')}
        value={participants.total}
        testId="dashboard-figure-participants"
        valueTestId="dashboard-participants"
        hint={t('organizer.dashboard.participantsHint', {
          active: number(participants.active),
          invited: number(participants.invited),
        })}
      />
      <Figure
        label={t('organizer.dashboard.activeToday')}
        value={data.activeToday}
        hint={t('organizer.dashboard.activeTodayHint', { zone: data.timezone })}
        testId="dashboard-active-today"
      />
      <Figure label={t('organizer.dashboard.meetings')} testId="dashboard-meetings">
        <Group gap="lg" wrap="wrap">
          {(['requested', 'accepted', 'held'] as const).map((key) => (
            <Stack gap={0} key={key}>
              <Text fz={24} fw={700} lh={1.1} data-testid={`dashboard-meetings-${key}`}>
                {number(meetings[key])}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`organizer.dashboard.${key}`)}
              </Text>
            </Stack>
          ))}
        </Group>
        <Group justify="flex-end">
          <CsvButton eventId={eventId} figure="meetings" title={t('organizer.dashboard.meetings')} />
        </Group>
      </Figure>
      <Figure
        label={t('organizer.dashboard.inside')}
        value={checkins.inside}
        hint={t('organizer.dashboard.insideHint', { total: number(checkins.total) })}
        testId="dashboard-inside"
      />
    </SimpleGrid>
  );
}
