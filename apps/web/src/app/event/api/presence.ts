import type { Presence, PresenceState } from '@foyer/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const presenceKey = (eventId: number) => ['presence', eventId] as const;

/** GET /event/:eventId/presence: when the caller last said how they take part (A4.42). */
export function usePresence(eventId: number, enabled: boolean) {
  return useQuery({
    queryKey: presenceKey(eventId),
    queryFn: () => api<PresenceState>(`/event/${eventId}/presence`),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** PUT /event/:eventId/presence (A4.45). */
export function useConfirmPresence(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (present: Presence) =>
      api<PresenceState>(`/event/${eventId}/presence`, { method: 'PUT', body: { present } }),
    onSuccess: (state) => queryClient.setQueryData(presenceKey(eventId), state),
  });
}
