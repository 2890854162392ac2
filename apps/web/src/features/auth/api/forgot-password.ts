import type { ForgotPasswordRequest } from '@foyer/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/forgot-password { username } (A7.30, A7.32): e-mails a 6-digit code. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) =>
      api<unknown>('/auth/forgot-password', { method: 'POST', body, noRefresh: true }),
  });
}
