import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { quietLazy } from '../../lib/quiet-lazy';
import { onLogout } from '../../lib/session';
import { useSession } from '../../lib/session-store';
import { installDeviceBridge } from './native';
import { RealtimeProvider } from './realtime-provider';
import { useShell } from './shell-store';
import { useSupportWidget } from './support-widget';

// Only signed-in people need it: kept out of the first screen's bundle.
const TimezoneCheck = quietLazy(async () => (await import('./timezone/timezone-check')).TimezoneCheck);

/**
 * What runs for the whole app: the realtime connection (A4.06), the native device bridge (A1.14–
 * A1.17), the support widget (A1.18, A1.19) and the page-wide timezone check (A2.65).
 */
export function ShellProviders({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const signedIn = useSession((state) => state.status === 'loggedIn');
  useSupportWidget();

  useEffect(
    () =>
      installDeviceBridge(() => {
        // The native shell changed the user: load the profile again for the stored token.
        useSession.setState({ status: 'loading', user: null });
        void queryClient.invalidateQueries();
      }),
    [queryClient],
  );

  useEffect(() => onLogout(() => useShell.getState().reset()), []);

  return (
    <RealtimeProvider>
      {children}
      {signedIn && <TimezoneCheck />}
    </RealtimeProvider>
  );
}
