import type { EventAreaPage, EventDetails } from '@foyer/contract';
import { Center, Loader } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { TabPanelContent } from './tab-panel-content';

type TabComponent = ComponentType<{ event: EventDetails }>;

function tab<K extends string>(load: () => Promise<Record<K, TabComponent>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

/** Each tab is its own feature and its own chunk (agenda, meetings, expo, engagement). */
const TABS: Partial<Record<EventAreaPage, TabComponent>> = {
  attendees: tab(() => import('../../../features/participants/routes/attendees-tab'), 'AttendeesTab'),
  sessions: tab(() => import('../../../features/agenda/routes/sessions-tab'), 'SessionsTab'),
  speakers: tab(() => import('../../../features/agenda/routes/speakers-tab'), 'SpeakersTab'),
  expo: tab(() => import('../../../features/booths/routes/expo-tab'), 'ExpoTab'),
  lobby: tab(() => import('../../../features/lobby/routes/lobby-tab'), 'LobbyTab'),
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
