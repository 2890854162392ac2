import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackAnswerReads } from './answer-reads';
import { answersOlderThanRecords, reloadAnswersOlderThanRecords } from './use-realtime';

const ROOM = 'userRooms/7';
/** A realtime client whose ROOM had its last record at `lastRecordAt` (0: none known). */
const socket = (lastRecordAt: number) => ({
  lastRecordAt: (room: string) => (room === ROOM ? lastRecordAt : 0),
});

afterEach(() => {
  vi.useRealTimers();
});

/** A query client that knows when its answers began to be read, as the app's does. */
function trackedClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  trackAnswerReads(client.getQueryCache());
  return client;
}

const invalidated = (client: QueryClient, key: unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('reloading what the socket may have missed', () => {
  it('A4.35 A4.40 a cold start whose room had no recent record loads nothing twice', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = trackedClient();
    vi.setSystemTime(100_000);
    await client.fetchQuery({ queryKey: ['notifications'], queryFn: async () => ({ unseen: 0 }) });
    await client.fetchQuery({ queryKey: ['invitations', 7], queryFn: async () => ({ badge: 0 }) });
    // The room's newest record was committed by 40 s at the latest (its age in the subscribe answer).
    reloadAnswersOlderThanRecords(client, socket(40_000), ROOM, ['notifications']);
    reloadAnswersOlderThanRecords(client, socket(40_000), ROOM, ['invitations']);
    expect(invalidated(client, ['notifications'])).toBe(false);
    expect(invalidated(client, ['invitations', 7])).toBe(false);
    // No record at all, or no client: nothing either.
    reloadAnswersOlderThanRecords(client, socket(0), ROOM, ['notifications']);
    reloadAnswersOlderThanRecords(client, null, ROOM, ['notifications']);
    expect(invalidated(client, ['notifications'])).toBe(false);
    client.clear();
  });

  it('A4.35 reloads an answer whose read began before the record, though it arrived after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = trackedClient();
    vi.setSystemTime(10_000);
    let answer: (value: { unseen: number }) => void = () => {};
    const slow = client.fetchQuery({
      queryKey: ['notifications'],
      queryFn: () => new Promise<{ unseen: number }>((resolve) => (answer = resolve)),
    });
    // The request is on its way at 10 s; a notification is written at 12 s; the answer lands at 15 s.
    vi.setSystemTime(15_000);
    answer({ unseen: 0 });
    await slow;
    expect(client.getQueryState(['notifications'])?.dataUpdatedAt).toBe(15_000);
    vi.setSystemTime(20_000);
    await client.fetchQuery({ queryKey: ['invitations', 7], queryFn: async () => ({ badge: 0 }) });
    const stale = answersOlderThanRecords(client, socket(12_000), ROOM, []);
    expect(stale.map((q) => q.queryKey)).toEqual([['notifications']]);
    reloadAnswersOlderThanRecords(client, socket(12_000), ROOM, ['notifications']);
    expect(invalidated(client, ['notifications'])).toBe(true);
    expect(invalidated(client, ['invitations', 7])).toBe(false);
    client.clear();
  });

  it('A4.35 an answer written by hand counts from its writing; only the keys asked and the room', async () => {
    const client = trackedClient();
    client.setQueryData(['agenda', 1], [], { updatedAt: 3_000 });
    client.setQueryData(['agenda', 2], [], { updatedAt: 9_000 });
    // A record came at 5 s: the answer of 3 s may lack it, the one of 9 s has it.
    reloadAnswersOlderThanRecords(client, socket(5_000), ROOM, ['agenda']);
    expect(invalidated(client, ['agenda', 1])).toBe(true);
    expect(invalidated(client, ['agenda', 2])).toBe(false);
    // A record of another room says nothing about this one.
    client.setQueryData(['contacts'], [], { updatedAt: 3_000 });
    reloadAnswersOlderThanRecords(client, socket(5_000), 'userRooms/8', ['contacts']);
    expect(invalidated(client, ['contacts'])).toBe(false);
    client.clear();
  });
});
