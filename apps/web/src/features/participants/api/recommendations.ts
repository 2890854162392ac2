import { PEOPLE_TO_MEET, type Recommendation } from '@foyer/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const recommendationsKey = (eventId: number) => ['attendees', 'recommendations', eventId] as const;

/** GET /event/participant/recommendations: "People to meet", with the reasons. */
export function recommendationsQuery(eventId: number) {
  return queryOptions({
    queryKey: recommendationsKey(eventId),
    queryFn: ({ signal }) =>
      api<Recommendation[]>('/event/participant/recommendations', {
        query: { eventId, limit: PEOPLE_TO_MEET },
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}

export function useRecommendations(eventId: number) {
  return useQuery(recommendationsQuery(eventId));
}
