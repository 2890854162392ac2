import { type ReactNode, useEffect, useState } from 'react';
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
      return null;
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
    // The socket client loads with the first signed-in screen, not with the login page, and connects
    // once the browser is idle: on a cold start it would otherwise run (~70 ms of a slow phone's
    // CPU, then the rooms' answers) between the first answers and the screen's first render. What
    // is written meanwhile the rooms' subscribers reload when their room comes on (onReady).
    const cancelIdle = whenIdle(() => {
      void import('../../lib/realtime').then(({ connectRealtime }) => {
        if (stopped) return;
        connection = connectRealtime(getToken);
        setClient(connection);
      });
    });
    const unsubscribe = onLogout(stop);
    return () => {
      cancelIdle();
      unsubscribe();
      stop();
    };
  }, [signedIn]);

  return <RealtimeContext value={client}>{children}</RealtimeContext>;
}
