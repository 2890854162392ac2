import type { EventDetails } from '@foyer/contract';
import { useLocation } from 'react-router';
import { readLastVisitedEvent } from './storage';
import { useEvent } from './use-event';

/** The event in the URL (/event/{id}/…), else the last visited one; null on the event list. */
export function useCurrentEventId(): number | null {
  const { pathname } = useLocation();
  const match = /^\/event\/(\d+)(?:\/|$)/.exec(pathname);
  if (match) return Number(match[1]);
  if (pathname.startsWith('/event/list')) return null;
  return readLastVisitedEvent()?.id ?? null;
}

/** The current event's details, shared with the event area through the ['event', id] cache. */
export function useCurrentEvent(): EventDetails | null {
  const id = useCurrentEventId();
  const query = useEvent(id ?? 0);
  return id && query.data ? query.data : null;
}

/** The last visited event's details for its card (A2.78); null when unknown or no longer open to us. */
export function useLastVisitedEvent(enabled: boolean): { event: EventDetails; path: string } | null {
  const last = enabled ? readLastVisitedEvent() : null;
  const query = useEvent(last?.id ?? 0);
  return last && query.data ? { event: query.data, path: last.path } : null;
}
