import type { RegisterRequest, RegisterResult } from '@foyer/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /event/register (A7.25) → { ticketId, ticketType, hasUserId } (A4.13–A4.16). */
export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterRequest) =>
      api<RegisterResult>('/event/register', { method: 'POST', body, noRefresh: true }),
  });
}
