import type { Notification, NotificationCounts, NotificationPage } from '@foyer/contract';
import {
  type InfiniteData,
  mutationOptions,
  type QueryClient,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationsKey } from './get-notifications';
import { MARK_KEYS } from './pending-marks';

type Pages = InfiniteData<NotificationPage, number | null>;

/**
 * The bell's marks. While one is on its way the list shows it done (pending-marks.ts lays it over the
 * answer); the cache takes it only once the server has answered, then the list is read again.
 */

function patch(
  data: Pages | undefined,
  change: (item: Notification) => Notification,
  counts: Partial<NotificationCounts>,
): Pages | undefined {
  return (
    data && {
      ...data,
      pages: data.pages.map((page) => ({ ...page, ...counts, items: page.items.map(change) })),
    }
  );
}

/** The cache after a mark's answer: its change, and the counts after it. */
function answered(
  queryClient: QueryClient,
  change: (item: Notification) => Notification,
  counts: NotificationCounts,
): void {
  queryClient.setQueryData<Pages>(notificationsKey, (data) => patch(data, change, counts));
}

/** POST /notifications/read (A4.37), answered with the counts after it. */
export function markReadOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: MARK_KEYS.read,
    mutationFn: (ids: number[]) =>
      api<NotificationCounts>('/notifications/read', { method: 'POST', body: { ids } }),
    onSuccess: (counts, ids) =>
      answered(queryClient, (n) => (ids.includes(n.id) ? { ...n, read: true } : n), counts),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
export const useMarkNotificationsRead = () => useMutation(markReadOptions(useQueryClient()));

/** POST /notifications/read-all (A4.38). */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: MARK_KEYS.allRead,
    mutationFn: () => api<NotificationCounts>('/notifications/read-all', { method: 'POST', body: {} }),
    onSuccess: (counts) => answered(queryClient, (n) => ({ ...n, read: true }), counts),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

/** POST /notifications/seen (A4.36): opening the drawer marks what it shows, up to its newest, seen. */
export function useMarkNotificationsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: MARK_KEYS.seen,
    mutationFn: (until: string | undefined) =>
      api<NotificationCounts>('/notifications/seen', { method: 'POST', body: until ? { until } : {} }),
    onSuccess: (counts, until) =>
      answered(queryClient, (n) => (until === undefined || n.dt <= until ? { ...n, seen: true } : n), counts),
    // Its counts may predate an event-wide notification the list has read since (see receiveCounts).
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
