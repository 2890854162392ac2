import type { LoginResult, SignupRequest } from '@foyer/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';

/** POST /user/signup (A7.08): registration without an event creates the account and logs in. */
export function useSignup() {
  const setSession = useSession((state) => state.setSession);
  return useMutation({
    mutationFn: (body: SignupRequest) =>
      api<LoginResult>('/user/signup', { method: 'POST', body, noRefresh: true }),
    onSuccess: (result) => setSession(result.accessToken, result.user),
  });
}
