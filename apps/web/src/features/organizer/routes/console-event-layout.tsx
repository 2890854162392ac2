import { type ConsoleArea, canUseConsoleArea } from '@foyer/contract';
import { Alert, Anchor, Badge, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { Link, Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import type { TranslationKey } from '../../../i18n/keys';
import { useTranslation } from '../../../i18n/react';
import { useConsoleEvent } from '../api/events';
import '../i18n';

function area<K extends string>(load: () => Promise<Record<K, ComponentType<{ eventId: number }>>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const SettingsPage = area(() => import('./event-settings-page'), 'EventSettingsPage');
const ProgrammePage = area(() => import('./programme-page'), 'ProgrammePage');
const PeoplePage = area(() => import('./people-page'), 'PeoplePage');
const ImportPage = area(() => import('./import-page'), 'ImportPage');
const DashboardPage = area(() => import('./dashboard-page'), 'DashboardPage');
const TypesPage = area(() => import('./types-page'), 'TypesPage');
const ExhibitorsPage = area(() => import('./exhibitors-page'), 'ExhibitorsPage');
const IntegrationsPage = area(() => import('./integrations-page'), 'IntegrationsPage');

const AREAS: {
  path: string;
  area: ConsoleArea;
  label: TranslationKey;
  Page: ComponentType<{ eventId: number }>;
}[] = [
  { path: 'dashboard', area: 'dashboard', label: 'organizer.nav.dashboard', Page: DashboardPage },
  { path: 'settings', area: 'event', label: 'organizer.nav.settings', Page: SettingsPage },
  { path: 'programme', area: 'programme', label: 'organizer.nav.programme', Page: ProgrammePage },
  { path: 'people', area: 'people', label: 'organizer.nav.people', Page: PeoplePage },
  { path: 'types', area: 'event', label: 'organizer.nav.types', Page: TypesPage },
  { path: 'import', area: 'import', label: 'organizer.nav.import', Page: ImportPage },
  { path: 'exhibitors', area: 'exhibitors', label: 'organizer.nav.exhibitors', Page: ExhibitorsPage },
  { path: 'integrations', area: 'integrations', label: 'organizer.nav.integrations', Page: IntegrationsPage },
];

/** /organizer/:eventId/*: the console of one event, one tab per area the caller's role reaches. */
export function ConsoleEventLayout() {
  const { t } = useTranslation();
  const eventId = Number(useParams().eventId);
  const event = useConsoleEvent(eventId);
  const location = useLocation();
  const navigate = useNavigate();

  if (event.isPending) return <Skeleton h={200} radius="md" aria-label={t('common.loading')} />;
  if (event.isError) {
    return (
      <Alert color="red" role="alert" title={t('organizer.error.load')} data-testid="console-error">
        {event.error.message}
      </Alert>
    );
  }
  const areas = AREAS.filter((a) => canUseConsoleArea(event.data.role, a.area));
  const current = location.pathname.split('/')[3] ?? '';
  const first = areas[0];

  return (
    <Stack gap="md" data-testid="console-event">
      <Stack gap={4}>
        <Anchor component={Link} to="/organizer" size="sm">
          {t('organizer.nav.back')}
        </Anchor>
        <Group gap="sm" wrap="wrap">
          <Title order={1}>{event.data.name}</Title>
          <Badge variant="light">{t(`organizer.role.${event.data.role}`)}</Badge>
          {event.data.archived && <Badge color="gray">{t('organizer.event.archived')}</Badge>}
        </Group>
        <Group gap="md">
          <Anchor component={Link} to={`/event/${eventId}`} size="sm" data-testid="console-open-event">
            {t('organizer.nav.openEvent')}
          </Anchor>
          {event.data.domain && (
            <Text size="sm" c="dimmed">
              {t('organizer.event.domainShown', { domain: event.data.domain })}
            </Text>
          )}
        </Group>
      </Stack>
      {areas.length === 0 ? (
        <Alert color="yellow">{t('organizer.error.noArea')}</Alert>
      ) : (
        <>
          <Tabs
            value={current || first?.path}
            onChange={(value) => value && navigate(`/organizer/${eventId}/${value}`)}
            keepMounted={false}
          >
            <Tabs.List
              aria-label={t('organizer.nav.label')}
              style={{ flexWrap: 'nowrap', overflowX: 'auto' }}
            >
              {areas.map((a) => (
                <Tabs.Tab key={a.path} value={a.path} data-testid={`console-tab-${a.path}`}>
                  {t(a.label)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          <Suspense fallback={<Skeleton h={200} radius="md" aria-label={t('common.loading')} />}>
            <Routes>
              {areas.map(({ path, Page }) => (
                <Route key={path} path={`${path}/*`} element={<Page eventId={eventId} />} />
              ))}
              {first && <Route index element={<Navigate to={first.path} replace />} />}
              <Route path="*" element={<Navigate to={`/organizer/${eventId}`} replace />} />
            </Routes>
          </Suspense>
        </>
      )}
    </Stack>
  );
}
