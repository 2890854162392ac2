import type { NotificationCounts, NotificationPage } from '@foyer/contract';
import { type InfiniteData, MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { aNotification } from '../notification.testing';
import { notificationsKey, receiveCounts } from './get-notifications';
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

  it('A4.36 with no mark on its way, counts are written into the pages and a notification put on top once', () => {
    queryClient = new QueryClient();
    queryClient.setQueryData(notificationsKey, bell());
    receiveCounts(queryClient, counts(2));
    expect(shown(queryClient, [])).toBe(2);
    receiveCounts(queryClient, counts(3), note(4));
    receiveCounts(queryClient, counts(3), note(4));
    const data = queryClient.getQueryData<Pages>(notificationsKey) as Pages;
    expect(data.pages[0]?.items.map((n) => n.id)).toEqual([4, 3, 2, 1]);
    expect(queryClient.getQueryState(notificationsKey)?.isInvalidated).toBe(false);
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
