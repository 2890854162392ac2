import type { Notification, NotificationCounts, NotificationPage } from '@foyer/contract';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationsKey } from './get-notifications';

type Pages = InfiniteData<NotificationPage, number | null>;

function patchItems(
  data: Pages | undefined,
  change: (item: Notification) => Notification,
): Pages | undefined {
  return data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(change) })) };
}

/** POST /notifications/read (A4.37): optimistic, then the server's counts. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      api<Partial<NotificationCounts>>('/notifications/read', { method: 'POST', body: { ids } }),
    onMutate: (ids) => {
      const unreadHit = queryClient
        .getQueryData<Pages>(notificationsKey)
        ?.pages.flatMap((p) => p.items)
        .filter((n) => ids.includes(n.id) && !n.read).length;
      queryClient.setQueryData<Pages>(notificationsKey, (data) => {
        const patched = patchItems(data, (n) => (ids.includes(n.id) ? { ...n, read: true } : n));
        return (
          patched && {
            ...patched,
            pages: patched.pages.map((p) => ({ ...p, unread: Math.max(0, p.unread - (unreadHit ?? 0)) })),
          }
        );
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

/** POST /notifications/read-all (A4.38). */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<unknown>('/notifications/read-all', { method: 'POST', body: {} }),
    onMutate: () => {
      queryClient.setQueryData<Pages>(notificationsKey, (data) => {
        const patched = patchItems(data, (n) => ({ ...n, read: true }));
        return patched && { ...patched, pages: patched.pages.map((p) => ({ ...p, unread: 0 })) };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

/** POST /notifications/seen (A4.36): opening the drawer marks everything shown as seen. */
export function useMarkNotificationsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (until: string | undefined) =>
      api<unknown>('/notifications/seen', { method: 'POST', body: until ? { until } : {} }),
    onMutate: () => {
      queryClient.setQueryData<Pages>(notificationsKey, (data) => {
        const patched = patchItems(data, (n) => ({ ...n, seen: true }));
        return patched && { ...patched, pages: patched.pages.map((p) => ({ ...p, unseen: 0 })) };
      });
    },
  });
}
