import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './routes';
import { ShellProviders } from './shell/shell-providers';
import { CrashBoundary } from './system/crash-boundary';
import { SystemLayer } from './system/system-layer';
import { cssVariablesResolver, theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-right" autoClose={8000} />
          <CrashBoundary>
            <BrowserRouter>
              <ShellProviders>
                <AppRoutes />
              </ShellProviders>
              <SystemLayer />
            </BrowserRouter>
          </CrashBoundary>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
