import type { UpdateProfileRequest, UserProfile } from '@foyer/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';

export const profileQueryKey = ['user', 'profile'] as const;

/** GET /user/profile (A7.09): the account as the settings screens edit it. */
export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: () => api<UserProfile>('/user/profile') });
}

/**
 * PUT /user/profile with one action (A7.11–A7.14). The answer is the updated profile: it replaces
 * the cached one, and the signed-in user in the header follows name and time zone changes.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileRequest) =>
      api<UserProfile>('/user/profile', { method: 'PUT', body: input }),
    onSuccess(profile) {
      queryClient.setQueryData(profileQueryKey, profile);
      syncSessionUser(profile);
    },
  });
}

export function syncSessionUser(
  profile: Pick<UserProfile, 'id' | 'name' | 'surname' | 'username' | 'timezone'>,
) {
  const { token, user, setSession } = useSession.getState();
  if (!token || !user || user.id !== profile.id) return;
  const { id, name, surname, username, timezone } = profile;
  setSession(token, { id, name, surname, username, timezone });
}
