import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './routes';
import { ShellProviders } from './shell/shell-providers';
import { CrashBoundary } from './system/crash-boundary';
import { storeApiError } from './system/error-list';
import { LazyModals } from './system/lazy-modals';
import { SystemLayer } from './system/system-layer';
import { cssVariablesResolver, theme } from './theme';

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
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <Notifications position="top-right" autoClose={8000} />
        <LazyModals />
        <CrashBoundary>
          <BrowserRouter>
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
