import {
  Alert,
  Button,
  Collapse,
  EmptyState,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCalendarOff, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { useEvents } from '../../../lib/use-events';
import { DiscoverSection } from '../components/discover-section';
import { EventGrid } from '../components/event-grid';
import classes from './event-list-page.module.css';

/**
 * /event/list (A2.04): active events, then past ones behind a toggle (A4.10), then "Find an event"
 * (public events, an event code, create one), which comes first for a newcomer with no events.
 */
export function EventListPage() {
  const { t } = useTranslation();
  const zone = useSession((state) => state.user?.timezone ?? null);
  const events = useEvents();
  const [pastOpen, setPastOpen] = useState<boolean | null>(null);

  if (events.isPending) {
    return (
      <Stack gap="lg">
        <Title order={1}>{t('events.list.title')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={200} radius="md" />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }
  if (events.isError) {
    return (
      <Stack gap="lg">
        <Title order={1}>{t('events.list.title')}</Title>
        <Alert color="red" role="alert" title={t('events.list.error')}>
          <Stack gap="sm" align="flex-start">
            {events.error instanceof ApiError ? events.error.message : t('common.unknownError')}
            <Button size="xs" variant="white" onClick={() => events.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  const { active, past } = events.data;
  // Past events start folded away unless there is nothing else to look at.
  const showPast = pastOpen ?? active.length === 0;
  const newcomer = active.length === 0 && past.length === 0;

  return (
    <Stack gap="xl">
      <Title order={1}>{t('events.list.title')}</Title>
      {newcomer && <DiscoverSection prominent />}
      <Stack component="section" gap="md" aria-labelledby="active-events" data-testid="events-active">
        <Title order={2} size="h3" id="active-events">
          {t('events.list.active')}
        </Title>
        {active.length > 0 ? (
          <EventGrid events={active} zone={zone} />
        ) : (
          <EmptyState
            icon={<IconCalendarOff size={32} aria-hidden />}
            title={t('events.list.emptyActive.title')}
            description={t('events.list.emptyActive.text')}
            data-testid="events-active-empty"
          />
        )}
      </Stack>
      <Stack component="section" gap="md" aria-labelledby="past-events" data-testid="events-past">
        <Group>
          <Title order={2} size="h3" id="past-events">
            <UnstyledButton
              className={classes.toggle}
              aria-expanded={showPast}
              aria-controls="past-events-list"
              onClick={() => setPastOpen(!showPast)}
              data-testid="events-past-toggle"
            >
              {showPast ? <IconChevronDown aria-hidden /> : <IconChevronRight aria-hidden />}
              {t('events.list.past', { count: past.length })}
            </UnstyledButton>
          </Title>
        </Group>
        <Collapse expanded={showPast} id="past-events-list">
          {past.length > 0 ? (
            <EventGrid events={past} zone={zone} />
          ) : (
            <EmptyState
              icon={<IconCalendarOff size={32} aria-hidden />}
              title={t('events.list.emptyPast')}
              data-testid="events-past-empty"
            />
          )}
        </Collapse>
      </Stack>
      {!newcomer && <DiscoverSection prominent={false} />}
    </Stack>
  );
}
