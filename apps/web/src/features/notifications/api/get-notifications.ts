import {
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationCounts,
  type NotificationPage,
} from '@foyer/contract';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { patchAnswers } from '../../../lib/use-realtime';
import { marksOnTheirWay, usePendingMarks, withMarks } from './pending-marks';

export const notificationsKey = ['notifications'] as const;

/** GET /notifications: newest first, 30 a page (A9.37, A9.39); counts ride on every page. */
export const notificationsQuery = infiniteQueryOptions({
  queryKey: notificationsKey,
  queryFn: ({ pageParam, signal }) =>
    api<NotificationPage>('/notifications', {
      query: { limit: NOTIFICATIONS_PAGE_SIZE, cursor: pageParam ?? undefined },
      signal,
    }),
  initialPageParam: null as number | null,
  getNextPageParam: (last) => last.nextCursor,
  staleTime: 60_000,
});

/** The bell's list, with the marks still on their way laid over it. */
export function useNotifications(enabled = true) {
  const signedIn = useSession((state) => state.status === 'loggedIn');
  const marks = usePendingMarks();
  const select = useCallback(
    (data: InfiniteData<NotificationPage, number | null>) => withMarks(data, marks),
    [marks],
  );
  return useInfiniteQuery({ ...notificationsQuery, enabled: signedIn && enabled, select });
}

/** Unread and unseen counts (A4.36, A4.39) from the newest page; zero until it loads or if it fails. */
export function useNotificationCounts(enabled = true): NotificationCounts {
  const { data } = useNotifications(enabled);
  const first = data?.pages[0];
  return { unread: first?.unread ?? 0, unseen: first?.unseen ?? 0, seenAt: first?.seenAt ?? null };
}

/**
 * Counts from the server (a realtime state record; a meeting change's notification, put at the top
 * of the newest page), written into every cached page at once, and the list is then read again:
 * counts computed before something the cache already holds (an event-wide notification, A9.41,
 * whose record comes on the event's room and makes the list be read again; a mark made since)
 * reached this client after it, and would otherwise stay until the next reload. While a mark of
 * mine is on its way they may already hold it, and the overlay of the marks (pending-marks.ts)
 * would take it off again: then they are not written, the list is only read again.
 */
export function receiveCounts(
  queryClient: QueryClient,
  counts: Partial<NotificationCounts>,
  notification?: Notification,
): void {
  if (marksOnTheirWay(queryClient) === 0) {
    patchAnswers<InfiniteData<NotificationPage, number | null>>(
      queryClient,
      notificationsKey,
      (data) => ({
        ...data,
        pages: data.pages.map((page, index) => ({
          ...page,
          ...counts,
          items:
            notification && index === 0 && !page.items.some((n) => n.id === notification.id)
              ? [notification, ...page.items]
              : page.items,
        })),
      }),
      { exact: true },
    );
  }
  void queryClient.invalidateQueries({ queryKey: notificationsKey });
}
