import type { UpdateProfileRequest, UserProfile } from '@foyer/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-store';

export const profileKey = ['user', 'profile'] as const;

/** GET /user/profile: the full profile (ui settings, photo) the shell needs beyond the session. */
export function useProfile() {
  const signedIn = useSession((state) => state.status === 'loggedIn');
  return useQuery({
    queryKey: profileKey,
    queryFn: () => api<UserProfile>('/user/profile'),
    enabled: signedIn,
    staleTime: 5 * 60_000,
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
