import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { logout } from '../../../lib/session';

/** POST /auth/change-password (A5.21, A8.13–A8.15). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { oldPassword: string; newPassword: string }) =>
      api<unknown>('/auth/change-password', { method: 'POST', body: input }),
  });
}

/** DELETE /user (A4.34, A7.10), then the local sign-out every logout does (A4.05). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (body: { confirm: string; password: string }) => {
      await api<unknown>('/user', { method: 'DELETE', body });
      await logout();
    },
  });
}
