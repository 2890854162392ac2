import type { DomainLookupResult } from '@foyer/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { eventDomainLabel } from './host';

/**
 * Event details for the page's host (A2.42, A7.22). `info` is null for excluded hosts, unknown
 * labels and failed lookups, which all show the generic product view (A2.44).
 */
export function useDomainInfo(): { info: DomainLookupResult | null; isLoading: boolean } {
  const label = eventDomainLabel();
  const query = useQuery({
    queryKey: ['domain', label],
    queryFn: () => api<DomainLookupResult>(`/event/domain/${encodeURIComponent(label ?? '')}`),
    enabled: label !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (label === null) return { info: null, isLoading: false };
  return { info: query.data ?? null, isLoading: query.isPending };
}

/** The same public details by id, for /registration?eventId=… on a host without that event. */
export function usePublicEvent(eventId: number | null): {
  info: DomainLookupResult | null;
  isLoading: boolean;
} {
  const query = useQuery({
    queryKey: ['public-event', eventId],
    queryFn: () => api<DomainLookupResult>(`/event/${eventId}/public`),
    enabled: eventId !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
  if (eventId === null) return { info: null, isLoading: false };
  return { info: query.data ?? null, isLoading: query.isPending };
}

/** /event/{eventId}/{indexPagePath}: the domain's event home (A2.02, A2.31). */
export function eventIndexPath(info: DomainLookupResult): string {
  const page = info.domain.indexPagePath.replace(/^\/+/, '');
  return `/event/${info.domain.id}/${page}`;
}
