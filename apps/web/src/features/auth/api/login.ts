import type { LoginRequest, LoginResult } from '@foyer/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';

/** POST /auth/login → { accessToken, user } and the refresh cookie; the public guard then moves on. */
export function loginRequestFn(body: LoginRequest): Promise<LoginResult> {
  return api<LoginResult>('/auth/login', { method: 'POST', body, noRefresh: true });
}

export function useLogin() {
  const setSession = useSession((state) => state.setSession);
  return useMutation({
    mutationFn: loginRequestFn,
    onSuccess: (result) => setSession(result.accessToken, result.user, null),
  });
}
