import type { EventInvitation } from '@foyer/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /event/invitation/:token: the personal link's event, e-mail and name (issue 12, 015). */
export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) =>
      api<EventInvitation>(`/event/invitation/${encodeURIComponent(token ?? '')}`, {
        signal,
        noRefresh: true,
      }),
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /event/invitation/accept: the logged-in account takes the invitation. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (token: string) =>
      api<{ eventId: number; participantId: number }>('/event/invitation/accept', {
        method: 'POST',
        body: { token },
      }),
  });
}
