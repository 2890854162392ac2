import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, endsSession } from './api-client';
import { fetchProfile, PROFILE_STALE_MS, profileKey } from './profile';
import { useSession } from './session-store';
import { clearSessionStorage } from './storage';
import { disablePush } from './web-push';

type LogoutListener = () => void | Promise<void>;
const logoutListeners = new Set<LogoutListener>();

/**
 * Lets other parts (the realtime connection, A4.06) clean up when the user signs out, without the
 * session code importing them. Returns the unsubscribe function.
 */
export function onLogout(listener: LogoutListener): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

/**
 * A4.05–A4.07, A1.16: revoke the refresh cookie, tell listeners and the native shell, clear local
 * storage and the in-memory session. Navigation is the caller's job.
 */
export async function logout(): Promise<void> {
  // This browser's pushes were for the account signing out (issue 15): stop them while the
  // session can still tell the server.
  await disablePush().catch(() => undefined);
  try {
    await api('/auth/logout', { method: 'POST', noRefresh: true });
  } catch {
    // the server session may already be gone; signing out locally must still happen
  }
  await Promise.allSettled([...logoutListeners].map(async (listener) => listener()));
  window.ReactNativeWebView?.postMessage(JSON.stringify({ type: 'logout' }));
  clearSessionStorage();
  useSession.getState().clear();
}

/** While signed in as the stored user without the server, how often the profile check tries again. */
export const SESSION_RECHECK_MS = 30_000;

/** What one profile check made of the stored session. */
export type SessionCheck = 'confirmed' | 'signedOut' | 'unreachable';

/**
 * A4.02: the stored token's profile check. Its answer signs the user in (and fills the profile query,
 * so the shell does not ask a second time); the server's refusal signs out (A4.04, after the usual
 * refresh on a 401). When the server cannot be reached or answer now (no network, a gateway, a
 * limit, an error), a start-up goes on signed in as the user stored with the token (a door
 * reloading without a network, issue 14 part 4) and asks again.
 */
export async function checkSession(queryClient: QueryClient): Promise<SessionCheck> {
  try {
    const { id, name, surname, username, timezone } = await queryClient.fetchQuery({
      queryKey: profileKey,
      queryFn: fetchProfile,
      staleTime: PROFILE_STALE_MS,
      retry: false,
    });
    const { token, setSession, clear } = useSession.getState();
    if (!token) {
      clear();
      return 'signedOut';
    }
    setSession(token, { id, name, surname, username, timezone });
    return 'confirmed';
  } catch (error) {
    const session = useSession.getState();
    // Signed out only when the server says so (401, 403); a limit or a server error is tried again.
    if (endsSession(error) || !session.token) {
      session.clear();
      return 'signedOut';
    }
    if (session.status === 'loading') session.resumeStored();
    return 'unreachable';
  }
}

/**
 * Runs the profile check at start-up, and again while signed in as the stored user only: when the
 * network comes back and every half minute, until the server answers (then a refused token
 * refreshes or signs out as usual).
 */
export function useSessionBootstrap(): void {
  const checking = useSession(
    (state) => (state.status === 'loading' && state.user === null) || state.unconfirmed,
  );
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!checking) return;
    let cancelled = false;
    let running = false;
    let again = false; // the network came back while a check was still on its way
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      clearTimeout(timer);
      void checkSession(queryClient).then((outcome) => {
        running = false;
        if (cancelled) return;
        if (again) {
          again = false;
          check();
        } else if (outcome === 'unreachable') {
          timer = setTimeout(check, SESSION_RECHECK_MS);
        }
      });
    };
    check();
    window.addEventListener('online', check);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      window.removeEventListener('online', check);
    };
  }, [checking, queryClient]);
}
