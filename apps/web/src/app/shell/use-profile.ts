import { RecordType, realtimeRoom, type UpdateProfileRequest, type UserProfile } from '@foyer/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client';
import { fetchProfile, PROFILE_STALE_MS, profileKey } from '../../lib/session';
import { useSession } from '../../lib/session-store';
import { answersOlderThanRecords, useRealtimeClient } from '../../lib/use-realtime';

export { profileKey };

/** GET /user/profile: the full profile (ui settings, photo) the shell needs beyond the session. */
export function useProfile() {
  const signedIn = useSession((state) => state.status === 'loggedIn');
  return useQuery({
    queryKey: profileKey,
    queryFn: fetchProfile,
    enabled: signedIn,
    staleTime: PROFILE_STALE_MS,
  });
}

/** The profile as the server now has it: the cache, and the session's copy of name and timezone. */
function applyProfile(queryClient: QueryClient, profile: UserProfile): void {
  queryClient.setQueryData(profileKey, profile);
  useSession.getState().updateUser(profile);
}

/** PUT /user/profile; keeps the session's copy of name and timezone in step. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => api<UserProfile>('/user/profile', { method: 'PUT', body }),
    onSuccess: (profile) => applyProfile(queryClient, profile),
  });
}

/**
 * A7.42, A7.43: a change made in another tab or on another device (name, photo, time zone, ui
 * settings) reaches this one: the user's feed says the profile changed, and it is fetched again;
 * so it is when the feed comes on, if a change may have been made between the page's load and its
 * subscription.
 */
export function useProfileLive(): void {
  const userId = useSession((state) => state.user?.id ?? null);
  const queryClient = useQueryClient();
  const realtime = useRealtimeClient();
  useEffect(() => {
    if (!realtime || userId === null) return;
    const refetch = () =>
      void fetchProfile()
        .then((profile) => applyProfile(queryClient, profile))
        .catch(() => undefined); // offline: the next load fetches it
    const room = realtimeRoom.user(userId);
    return realtime.subscribe(
      room,
      (record) => {
        if (record.type === RecordType.PublicProfileChanged) refetch();
      },
      {
        onReady: () => {
          // No answer yet (its load failed, say): fetched now.
          const loaded = (queryClient.getQueryState(profileKey)?.dataUpdatedAt ?? 0) > 0;
          if (!loaded || answersOlderThanRecords(queryClient, realtime, room, profileKey).length > 0)
            refetch();
        },
      },
    );
  }, [realtime, userId, queryClient]);
}
