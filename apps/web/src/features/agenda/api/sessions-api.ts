import {
  type AgendaItem,
  type JoinSessionResult,
  type LeaveSessionResult,
  realtimeRoom,
  SESSIONS_PAGE_MAX,
  type SessionChangedPayload,
  type SessionDetail,
  type SessionRoom,
  type SessionSummary,
  type SessionsPage,
  type Speaker,
  type SpeakerDetail,
} from '@foyer/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { debounce } from '../../../lib/delay';
import { patchAnswers, useRealtimeRoom } from '../../../lib/use-realtime';

/** Query keys of the agenda feature: everything under ['agenda'] so one invalidation refreshes all. */
export const agendaKeys = {
  all: ['agenda'] as const,
  sessions: (eventId: number) => ['agenda', 'sessions', eventId] as const,
  session: (eventId: number, sessionId: number) => ['agenda', 'session', eventId, sessionId] as const,
  speakers: (eventId: number) => ['agenda', 'speakers', eventId] as const,
  speaker: (eventId: number, id: number) => ['agenda', 'speaker', eventId, id] as const,
  mine: (eventId?: number) => ['agenda', 'mine', eventId ?? 'all'] as const,
};

/** Most pages read for one list: 10 × 200 sessions is more than any event has. */
const MAX_PAGES = 10;

/** GET /event/:eventId/sessions (E2.13), every page: days, tracks and search work on the whole programme. */
async function loadAllSessions(eventId: number, signal: AbortSignal): Promise<SessionSummary[]> {
  const out: SessionSummary[] = [];
  let after: string | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const page = await api<SessionsPage>(`/event/${eventId}/sessions`, {
      query: { limit: SESSIONS_PAGE_MAX, after },
      signal,
    });
    out.push(...page.sessions);
    if (!page.nextCursor) break;
    after = page.nextCursor;
  }
  return out;
}

export function useSessions(eventId: number) {
  return useQuery({
    queryKey: agendaKeys.sessions(eventId),
    queryFn: ({ signal }) => loadAllSessions(eventId, signal),
    enabled: eventId > 0,
    staleTime: 30_000,
  });
}

export function useSession(eventId: number, sessionId: number) {
  return useQuery({
    queryKey: agendaKeys.session(eventId, sessionId),
    queryFn: () => api<SessionDetail>(`/event/${eventId}/sessions/${sessionId}`),
    enabled: eventId > 0 && Number.isInteger(sessionId) && sessionId > 0,
    retry: false,
  });
}

export function useSpeakers(eventId: number) {
  return useQuery({
    queryKey: agendaKeys.speakers(eventId),
    queryFn: () => api<Speaker[]>(`/event/${eventId}/speakers`),
    enabled: eventId > 0,
    staleTime: 60_000,
  });
}

export function useSpeaker(eventId: number, speakerId: number) {
  return useQuery({
    queryKey: agendaKeys.speaker(eventId, speakerId),
    queryFn: () => api<SpeakerDetail>(`/event/${eventId}/speakers/${speakerId}`),
    enabled: eventId > 0 && Number.isInteger(speakerId) && speakerId > 0,
    retry: false,
  });
}

/**
 * Writes new seat counts into every cached copy of the session (list and detail), and into one
 * being read meanwhile (patchAnswers).
 */
export function patchSeats(
  client: QueryClient,
  eventId: number,
  sessionId: number,
  seats: { capacity: number | null; usedCapacity: number; isFull: boolean },
) {
  patchAnswers<SessionSummary[]>(
    client,
    agendaKeys.sessions(eventId),
    (list) => list.map((s) => (s.id === sessionId ? { ...s, ...seats } : s)),
    { exact: true },
  );
  patchAnswers<SessionDetail>(client, agendaKeys.session(eventId, sessionId), (s) => ({ ...s, ...seats }), {
    exact: true,
  });
}

/**
 * E7.78: the session's public room pushes seat changes; a card patches its counts at once. A change
 * that concerns me (another tab of mine joined) refreshes my state too.
 */
export function useSessionRoom(eventId: number, sessionId: number, myParticipantId: number | null) {
  const client = useQueryClient();
  useRealtimeRoom<SessionChangedPayload>(
    eventId > 0 && sessionId > 0 ? realtimeRoom.eventSession(eventId, sessionId) : null,
    (record) => {
      if (record.type !== 'session.changed') return;
      const p = record.payload;
      patchSeats(client, eventId, sessionId, p);
      if (myParticipantId !== null && p.participantId === myParticipantId) {
        void client.invalidateQueries({ queryKey: agendaKeys.all });
      }
    },
    { onReady: () => reloadSeatsSoon(client, eventId, sessionId) },
  );
}

/** How long the rooms of one screen's cards have to come on before their seats are reloaded once. */
const SEATS_RELOAD_DEBOUNCE_MS = 150;
const seatReloads = new Map<number, ReturnType<typeof debounce<[QueryClient]>>>();

/**
 * A seat taken between the list's load and its card's room coming on is in neither: reload the
 * counts then. The cards of a screen come on together, so their event's list reloads once after the
 * last of them (a session's own detail reloads by itself: one small request).
 */
function reloadSeatsSoon(client: QueryClient, eventId: number, sessionId: number) {
  void client.invalidateQueries({ queryKey: agendaKeys.session(eventId, sessionId), exact: true });
  let reload = seatReloads.get(eventId);
  if (!reload) {
    reload = debounce((c: QueryClient) => {
      seatReloads.delete(eventId);
      void c.invalidateQueries({ queryKey: agendaKeys.sessions(eventId), exact: true });
    }, SEATS_RELOAD_DEBOUNCE_MS);
    seatReloads.set(eventId, reload);
  }
  reload(client);
}

export function useJoinSession(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) =>
      api<JoinSessionResult>('/event/schedule/join', {
        method: 'POST',
        body: { eventId, toType: 'session', sessionId },
      }),
    onSuccess: (result) => {
      patchSeats(client, eventId, result.sessionId, result);
      void client.invalidateQueries({ queryKey: agendaKeys.all });
    },
  });
}

/** Issue 15: trade a clashing session of the agenda for this one, in one step (nothing changes if it fails). */
export function useSwapSession(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { sessionId: number; replaceSessionId: number }) =>
      api<JoinSessionResult>('/event/schedule/join', {
        method: 'POST',
        body: { eventId, toType: 'session', ...input },
      }),
    onSuccess: (result) => {
      patchSeats(client, eventId, result.sessionId, result);
      // The left session's seats and both cards' state come with the refetch.
      void client.invalidateQueries({ queryKey: agendaKeys.all });
    },
  });
}

export function useLeaveSession(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) =>
      api<LeaveSessionResult>('/event/schedule/leave', { method: 'POST', body: { eventId, sessionId } }),
    onSuccess: (result) => {
      patchSeats(client, eventId, result.sessionId, result);
      void client.invalidateQueries({ queryKey: agendaKeys.all });
    },
  });
}

export function sessionRoomUrl(eventId: number, sessionId: number, as: SessionRoom['as']) {
  return api<SessionRoom>(`/event/${eventId}/sessions/${sessionId}/room`, { query: { as } }).then(
    (r) => r.url,
  );
}

export type { AgendaItem };
