import type { NotificationCounts, NotificationPage } from '@foyer/contract';
import {
  type InfiniteData,
  InfiniteQueryObserver,
  MutationObserver,
  QueryClient,
} from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aNotification } from '../notification.testing';
import { notificationsKey, notificationsQuery, receiveCounts } from './get-notifications';
import { markReadOptions } from './mark-notifications';
import { withMarks } from './pending-marks';

type Pages = InfiniteData<NotificationPage, number | null>;

const note = (id: number) => aNotification({ id, dt: `2026-11-30T10:0${id}:00.000Z` });

/** One page: notifications 3, 2, 1, all unread. */
const bell = (): Pages => ({
  pageParams: [null],
  pages: [{ items: [note(3), note(2), note(1)], nextCursor: null, unread: 3, unseen: 3, seenAt: null }],
});

/** A mark of these ids sent, its answer held until `answer` is called. */
function sendRead(queryClient: QueryClient, ids: number[]) {
  let answer: (counts: NotificationCounts) => void = () => undefined;
  const held = new Promise<NotificationCounts>((resolve) => {
    answer = resolve;
  });
  const observer = new MutationObserver(queryClient, {
    ...markReadOptions(queryClient),
    mutationFn: () => held,
  });
  const done = observer.mutate(ids);
  return {
    answer: async (counts: NotificationCounts) => {
      answer(counts);
      await done;
    },
  };
}

/** The bell's unread count as shown: the cache with the marks on their way laid over it. */
const shown = (queryClient: QueryClient, reading: number[]) =>
  withMarks(queryClient.getQueryData<Pages>(notificationsKey) as Pages, {
    read: new Set(reading),
    allRead: false,
    seenUntil: '',
  }).pages[0]?.unread;

const counts = (unread: number): NotificationCounts => ({ unread, unseen: unread, seenAt: null });

describe('counts from the server beside marks on their way (A4.36, A4.37)', () => {
  let queryClient: QueryClient;
  afterEach(() => queryClient.clear());

  it('A4.36 with no mark on its way, counts are written into the pages at once, a notification put on top once, and the list read again', () => {
    queryClient = new QueryClient();
    queryClient.setQueryData(notificationsKey, bell());
    receiveCounts(queryClient, counts(2));
    expect(shown(queryClient, [])).toBe(2);
    receiveCounts(queryClient, counts(3), note(4));
    receiveCounts(queryClient, counts(3), note(4));
    const data = queryClient.getQueryData<Pages>(notificationsKey) as Pages;
    expect(data.pages[0]?.items.map((n) => n.id)).toEqual([4, 3, 2, 1]);
    expect(queryClient.getQueryState(notificationsKey)?.isInvalidated).toBe(true);
  });

  it('A9.41 A4.39 counts computed before an event-wide notification the bell has read since do not stay: the list read again says it', async () => {
    queryClient = new QueryClient();
    // The server: notifications 4 (an announcement, on the event's room) to 1, one of them read.
    const server: Pages['pages'][number] = {
      items: [note(4), note(3), note(2), { ...note(1), read: true }],
      nextCursor: null,
      unread: 3,
      unseen: 4,
      seenAt: null,
    };
    const reads: number[] = [];
    const bellOpen = new InfiniteQueryObserver(queryClient, {
      ...notificationsQuery,
      queryFn: async () => {
        reads.push(reads.length + 1);
        return server;
      },
    });
    const stop = bellOpen.subscribe(() => undefined);
    await vi.waitFor(() => expect(bellOpen.getCurrentResult().isSuccess).toBe(true));
    expect(bellOpen.getCurrentResult().data?.pages[0]?.unread).toBe(3);
    // The state record of the mark of notification 1, made on another device before the
    // announcement and computed then (2 unread of 3), arrives late.
    receiveCounts(queryClient, { unread: 2, unseen: 3, seenAt: null });
    await vi.waitFor(() => {
      expect(reads).toHaveLength(2);
      expect(bellOpen.getCurrentResult().isFetching).toBe(false);
    });
    expect(bellOpen.getCurrentResult().data?.pages[0]).toMatchObject({ unread: 3, unseen: 4 });
    stop();
  });

  it('A4.37 counts that already hold a read mark on its way do not take it off twice: the list is read again', async () => {
    queryClient = new QueryClient();
    queryClient.setQueryData(notificationsKey, bell());
    const mark = sendRead(queryClient, [3]);
    expect(shown(queryClient, [3])).toBe(2);
    // The server has read it and says so on the socket before the mark's answer arrives.
    receiveCounts(queryClient, counts(2));
    expect(shown(queryClient, [3])).toBe(2);
    expect(queryClient.getQueryState(notificationsKey)?.isInvalidated).toBe(true);
    await mark.answer(counts(2));
    expect(shown(queryClient, [])).toBe(2);
  });
});
