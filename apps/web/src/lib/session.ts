import type { SessionUser } from '@foyer/contract';
import { useEffect } from 'react';
import { api } from './api-client';
import { useSession } from './session-store';
import { clearSessionStorage } from './storage';

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

/** A4.02: a stored token at start-up loads the profile; any failure logs out (A4.04). */
export function useSessionBootstrap(): void {
  const status = useSession((state) => state.status);
  const hasUser = useSession((state) => state.user !== null);
  useEffect(() => {
    if (status !== 'loading' || hasUser) return;
    let cancelled = false;
    api<SessionUser>('/user/profile')
      .then(({ id, name, surname, username, timezone }) => {
        const { token, setSession, clear } = useSession.getState();
        if (cancelled) return;
        if (token) setSession(token, { id, name, surname, username, timezone });
        else clear();
      })
      .catch(() => {
        if (!cancelled) useSession.getState().clear();
      });
    return () => {
      cancelled = true;
    };
  }, [status, hasUser]);
}
