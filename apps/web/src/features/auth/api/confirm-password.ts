import type { ConfirmPasswordRequest } from '@foyer/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/confirm-password { username, code, password } (A7.31, A7.33). */
export function useConfirmPassword() {
  return useMutation({
    mutationFn: (body: ConfirmPasswordRequest) =>
      api<unknown>('/auth/confirm-password', { method: 'POST', body, noRefresh: true }),
  });
}
