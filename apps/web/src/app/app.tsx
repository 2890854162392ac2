import { MantineProvider } from '@mantine/core';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { BrowserRouter } from 'react-router';
import { addressedScreen } from '../lib/addressed-screen';
import { trackAnswerReads } from '../lib/answer-reads';
import { QUERY_DEFAULTS } from '../lib/query-defaults';
import { fetchProfile, PROFILE_STALE_MS, profileKey } from '../lib/session';
import { useSession } from '../lib/session-store';
import { subscribeToToasts, toastsRequested } from '../lib/toast';
import { eventQuery } from '../lib/use-event';
import { AppRoutes } from './routes';
import { ShellProviders } from './shell/shell-providers';
import { CookieBanner } from './system/cookie-banner';
import { CrashBoundary } from './system/crash-boundary';
import { storeApiError } from './system/error-list';
import { LazyModals } from './system/lazy-modals';
import { SystemLayer } from './system/system-layer';
import { cssVariablesResolver, theme } from './theme';
import toastClasses from './toasts.module.css';

/**
 * A8.38: failures no screen shows itself go to the error list for 5 s: a refetch that fails while
 * the screen keeps showing the earlier data, and calls that ask for it with `meta: { errorList: true }`.
 */
const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.state.data !== undefined || query.meta?.errorList === true) storeApiError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _result, mutation) => {
      if (mutation.meta?.errorList === true) storeApiError(error);
    },
  }),
  defaultOptions: {
    queries: QUERY_DEFAULTS,
  },
});
// Before the first fetch: a room coming on reloads only answers that may lack its last record.
trackAnswerReads(queryClient.getQueryCache());

// A stored session (a reload, a return) checks itself with the profile (A4.02) as soon as the app
// starts, not once the first render is done; on an event's page the event is asked for beside it,
// not after it, and its banner is fetched as it arrives: the event's header is the page's largest
// paint. The screens' own queries then find these answers.
if (useSession.getState().token) {
  void queryClient.prefetchQuery({
    queryKey: profileKey,
    queryFn: fetchProfile,
    staleTime: PROFILE_STALE_MS,
    retry: false,
  });
  const { eventId } = addressedScreen();
  if (eventId !== null) {
    void queryClient.fetchQuery(eventQuery(eventId)).then(
      (event) => {
        if (event.images.banner) new Image().src = event.images.banner;
      },
      () => undefined,
    );
  }
}

const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

/**
 * Toasts are rare: the toast list (and its transitions) loads with the first one (`lib/toast`), not
 * with the first route. A toast waits in Mantine's store until the list has mounted and shows it.
 */
function LazyNotifications() {
  const needed = useSyncExternalStore(subscribeToToasts, toastsRequested);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" autoClose={8000} classNames={{ root: toastClasses.root }} />
    </Suspense>
  );
}

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <LazyNotifications />
        <LazyModals />
        <CrashBoundary>
          <BrowserRouter>
            {/* WCAG 2.4.11: before the screens, so "Got it" is reached first, not after the whole page. */}
            <CookieBanner />
            <ShellProviders>
              <AppRoutes />
            </ShellProviders>
            <SystemLayer />
          </BrowserRouter>
        </CrashBoundary>
      </QueryClientProvider>
    </MantineProvider>
  );
}
