import { DEFAULT_ALLOWED_TABS, type EventTab } from '@foyer/contract';
import { Anchor, Badge, EmptyState, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { rememberLastVisitedEvent } from '../../../lib/storage';
import { useEvent } from '../api/get-event';
import { formatEventRange } from '../components/event-dates';
import { EventTypeBadge } from '../components/event-type-badge';

/** Spec tab names (§2 Event landing tabs): booth, partner and sponsor all show as expo. */
const TAB_LABEL: Record<EventTab, string> = {
  participant: 'attendees',
  agenda: 'sessions',
  venueMap: 'venueMap',
  speakers: 'speakers',
  sponsor: 'expo',
  partner: 'expo',
  booth: 'expo',
  lobby: 'lobby',
};
/** The event's own tab list when it has one (A2.71), shown under their spec names. */
function tabNames(tabs: readonly string[]): string[] {
  const list = tabs.length > 0 ? tabs : DEFAULT_ALLOWED_TABS;
  return [...new Set(list.map((tab) => TAB_LABEL[tab as EventTab]).filter(Boolean))];
}

/**
 * /event/{id}/… (A2.05): the event's name, dates and the tabs the event area will hold. The area
 * itself is a later issue; until then this says so plainly.
 */
export function EventHomePage() {
  const { t } = useTranslation();
  const eventId = Number(useParams().eventId);
  const zone = useSession((state) => state.user?.timezone ?? null);
  const query = useEvent(eventId);
  const event = query.data;

  useEffect(() => {
    if (event) rememberLastVisitedEvent(event.id);
  }, [event]);

  if (query.isPending && query.fetchStatus !== 'idle') return <Loader aria-label={t('common.loading')} />;
  if (!event) {
    return (
      <Stack gap="md">
        <Title order={1}>{t('event.home.notFound')}</Title>
        {query.error instanceof ApiError && <Text>{query.error.message}</Text>}
        <Anchor component={Link} to="/event/list">
          {t('notFound.back')}
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="lg" data-testid="event-home">
      <Anchor component={Link} to="/event/list" size="sm">
        {t('event.home.back')}
      </Anchor>
      <div>
        <Title order={1}>{event.name}</Title>
        <Group gap="sm" mt="xs">
          <EventTypeBadge type={event.eventType} />
          <Text size="sm" c="gray.7">
            {formatEventRange(event.realSdt, event.realEdt, zone)}
          </Text>
        </Group>
      </div>
      {event.description && <Text style={{ whiteSpace: 'pre-line' }}>{event.description}</Text>}
      <Group
        gap="xs"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('event.home.tabs')}
      >
        {tabNames(event.tabsConfig?.tabs ?? event.tabs ?? []).map((tab) => (
          <li key={tab}>
            <Badge variant="outline" color="gray.8" size="lg" radius="sm">
              {t(`event.tabs.${tab}`)}
            </Badge>
          </li>
        ))}
      </Group>
      <Paper withBorder radius="md">
        <EmptyState
          py="lg"
          icon={<IconTools size={32} aria-hidden />}
          title={t('event.home.comingTitle')}
          description={t('event.home.comingText')}
        />
      </Paper>
    </Stack>
  );
}
