import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /user/email/confirm { email, code } (A2.50, A7.34, A7.35). A query so a double mount does
 * not spend the code twice; without a code nothing is sent.
 */
export function confirmEmailQuery(email: string, code: string | null) {
  return queryOptions({
    queryKey: ['confirm-email', email, code],
    enabled: code !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    queryFn: () =>
      api<unknown>('/user/email/confirm', { method: 'POST', body: { email, code } }).then(() => true),
  });
}

export function useConfirmEmail(email: string, code: string | null) {
  return useQuery(confirmEmailQuery(email, code));
}
