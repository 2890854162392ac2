import type { SignupRequest, SignupResult } from '@foyer/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /user/signup (A7.08): registration without an event creates the account; it logs in once the
 * mailed code is confirmed (issue 10).
 */
export function useSignup() {
  return useMutation({
    mutationFn: (body: SignupRequest) =>
      api<SignupResult>('/user/signup', { method: 'POST', body, noRefresh: true }),
  });
}
