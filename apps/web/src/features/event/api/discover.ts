import type { DiscoverEvent, EventCodeResult, EventDetails } from '@foyer/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { rememberLastVisitedEvent } from '../../../lib/storage';

/** GET /event/discover: public events, upcoming and running (under ['events'], so a join refreshes it). */
export function useDiscoverEvents(query: string) {
  return useQuery({
    queryKey: ['events', 'discover', query],
    queryFn: ({ signal }) =>
      api<DiscoverEvent[]>('/event/discover', { signal, query: { query: query || undefined } }),
    placeholderData: keepPreviousData,
  });
}

/** GET /event/code/:code: the public event a typed code names (404 ApiError when none). */
export function resolveEventCode(code: string): Promise<EventCodeResult> {
  return api<EventCodeResult>(`/event/code/${encodeURIComponent(code)}`);
}

/**
 * Opens a public event as its attendee: GET /event/:id?attendEvent=true joins it while registration
 * is open (A7.21), then the event area opens on the answer already in the cache.
 */
export function useOpenPublicEvent() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return async (eventId: number) => {
    const details = await api<EventDetails>(`/event/${eventId}`, { query: { attendEvent: true } });
    client.setQueryData(['event', eventId], details);
    void client.invalidateQueries({ queryKey: ['events'] });
    rememberLastVisitedEvent(eventId);
    await navigate(`/event/${eventId}/`);
  };
}
