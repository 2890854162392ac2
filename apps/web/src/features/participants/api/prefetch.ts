import type { QueryClient } from '@tanstack/react-query';
import { filtersFromParams, isFiltered } from '../lib/search-request';
import { viewedQuery } from './participant';
import { recommendationsQuery } from './recommendations';
import { participantSearchQuery } from './search-participants';

/**
 * The attendee tab's first answers (the directory's first page for the address's filters, "People
 * to meet" unless filtered, the people already viewed), asked for at start-up as the event's
 * answer comes when the address opens the tab (app/app.tsx), instead of once the frame, the event's
 * header and the tab have rendered. The tab's queries then find them.
 * `search` is the address's query string (the tab reads its filters from it).
 */
export function prefetchParticipantsTab(queryClient: QueryClient, eventId: number, search: string): void {
  const filters = filtersFromParams(new URLSearchParams(search));
  void queryClient.prefetchInfiniteQuery(participantSearchQuery(eventId, filters));
  if (!isFiltered(filters)) void queryClient.prefetchQuery(recommendationsQuery(eventId));
  void queryClient.prefetchQuery(viewedQuery(eventId));
}
