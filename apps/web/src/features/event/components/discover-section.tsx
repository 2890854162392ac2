import {
  Alert,
  Button,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDiscoverEvents, useOpenPublicEvent } from '../api/discover';
import { DiscoverCard } from './discover-card';
import { EventCodeForm } from './event-code-form';

/**
 * "Find an event" (issue 12, part 9): public events to join, an event code to open one, and a way to
 * create one, so a newcomer with no events is never stranded. `prominent` when they have none.
 */
export function DiscoverSection({ prominent }: { prominent: boolean }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const events = useDiscoverEvents(query);
  const openEvent = useOpenPublicEvent();
  const [opening, setOpening] = useState(false);

  const open = async (eventId: number) => {
    if (opening) return;
    setOpening(true);
    try {
      await openEvent(eventId);
    } catch (error) {
      toast('error', error instanceof ApiError ? error.message : t('events.discover.joinError'));
    } finally {
      setOpening(false);
    }
  };

  return (
    <Paper
      component="section"
      aria-labelledby="discover-events"
      withBorder={prominent}
      p={prominent ? 'lg' : 0}
      radius="md"
      data-testid="discover"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size={prominent ? 'h2' : 'h3'} id="discover-events">
            {t('events.discover.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {prominent ? t('events.discover.introNewcomer') : t('events.discover.intro')}
          </Text>
        </Stack>
        <TextInput
          label={t('events.discover.search')}
          placeholder={t('events.discover.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maxLength={200}
          type="search"
          maw={420}
          data-testid="discover-search"
        />
        <div data-testid="discover-list" aria-busy={events.isFetching || opening}>
          {events.isPending ? (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-label={t('common.loading')}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} h={110} radius="md" />
              ))}
            </SimpleGrid>
          ) : events.isError ? (
            <Alert color="red" role="alert" title={t('events.discover.error')}>
              <Button size="xs" variant="white" onClick={() => events.refetch()}>
                {t('common.retry')}
              </Button>
            </Alert>
          ) : events.data.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="discover-empty">
              {t('events.discover.empty')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {events.data.map((event) => (
                <DiscoverCard key={event.id} event={event} onOpen={open} />
              ))}
            </SimpleGrid>
          )}
        </div>
        <Divider />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <EventCodeForm onOpen={open} />
          <Stack gap="sm" align="flex-start">
            <Text fw={500} size="sm">
              {t('events.discover.createHint')}
            </Text>
            <Group>
              <Button
                component={Link}
                to="/organizer/new"
                leftSection={<IconPlus size={16} aria-hidden />}
                data-testid="create-event-link"
              >
                {t('events.discover.create')}
              </Button>
            </Group>
          </Stack>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
