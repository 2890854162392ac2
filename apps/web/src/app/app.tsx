import { visibleEventPages } from '@foyer/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { BrowserRouter } from 'react-router';
import { prefetchParticipantsTab } from '../features/participants/api/prefetch';
import { addressedScreen } from '../lib/addressed-screen';
import { fetchProfile, PROFILE_STALE_MS, profileKey } from '../lib/profile';
import { quietLazy } from '../lib/quiet-lazy';
import { useSession } from '../lib/session-store';
import { subscribeToToasts, toastsRequested } from '../lib/toast';
import { eventQuery } from '../lib/use-event';
import { queryClient } from './query-client';
import { AppRoutes } from './routes';
import { ShellProviders } from './shell/shell-providers';
import { CookieBanner } from './system/cookie-banner';
import { CrashBoundary } from './system/crash-boundary';
import { LazyModals } from './system/lazy-modals';
import { SystemLayer } from './system/system-layer';
import { cssVariablesResolver, theme } from './theme';
import toastClasses from './toasts.module.css';

// A stored session (a reload, a return) checks itself with the profile (A4.02) as soon as the app
// starts, not once the first render is done; on an event's page the event is asked for beside it,
// not after it, and its banner is fetched as it arrives: the event's header is the page's largest
// paint. On the attendee tab's address its first answers are asked for as the event's comes, instead
// of once the frame, the event's header and the tab have rendered. The screens' own queries then
// find these answers.
if (useSession.getState().token) {
  void queryClient.prefetchQuery({
    queryKey: profileKey,
    queryFn: fetchProfile,
    staleTime: PROFILE_STALE_MS,
    retry: false,
  });
  const { eventId, tab } = addressedScreen();
  if (eventId !== null) {
    void queryClient.fetchQuery(eventQuery(eventId)).then(
      (event) => {
        if (event.images.banner) new Image().src = event.images.banner;
        // On the tab's plain address the start-up script asked for these after the screens' files
        // (lib/early-answers.ts), and they are taken here; a filtered list is asked for now.
        if (tab === 'attendees' && visibleEventPages(event).includes(tab)) {
          prefetchParticipantsTab(queryClient, event.id, window.location.search);
        }
      },
      () => undefined,
    );
  }
}

const Notifications = quietLazy(async () => (await import('@mantine/notifications')).Notifications);

/**
 * Toasts are rare: the toast list (and its transitions) loads with the first one (`lib/toast`), not
 * with the first route. A toast waits in Mantine's store until the list has mounted and shows it.
 */
function LazyNotifications() {
  const needed = useSyncExternalStore(subscribeToToasts, toastsRequested);
  if (!needed) return null;
  return <Notifications position="top-right" autoClose={8000} classNames={{ root: toastClasses.root }} />;
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
