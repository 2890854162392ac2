import { NOTIFICATIONS_OVERSCAN } from '@foyer/contract';
import { Alert, Button, Center, EmptyState, Loader, Skeleton, Stack } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications';
import { NotificationItem } from './notification-item';

interface Props {
  /** Height of the scroll area (the list is virtual, A9.38). */
  height: string;
  onNavigate?(): void;
}

/** The notifications, newest first, 30 a page with the next page loaded on scroll (A9.37–A9.39). */
export function NotificationList({ height, onNavigate }: Props) {
  const { t } = useTranslation();
  const query = useNotifications();
  const markRead = useMarkNotificationsRead();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length + (query.hasNextPage ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 84,
    overscan: NOTIFICATIONS_OVERSCAN,
  });
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= items.length - 1) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastIndex, items.length]);

  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={72} radius="md" />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    const unavailable = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Alert color="red" role="alert" title={t('notifications.error')}>
        <Stack gap="sm" align="flex-start">
          {unavailable
            ? t('notifications.unavailable')
            : query.error instanceof ApiError
              ? query.error.message
              : t('common.unknownError')}
          <Button size="xs" variant="white" onClick={() => query.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        py="xl"
        icon={<IconBellOff size={32} aria-hidden />}
        title={t('notifications.empty.title')}
        description={t('notifications.empty.text')}
        data-testid="notifications-empty"
      />
    );
  }
  return (
    <div ref={scrollRef} style={{ height, overflowY: 'auto' }} data-testid="notification-list">
      <ul
        style={{
          height: virtualizer.getTotalSize(),
          position: 'relative',
          listStyle: 'none',
          margin: 0,
          padding: 0,
        }}
      >
        {rows.map((row) => {
          const item = items[row.index];
          return (
            <li
              key={item?.id ?? 'more'}
              data-index={row.index}
              ref={virtualizer.measureElement}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                transform: `translateY(${row.start}px)`,
              }}
            >
              {item ? (
                <NotificationItem
                  notification={item}
                  onRead={(id) => markRead.mutate([id])}
                  onNavigate={onNavigate}
                />
              ) : (
                <Center py="sm">
                  <Loader size="sm" aria-label={t('common.loading')} />
                </Center>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
