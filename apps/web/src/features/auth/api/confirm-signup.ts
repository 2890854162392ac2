import type { ConfirmSignupRequest, LoginResult } from '@foyer/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';

/** POST /auth/confirm-signup { username, code } → logged in, like a login (issue 10). */
export function useConfirmSignup() {
  const setSession = useSession((state) => state.setSession);
  return useMutation({
    mutationFn: (body: ConfirmSignupRequest) =>
      api<LoginResult>('/auth/confirm-signup', { method: 'POST', body, noRefresh: true }),
    onSuccess: (result) => setSession(result.accessToken, result.user, null),
  });
}

/** POST /auth/resend-code { username }: the server answers alike whether or not a mail went out. */
export function useResendCode() {
  return useMutation({
    mutationFn: (username: string) =>
      api<null>('/auth/resend-code', { method: 'POST', body: { username }, noRefresh: true }),
  });
}
