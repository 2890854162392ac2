import type { Dashboard, DashboardFigure } from '@foyer/contract';
import { useQuery } from '@tanstack/react-query';
import { api, downloadFile } from '../../../lib/api-client';
import { consoleKey } from './events';

/** How often the dashboard refetches: live enough for figures that move during the event. */
export const DASHBOARD_REFRESH_MS = 30_000;

export const dashboardKey = (eventId: number) => [...consoleKey(eventId), 'dashboard'] as const;

/** GET /organizer/event/:eventId/dashboard, refetched every 30 s while the page is open and visible. */
export function useDashboard(eventId: number) {
  return useQuery({
    queryKey: dashboardKey(eventId),
    queryFn: ({ signal }) => api<Dashboard>(`/organizer/event/${eventId}/dashboard`, { signal }),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

/** Downloads one figure as CSV (the server builds the file). */
export function downloadDashboardFigure(eventId: number, figure: DashboardFigure): Promise<void> {
  return downloadFile(`/organizer/event/${eventId}/dashboard/export`, `event-${eventId}-${figure}.csv`, {
    figure,
  });
}
