import {
  EVENT_AREA_PAGES,
  type EventDetails,
  RecordType,
  realtimeRoom,
  visibleEventPages,
} from '@foyer/contract';
import { Button, Center, EmptyState, Loader, Stack, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, Navigate, Route, Routes, useParams } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { useEventLanguage } from '../../../i18n/use-event-language';
import { useEventWords } from '../../../i18n/use-event-words';
import { ApiError } from '../../../lib/api-client';
import {
  markWizardOffered,
  needsWizard,
  readFilledEventProfiles,
  wasWizardOffered,
} from '../../../lib/filled-event-profiles';
import { lazyComponent } from '../../../lib/lazy-component';
import { rememberLastVisitedEvent } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { useDeferredAnswer } from '../../../lib/use-deferred-answer';
import { useEvent } from '../../../lib/use-event';
import { reloadAnswersOlderThanRecords, useRealtimeClient } from '../../../lib/use-realtime';
import { isEntityKind } from '../api/get-entity';
import { EntityDetail } from '../components/entity-detail';
import { EventHeader } from '../components/event-header';
import { EventTabs } from '../components/event-tabs';
import { PresenceCheck } from '../components/presence-check';
import { eventTheme } from '../event-theme';

type PageOf = ComponentType<{ eventId: number }>;
function page<K extends string>(load: () => Promise<Record<K, PageOf>>, name: K) {
  return lazyComponent(async () => (await load())[name]);
}

/** The event's own pages belong to their features and load with them. */
const EventProfilePage = page(
  () => import('../../../features/participants/routes/event-profile-page'),
  'EventProfilePage',
);
const CompanyProfilePage = page(
  () => import('../../../features/booths/routes/company-profile-page'),
  'CompanyProfilePage',
);
const InvitationPage = page(
  () => import('../../../features/meetings/routes/invitation-page'),
  'InvitationPage',
);
const BadgesPage = page(() => import('../../../features/checkin/routes/badges-page'), 'BadgesPage');

/** A2.19 inside the event area: an unknown event, or an unknown page of a known one. */
function AreaNotFound({ eventId, message }: { eventId?: number; message?: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid={eventId ? 'event-page-not-found' : 'event-not-found'}>
      <Title order={1}>{eventId ? t('notFound.title') : t('event.home.notFound')}</Title>
      <EmptyState
        py="lg"
        icon={<IconCalendarOff size={32} aria-hidden />}
        title={eventId ? t('notFound.text') : t('eventArea.notFound.event')}
        description={message}
      >
        <EmptyState.Actions>
          <Button component={Link} to={eventId ? `/event/${eventId}/` : '/event/list'} variant="default">
            {eventId ? t('eventArea.backToEvent') : t('notFound.back')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Stack>
  );
}

function LeaveForList({ message }: { message: string }) {
  useEffect(() => toast('error', message), [message]);
  return <Navigate to="/event/list" replace />;
}

function DetailRoute({ eventId }: { eventId: number }) {
  const { kind, itemId } = useParams();
  if (!isEntityKind(kind)) return <AreaNotFound eventId={eventId} />;
  return <EntityDetail kind={kind} eventId={eventId} id={Number(itemId)} variant="page" />;
}

/**
 * The landing (index) and a tab's page render through this same element, so moving from the default
 * tab to another keeps the tab list mounted and the focused tab focused (WCAG 2.4.3).
 */
function TabRoute({ eventId, children }: { eventId: number; children: ReactNode }) {
  const { page } = useParams();
  return page === undefined || (EVENT_AREA_PAGES as readonly string[]).includes(page) ? (
    children
  ) : (
    <AreaNotFound eventId={eventId} />
  );
}

/** Issue 15: a newcomer's first arrival at the event opens the profile wizard (`needsWizard`). */
function FirstVisit({
  event,
  landing,
  children,
}: {
  event: EventDetails;
  /** The event's landing (index) sends a newcomer on; a tab's own address does not. */
  landing: boolean;
  children: ReactNode;
}) {
  const [toWizard] = useState(
    () => landing && needsWizard(event, readFilledEventProfiles()) && !wasWizardOffered(event.id),
  );
  useEffect(() => {
    if (toWizard) markWizardOffered(event.id);
  }, [toWizard, event.id]);
  return toWizard ? <Navigate to="event-profile" replace /> : children;
}

/**
 * A7.41: organizers' changes (texts, branding, tabs) reach open screens. The event is per caller (its
 * `me`), so the record says only that it changed and the screen fetches it again; so does the room
 * coming on, when a change may have been made between the page's load and its subscription.
 */
function useEventChanges(eventId: number) {
  const realtime = useRealtimeClient();
  const queries = useQueryClient();
  useEffect(() => {
    if (!realtime || !(eventId > 0)) return;
    const room = realtimeRoom.event(eventId);
    const keys = [['event', eventId], ['events']];
    return realtime.subscribe(
      room,
      (record) => {
        if (record.type === RecordType.EventChanged)
          for (const queryKey of keys) void queries.invalidateQueries({ queryKey });
        // E7.79: a booth's profile changed: the expo lists and that booth are fetched again.
        if (record.type === RecordType.BoothChanged)
          void queries.invalidateQueries({ queryKey: ['expo', eventId] });
      },
      {
        onReady: () => {
          for (const queryKey of keys) reloadAnswersOlderThanRecords(queries, realtime, room, queryKey);
        },
      },
    );
  }, [realtime, queries, eventId]);
}

/**
 * /event/{eventId}/* (A2.05–A2.07, A2.20, A2.22–A2.28): the event's area in its colours (A1.11),
 * remembered as the last visited event, with the tabs and the event's own pages.
 */
export function EventArea() {
  const { t } = useTranslation();
  const eventId = Number(useParams().eventId);
  const query = useEvent(eventId);
  // The event's answer renders the whole area (header, tabs, the tab's first pass): a query's update
  // would render it at once, one long task on a phone's CPU. Its deferred copy renders in an
  // interruptible pass, the loader staying meanwhile; a copy of another event (just left) is never shown.
  const { data: event, rendering } = useDeferredAnswer(query.data, {
    accept: (copy) => copy.id === eventId,
  });
  useEventChanges(eventId);
  useEventLanguage(query.data?.defaultLanguage);
  const wordsComing = useEventWords(eventId, query.data?.ownWords);

  useEffect(() => {
    if (event) rememberLastVisitedEvent(event.id);
  }, [event]);

  if ((query.isPending && query.fetchStatus !== 'idle') || rendering || wordsComing) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!event) {
    // A8.24: an event the server refuses or does not know sends the person to the event list, saying
    // why; without an answer (offline) the page stays, with the reason.
    if (query.error instanceof ApiError) return <LeaveForList message={query.error.message} />;
    return <AreaNotFound />;
  }

  const theme = eventTheme(event.colors);
  const landing = (
    <>
      <EventHeader event={event} theme={theme} />
      {visibleEventPages(event).length > 0 ? <EventTabs event={event} /> : null}
    </>
  );
  return (
    <div style={theme?.style} data-testid="event-area" data-event-id={event.id}>
      <PresenceCheck event={event} />
      <Suspense
        fallback={
          <Center py="xl">
            <Loader aria-label={t('common.loading')} />
          </Center>
        }
      >
        <Routes>
          <Route
            index
            element={
              <FirstVisit event={event} landing>
                <TabRoute eventId={event.id}>{landing}</TabRoute>
              </FirstVisit>
            }
          />
          {/* The same elements as the index, so moving between tabs keeps the tab list mounted. */}
          <Route
            path=":page"
            element={
              <FirstVisit event={event} landing={false}>
                <TabRoute eventId={event.id}>{landing}</TabRoute>
              </FirstVisit>
            }
          />
          <Route path="event-profile" element={<EventProfilePage eventId={event.id} />} />
          <Route path="company/profile" element={<CompanyProfilePage eventId={event.id} />} />
          <Route path="badges" element={<BadgesPage eventId={event.id} />} />
          <Route path="invitation/:attendeeId/:action?" element={<InvitationPage eventId={event.id} />} />
          <Route path=":kind/:itemId" element={<DetailRoute eventId={event.id} />} />
          <Route path="*" element={<AreaNotFound eventId={event.id} />} />
        </Routes>
      </Suspense>
    </div>
  );
}
