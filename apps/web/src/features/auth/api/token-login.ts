import type { LoginResult, TokenLoginRequest } from '@foyer/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';

/**
 * POST /auth/token-login (A2.46, A7.37). Held in a query rather than a mutation so the one-time
 * token is spent once even when React mounts the page twice; the answer is whether it worked.
 */
export function useTokenLogin(body: TokenLoginRequest | null) {
  return useQuery({
    queryKey: ['token-login', body?.token ?? null],
    enabled: body !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      try {
        const result = await api<LoginResult>('/auth/token-login', {
          method: 'POST',
          body,
          noRefresh: true,
        });
        useSession.getState().setSession(result.accessToken, result.user, null);
        return true;
      } catch {
        return false;
      }
    },
  });
}
