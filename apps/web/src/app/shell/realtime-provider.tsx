import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { refreshSession } from '../../lib/api-client';
import { whenIdle } from '../../lib/idle';
import type { GetToken, RealtimeClient } from '../../lib/realtime';
import { onLogout } from '../../lib/session';
import { useSession } from '../../lib/session-store';
import { RealtimeContext } from '../../lib/use-realtime';
import { nativeLog } from './native';

const getToken: GetToken = async ({ refresh }) => {
  if (refresh) {
    const refreshed = await refreshSession();
    if (!refreshed) {
      nativeLog('realtime sign-in failed'); // A8.23
      // Refused: signed out. Not answered now (no network, a limit): the socket tries again later.
      if (useSession.getState().token === null) return null;
      throw new Error('The session could not be refreshed now');
    }
  }
  return useSession.getState().token;
};

/** One realtime connection while someone is signed in; closed at logout (A4.06). */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const signedIn = useSession((state) => state.status === 'loggedIn');
  const [client, setClient] = useState<RealtimeClient | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    let connection: RealtimeClient | null = null;
    let stopped = false;
    const stop = () => {
      stopped = true;
      if (!connection) return;
      connection.close();
      const closed = connection;
      setClient((current) => (current === closed ? null : current));
    };
    // The socket client (a file of its own, vite/chunks.ts) loads once the browser is idle after the
    // first signed-in screen, and connects then: on a cold start it would otherwise be fetched and
    // run (~14 KiB gzipped, ~70 ms of a slow phone's CPU, then the rooms' answers) before the
    // screen's first render. What is written meanwhile the rooms' subscribers reload when their
    // room comes on (onReady).
    const load = () => {
      import('../../lib/realtime')
        .then(({ connectRealtime }) => {
          if (stopped) return;
          connection = connectRealtime(getToken);
          const connected = connection;
          startTransition(() => setClient(connected));
        })
        // Not fetched (a door reloaded offline from its worker's cache before the worker kept this
        // file): again once the browser is back online.
        .catch(() => {
          if (!stopped) window.addEventListener('online', load, { once: true });
        });
    };
    const cancelIdle = whenIdle(load);
    const unsubscribe = onLogout(stop);
    return () => {
      cancelIdle();
      window.removeEventListener('online', load);
      unsubscribe();
      stop();
    };
  }, [signedIn]);

  return <RealtimeContext value={client}>{children}</RealtimeContext>;
}
