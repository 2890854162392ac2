import type { EventDetails } from '@foyer/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { withOfflineAnswer } from './offline-answers';

/**
 * GET /event/:eventId (A7.21): the event as the caller may see it. A door device keeps its last
 * answer and opens with it when the server cannot be reached (lib/offline-answers.ts).
 */
export const eventQuery = (eventId: number) =>
  queryOptions({
    queryKey: ['event', eventId],
    queryFn: () => withOfflineAnswer(eventId, 'event', () => api<EventDetails>(`/event/${eventId}`)),
    enabled: Number.isInteger(eventId) && eventId > 0,
    retry: false,
  });

export function useEvent(eventId: number) {
  return useQuery(eventQuery(eventId));
}
