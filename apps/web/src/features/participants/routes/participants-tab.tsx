import { type AttendeeCard, type EventDetails, SEARCH_LOADING_DELAY_MS } from '@foyer/contract';
import { Alert, Button, EmptyState, Group, Loader, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconSearchOff, IconUsers } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { useDelayedFlag } from '../../../lib/delay';
import { useSearchParamsNow } from '../../../lib/search-params-now';
import { useDeferredAnswer } from '../../../lib/use-deferred-answer';
import { useViewedParticipants } from '../api/participant';
import { useParticipantSearch } from '../api/search-participants';
import { ParticipantCard, ParticipantGrid, ParticipantGridItem } from '../components/participant-card';
import { ParticipantFilters } from '../components/participant-filters';
import { PeopleToMeet } from '../components/people-to-meet';
import { useRevealed } from '../hooks/use-revealed';
import { useTagsLive } from '../hooks/use-tags-live';
import {
  EMPTY_FILTERS,
  type ParticipantFilters as Filters,
  filtersFromParams,
  filtersToParams,
  isFiltered,
} from '../lib/search-request';
import '../i18n';

/** E2.01, E1.01: the attendee directory with "People to meet" on top. */
export function ParticipantsTab({ event }: { event: EventDetails }) {
  const { t, i18n } = useTranslation();
  const [params, changeParams] = useSearchParamsNow();
  const filters = filtersFromParams(params);
  const setFilters = (change: Partial<Filters>) =>
    changeParams((now) => filtersToParams({ ...filtersFromParams(now), ...change }, now), { replace: true });
  const search = useParticipantSearch(event.id, filters);
  // A9.16: the loader beside the count only for a search still running after 100 ms.
  const searching = useDelayedFlag(
    search.isFetching && !search.isFetchingNextPage && !search.isPending,
    SEARCH_LOADING_DELAY_MS,
  );
  const viewed = useViewedParticipants(event.id).data;
  useTagsLive(event.id);

  // Sixty cards are a long render: the deferred copy renders them in an interruptible pass (the
  // loading state stays meanwhile), so taps and scrolling are not blocked while they come in. On
  // mount too: a cold start has the answer already (asked for at start-up, app.tsx), and the tab's
  // heading paints before its cards.
  const { data, rendering } = useDeferredAnswer(search.data, { deferMount: true });

  const meId = event.me?.id ?? null;
  const cards = data?.pages.flatMap((page) => page.cards) ?? [];
  const matches = data?.pages[0]?.matches ?? null;
  const matchesCapped = data?.pages[0]?.matchesCapped === true;
  const filtered = isFiltered(filters);
  const hybrid = event.eventType === 'hybrid';

  let list: React.ReactNode;
  if (search.isPending || rendering) {
    list = (
      <div role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Stack gap="md">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={120} radius="md" />
          ))}
        </Stack>
      </div>
    );
  } else if (search.isError && cards.length === 0) {
    list = (
      <Alert color="red" role="alert" title={t('attendees.list.error')}>
        <Stack gap="sm" align="flex-start">
          {search.error instanceof ApiError ? search.error.message : t('common.unknownError')}
          <Button size="xs" variant="white" onClick={() => search.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (cards.length === 0) {
    list = (
      <Paper withBorder radius="md">
        {filtered ? (
          <EmptyState
            py="xl"
            icon={<IconSearchOff size={32} aria-hidden />}
            title={t(
              filters.view === 'all'
                ? 'attendees.list.noResults.title'
                : `attendees.list.empty.${filters.view}`,
            )}
            description={t('attendees.list.noResults.text')}
            data-testid="attendees-no-results"
          >
            <EmptyState.Actions>
              <Button
                variant="default"
                onClick={() => setFilters(EMPTY_FILTERS)}
                data-testid="attendees-clear"
              >
                {t('attendees.list.clear')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <EmptyState
            py="xl"
            icon={<IconUsers size={32} aria-hidden />}
            title={t('attendees.list.empty.title')}
            description={t('attendees.list.empty.text')}
            data-testid="attendees-empty"
          />
        )}
      </Paper>
    );
  } else {
    list = (
      <Stack gap="md">
        <ParticipantGrid label={t('attendees.list.title')} testId="attendees-list">
          <Cards eventId={event.id} cards={cards} hybrid={hybrid} meId={meId} viewed={viewed} />
        </ParticipantGrid>
        {search.hasNextPage && (
          <Group justify="center">
            <Button
              variant="default"
              onClick={() => search.fetchNextPage()}
              loading={search.isFetchingNextPage}
              data-testid="attendees-load-more"
            >
              {matches !== null && !matchesCapped
                ? t('attendees.list.loadMoreCount', { count: Math.max(matches - cards.length, 0) })
                : t('attendees.list.loadMore')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="xl" data-testid="event-tab-panel-attendees">
      {!filtered && <PeopleToMeet event={event} meId={meId} />}
      <Stack component="section" gap="md" aria-labelledby="attendees-heading">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h3" id="attendees-heading">
            {t('attendees.list.title')}
          </Title>
          <Group gap="xs" aria-live="polite">
            {searching && <Loader size="xs" aria-label={t('attendees.list.searching')} />}
            {matches !== null && (
              <Text size="sm" c="dimmed" data-testid="attendees-count">
                {matchesCapped
                  ? t('attendees.list.countMoreThan', { n: matches.toLocaleString(i18n.language) })
                  : t('attendees.list.count', { count: matches })}
              </Text>
            )}
          </Group>
        </Group>
        <ParticipantFilters
          event={event}
          filters={filters}
          onChange={setFilters}
          listShown={!search.isPending && !rendering}
        />
        {list}
      </Stack>
    </Stack>
  );
}

/** The directory's cards: meet and chat on the first at once, on the others a few at a time when idle. */
function Cards({
  eventId,
  cards,
  hybrid,
  meId,
  viewed,
}: {
  eventId: number;
  cards: AttendeeCard[];
  hybrid: boolean;
  meId: number | null;
  viewed: ReadonlySet<number> | undefined;
}) {
  const revealed = useRevealed(cards.length);
  return cards.map((card, index) => (
    <ParticipantGridItem key={card.id}>
      <ParticipantCard
        eventId={eventId}
        card={card}
        hybrid={hybrid}
        isMe={card.id === meId}
        viewed={viewed?.has(card.id)}
        actions={index < revealed}
      />
    </ParticipantGridItem>
  ));
}
