import type { EventAreaPage, EventDetails } from '@foyer/contract';
import { Center, Loader } from '@mantine/core';
import { Suspense, useDeferredValue } from 'react';
import { useTranslation } from '../../../i18n/react';
import { addressedScreen } from '../../../lib/addressed-screen';
import type { PreloadableComponent } from '../../../lib/lazy-component';
import { lazyScreen } from '../lazy-screen';
import { TabPanelContent } from './tab-panel-content';

type TabComponent = PreloadableComponent<{ event: EventDetails }>;

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

// Opened on a tab's address (or the event's, which opens its default tab), the event's area (this
// chunk) asks for that tab at once: the first render then finds it loaded and does not suspend
// (lazyComponent).
const { tab: addressed } = addressedScreen();
if (addressed && Object.hasOwn(TABS, addressed)) void TABS[addressed as EventAreaPage]?.preload();

/** The content of the chosen event tab (A2.67). */
export function EventTabPanel({ page, event }: { page: EventAreaPage; event: EventDetails }) {
  const { t } = useTranslation();
  // The area's first render commits the frame and the event's header without the tab, whose mount
  // follows in a pass of its own: two commits of a slow phone's first screen instead of one long one.
  const mounted = useDeferredValue(true, false);
  const Tab = TABS[page];
  if (!Tab) return <TabPanelContent page={page} />;
  const loading = (
    <Center py="xl">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
  if (!mounted) return loading;
  return (
    <Suspense fallback={loading}>
      <Tab event={event} />
    </Suspense>
  );
}
