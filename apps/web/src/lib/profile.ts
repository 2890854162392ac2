import type { UpdateProfileRequest, UserProfile } from '@foyer/contract';
import { hashKey, type QueryCache, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { useSession } from './session-store';

/** The profile's query (GET /user/profile), shared by the start-up check and the shell. */
export const profileKey = ['user', 'profile'] as const;
export const PROFILE_STALE_MS = 5 * 60_000;
export const fetchProfile = () => api<UserProfile>('/user/profile');

/**
 * GET /user/profile (A7.09): the account as the shell and the settings screens show it, one cached
 * answer for all of them.
 */
export function useProfile() {
  const signedIn = useSession((state) => state.status === 'loggedIn');
  return useQuery({
    queryKey: profileKey,
    queryFn: fetchProfile,
    enabled: signedIn,
    staleTime: PROFILE_STALE_MS,
  });
}

/**
 * PUT /user/profile with one action (A7.11–A7.14). The answer is the updated profile: it replaces
 * the cached one (and so the signed-in user around the app follows it, followProfile).
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => api<UserProfile>('/user/profile', { method: 'PUT', body }),
    onSuccess: (profile) => queryClient.setQueryData(profileKey, profile),
  });
}

/**
 * The signed-in user's names, login name and time zone (the session's copy, in the header and in every date)
 * follow each profile answer the cache takes: a fetch, a refetch after another device's change
 * (A7.42, A7.43), a saved form. One place, so no screen can forget it, and the cache's newest answer
 * is the one shown. Returns the function that stops.
 */
export function followProfile(cache: QueryCache): () => void {
  return cache.subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryHash !== profileHash) return;
    const profile = event.query.state.data as UserProfile | undefined;
    if (profile) useSession.getState().updateUser(profile);
  });
}

const profileHash = hashKey(profileKey);
