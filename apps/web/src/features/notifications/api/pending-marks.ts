import type { Notification, NotificationPage } from '@foyer/contract';
import { type InfiniteData, type QueryClient, useMutationState } from '@tanstack/react-query';
import { useMemo } from 'react';

type Pages = InfiniteData<NotificationPage, number | null>;

/** The mutation keys of the bell's marks, so that the list can see which are on their way. */
export const MARK_KEYS = {
  read: ['notifications-mark', 'read'],
  allRead: ['notifications-mark', 'all-read'],
  seen: ['notifications-mark', 'seen'],
} as const;

/** How many of the bell's marks are on their way (sent, not yet answered). */
export const marksOnTheirWay = (queryClient: QueryClient): number =>
  queryClient.isMutating({ mutationKey: ['notifications-mark'] });

/**
 * The marks sent and not yet answered: the ids being read, every one being read, and the newest date
 * being marked seen ('' none; every date when the drawer asked without one).
 */
export interface PendingMarks {
  read: ReadonlySet<number>;
  allRead: boolean;
  seenUntil: string;
}

/** Later than any notification's ISO date: the seen mark of a drawer that named none. */
const EVERY_DATE = '\uffff';

/**
 * The marks on their way. They are laid over the list's answer (`withMarks`) instead of written
 * into it, so a reload of the list while a mark is on its way (the user's room coming on, a pushed
 * change) does not show the notification unread again until the mark's answer arrives.
 */
export function usePendingMarks(): PendingMarks {
  const read = useMutationState({
    filters: { mutationKey: MARK_KEYS.read, status: 'pending' },
    select: (mutation) => mutation.state.variables as number[],
  });
  const allRead = useMutationState({
    filters: { mutationKey: MARK_KEYS.allRead, status: 'pending' },
    select: () => true,
  }).length;
  const seen = useMutationState({
    filters: { mutationKey: MARK_KEYS.seen, status: 'pending' },
    select: (mutation) => (mutation.state.variables as string | undefined) ?? EVERY_DATE,
  });
  return useMemo(
    () => ({
      read: new Set(read.flat()),
      allRead: allRead > 0,
      seenUntil: [...seen].sort().at(-1) ?? '', // the latest (ISO dates sort as text)
    }),
    [read, allRead, seen],
  );
}

/** The list as it will be once the pending marks are answered (the same object when none are). */
export function withMarks(data: Pages, marks: PendingMarks): Pages {
  const { read, allRead, seenUntil } = marks;
  if (!allRead && !seenUntil && read.size === 0) return data;
  const reads = (n: Notification) => !n.read && (allRead || read.has(n.id));
  const sees = (n: Notification) => !n.seen && n.dt <= seenUntil;
  // Every page carries the counts: each loses the notifications being marked, counted once.
  let reading = 0;
  let seeing = 0;
  for (const page of data.pages) {
    for (const n of page.items) {
      if (reads(n)) reading++;
      if (sees(n)) seeing++;
    }
  }
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      unread: Math.max(0, page.unread - reading),
      unseen: Math.max(0, page.unseen - seeing),
      items: page.items.map((n) =>
        reads(n) || sees(n) ? { ...n, read: n.read || reads(n), seen: n.seen || sees(n) } : n,
      ),
    })),
  };
}
