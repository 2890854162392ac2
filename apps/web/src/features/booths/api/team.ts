import type { AttendeeCard, BoothMember, MemberList } from '@foyer/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { boothKeys } from './booths';

/** GET /event/member (E7.35): my booth's team, or a team invitation waiting for me (E6.27). */
export function useTeam(eventId: number) {
  return useQuery({
    queryKey: boothKeys.team(eventId),
    queryFn: ({ signal }) => api<MemberList>('/event/member', { query: { eventId }, signal }),
    staleTime: 15_000,
  });
}

/** GET /event/member/candidates (E6.26): people in no booth and not organizers. */
export function useMemberCandidates(eventId: number, query: string, enabled: boolean) {
  return useQuery({
    queryKey: [...boothKeys.team(eventId), 'candidates', query],
    queryFn: ({ signal }) =>
      api<AttendeeCard[]>('/event/member/candidates', {
        query: { eventId, query: query || undefined },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** After any team change: the team, and every booth view that lists its members. */
function useRefreshTeam(eventId: number) {
  const queryClient = useQueryClient();
  // Not awaited: the caller's own callbacks (toasts) run before the refetch can unmount them.
  return () => {
    void queryClient.invalidateQueries({ queryKey: boothKeys.all(eventId) });
  };
}

/** POST event/member (E7.37): invite a person; they stay "not confirmed" until they answer. */
export function useAddMember(eventId: number) {
  const refresh = useRefreshTeam(eventId);
  return useMutation({
    mutationFn: (input: { id: number; role: 'user' | 'admin' }) =>
      api<BoothMember>('/event/member', { method: 'POST', body: { eventId, ...input } }),
    onSuccess: refresh,
  });
}

/** PUT event/member (E7.38). */
export function useUpdateMember(eventId: number) {
  const refresh = useRefreshTeam(eventId);
  return useMutation({
    mutationFn: (input: { id: number; role: 'user' | 'admin' }) =>
      api<BoothMember>('/event/member', { method: 'PUT', body: { eventId, ...input } }),
    onSuccess: refresh,
  });
}

/** DELETE event/member (E7.39): remove a member, or leave the team. */
export function useRemoveMember(eventId: number) {
  const refresh = useRefreshTeam(eventId);
  return useMutation({
    mutationFn: (memberId: number) =>
      api<{ removed: number }>('/event/member', { method: 'DELETE', query: { eventId, memberId } }),
    onSuccess: refresh,
  });
}

/** POST /event/member/confirm (E7.36, E6.27). */
export function useConfirmMembership(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { boothId: number; accepted: boolean }) =>
      api<{ accepted: boolean; message: string | null; boothId: number | null }>('/event/member/confirm', {
        method: 'POST',
        body: { eventId, ...input },
      }),
    meta: { errorList: true }, // E8.45: a failed answer also goes to the error list
    async onSuccess() {
      // The event's `me.boothId` and the directory cards follow the new membership.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: boothKeys.all(eventId) }),
        queryClient.invalidateQueries({ queryKey: ['event', eventId] }),
      ]);
    },
  });
}
