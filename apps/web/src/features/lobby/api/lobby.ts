import type { Lobby } from '@foyer/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { lobbyKeys } from './keys';

/** E4.39: "live now" follows the clock; recomputed every 60 s. */
const LIVE_NOW_REFRESH_MS = 60_000;

/** GET event/lobby (A2.26): the tab uses it for the sessions running now. */
export function useLiveNow(eventId: number) {
  return useQuery({
    queryKey: lobbyKeys.liveNow(eventId),
    queryFn: () => api<Lobby>('/event/lobby', { query: { eventId } }),
    select: (lobby) => lobby.liveNow,
    refetchInterval: LIVE_NOW_REFRESH_MS,
  });
}
