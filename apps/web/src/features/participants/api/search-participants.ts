import { type AttendeeCard, type Search2Response, searchRowsToCards } from '@foyer/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { earlyReadAt, markEarlyRead } from '../../../lib/early-answers';
import { type ParticipantFilters, toSearchRequest } from '../lib/search-request';

export interface ParticipantPage {
  matches: number | null;
  /** More than `matches` found (a narrowed search counts up to SEARCH_COUNT_CAP). */
  matchesCapped: boolean;
  cards: AttendeeCard[];
  after: string | null;
}

/** Every directory list of an event (all filters), for patching and invalidation. */
export const participantSearchKey = (eventId: number) => ['attendees', 'search', eventId] as const;

/** POST /event/participant/search2 (E7.32, E7.33): 60 a page, the next page by the `after` cursor. */
export function participantSearchQuery(eventId: number, filters: ParticipantFilters) {
  return infiniteQueryOptions({
    queryKey: [...participantSearchKey(eventId), filters],
    queryFn: async ({ pageParam, signal }): Promise<ParticipantPage> => {
      const response = await api<Search2Response>('/event/participant/search2', {
        method: 'POST',
        body: toSearchRequest(eventId, filters, pageParam),
        signal,
      });
      const page: ParticipantPage = {
        matches: response.matches,
        matchesCapped: response.matchesCapped === true,
        cards: searchRowsToCards(response),
        after: response.after,
      };
      // A first page the start-up script read counts from its asking, as the answer it is made of.
      markEarlyRead(page, earlyReadAt(response));
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.after,
    staleTime: 30_000,
  });
}

export function useParticipantSearch(eventId: number, filters: ParticipantFilters) {
  return useInfiniteQuery({ ...participantSearchQuery(eventId, filters), placeholderData: keepPreviousData });
}
