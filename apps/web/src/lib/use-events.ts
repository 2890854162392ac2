import type { EventListResult } from '@foyer/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** GET /event (A7.20): the caller's events, already split into active and past (A4.10, A4.11). */
export const eventsQuery = queryOptions({
  queryKey: ['events'],
  queryFn: () => api<EventListResult>('/event'),
});

export function useEvents() {
  return useQuery(eventsQuery);
}
