import type { EventAreaPage, EventDetails } from '@foyer/contract';
import { Center, Loader } from '@mantine/core';
import { type ComponentType, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyScreen } from '../lazy-screen';
import { TabPanelContent } from './tab-panel-content';

type TabComponent = ComponentType<{ event: EventDetails }>;

/** Each tab is its own feature and its own chunk (agenda, meetings, expo, engagement). */
const TABS: Partial<Record<EventAreaPage, TabComponent>> = {
  attendees: lazyScreen(
    () => import('../../../features/participants/routes/participants-tab'),
    'ParticipantsTab',
  ),
  sessions: lazyScreen(() => import('../../../features/agenda/routes/sessions-tab'), 'SessionsTab'),
  speakers: lazyScreen(() => import('../../../features/agenda/routes/speakers-tab'), 'SpeakersTab'),
  expo: lazyScreen(() => import('../../../features/booths/routes/booths-tab'), 'BoothsTab'),
  lobby: lazyScreen(() => import('../../../features/lobby/routes/lobby-tab'), 'LobbyTab'),
  venueMap: lazyScreen(() => import('../../../features/venue-map/routes/venue-map-tab'), 'VenueMapTab'),
};

/** The content of the chosen event tab (A2.67). */
export function EventTabPanel({ page, event }: { page: EventAreaPage; event: EventDetails }) {
  const { t } = useTranslation();
  const Tab = TABS[page];
  if (!Tab) return <TabPanelContent page={page} />;
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      }
    >
      <Tab event={event} />
    </Suspense>
  );
}
