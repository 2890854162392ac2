import type { ParticipantProfile } from '@foyer/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readViewed } from '../lib/viewed-local';

/** Every cached profile of the event. */
export const profilesKey = (eventId: number) => ['attendees', 'profile', eventId] as const;
export const participantKey = (eventId: number, id: number) => [...profilesKey(eventId), id] as const;

/** GET /event/participant/:id (E2.04): the profile; the server remembers that I viewed it. */
export function participantQuery(eventId: number, id: number) {
  return queryOptions({
    queryKey: participantKey(eventId, id),
    queryFn: ({ signal }) =>
      api<ParticipantProfile>(`/event/participant/${id}`, { query: { eventId }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    staleTime: 30_000,
  });
}

export function useParticipant(eventId: number, id: number) {
  return useQuery(participantQuery(eventId, id));
}

export const viewedKey = (eventId: number) => ['attendees', 'viewed', eventId] as const;

/** GET /event/participant/viewed: the people I already looked at (the server's record). */
export function viewedQuery(eventId: number) {
  return queryOptions({
    queryKey: viewedKey(eventId),
    queryFn: ({ signal }) =>
      api<{ participantId: number; viewedAt: string }[]>('/event/participant/viewed', {
        query: { eventId },
        signal,
      }),
    staleTime: 30_000,
  });
}

/** The people I already looked at: the server's record and this browser's (A3.24), a profile just opened counting at once. */
export function useViewedParticipants(eventId: number) {
  return useQuery({
    ...viewedQuery(eventId),
    select: (rows) => new Set([...rows.map((r) => r.participantId), ...readViewed(eventId)]),
  });
}
