import type { UpdateProfileRequest, UserProfile } from '@foyer/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { fetchProfile, PROFILE_STALE_MS, profileKey } from '../../lib/session';
import { useSession } from '../../lib/session-store';

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

/** PUT /user/profile; keeps the session's copy of name and timezone in step. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => api<UserProfile>('/user/profile', { method: 'PUT', body }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKey, profile);
      const { token, user, setSession } = useSession.getState();
      if (token && user) {
        setSession(token, {
          ...user,
          name: profile.name,
          surname: profile.surname,
          timezone: profile.timezone,
        });
      }
    },
  });
}
