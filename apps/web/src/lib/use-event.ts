import type { EventDetails } from '@foyer/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** GET /event/:eventId (A7.21): the event as the caller may see it. */
export function useEvent(eventId: number) {
  return useQuery({
    queryKey: ['event', eventId],
    queryFn: () => api<EventDetails>(`/event/${eventId}`),
    enabled: Number.isInteger(eventId) && eventId > 0,
    retry: false,
  });
}
