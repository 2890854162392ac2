import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerReadAt, trackAnswerReads } from './answer-reads';
import { answersOlderThanRecords, patchAnswers, reloadAnswersOlderThanRecords } from './use-realtime';

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

  it('E7.76 a fetch running when the room comes on, begun before its record, starts over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = trackedClient();
    vi.setSystemTime(10_000);
    const reads = held<string[]>();
    const observer = new QueryObserver(client, { queryKey: ['people'], queryFn: reads.next });
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(reads.count()).toBe(1));
    vi.setSystemTime(11_000);
    // The room's last record came at 12 s: the read of 10 s, still running, may lack it.
    const keys = (lastRecordAt: number) =>
      answersOlderThanRecords(client, socket(lastRecordAt), ROOM, ['people']).map((q) => q.queryKey);
    expect(keys(12_000)).toEqual([['people']]);
    // One of 9 s does not concern it.
    expect(keys(9_000)).toEqual([]);
    reloadAnswersOlderThanRecords(client, socket(12_000), ROOM, ['people']);
    await vi.waitFor(() => expect(reads.count()).toBe(2));
    reads.answer(0, ['old']);
    reads.answer(1, ['new']);
    await vi.waitFor(() => expect(client.getQueryData(['people'])).toEqual(['new']));
    stop();
    client.clear();
  });
});

/** A query function whose calls wait until the test answers (or fails) them, by call number. */
function held<T>() {
  const calls: Array<{ resolve: (value: T) => void; reject: (error: Error) => void }> = [];
  return {
    next: () => new Promise<T>((resolve, reject) => calls.push({ resolve, reject })),
    answer: (n: number, value: T) => calls[n]?.resolve(value),
    fail: (n: number) => calls[n]?.reject(new Error('offline')),
    count: () => calls.length,
  };
}

/** The pushed record: Ana is a favourite (as a patch, it may meet an answer that has it already). */
const starAna = (list: string[]) => list.map((name) => (name === 'ana' ? 'ana ★' : name));

/** A list on screen (an observer) of `key`, read by `reads`. */
async function listOnScreen(client: QueryClient, key: unknown[], reads: ReturnType<typeof held<string[]>>) {
  const observer = new QueryObserver(client, { queryKey: key, queryFn: reads.next, retry: false });
  const stop = observer.subscribe(() => {});
  await vi.waitFor(() => expect(reads.count()).toBe(1));
  return { observer, stop };
}

describe('a pushed record patched into answers (patchAnswers)', () => {
  it('E7.76 a read running when it came lands with it, and nothing is read twice', async () => {
    const client = trackedClient();
    const reads = held<string[]>();
    const { observer, stop } = await listOnScreen(client, ['people', 1], reads);
    reads.answer(0, ['ana', 'bo']);
    await vi.waitFor(() => expect(client.getQueryData(['people', 1])).toEqual(['ana', 'bo']));
    // The list is read again at 50 s (its room came on, say); the record is pushed meanwhile.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(50_000);
    void observer.refetch();
    await vi.waitFor(() => expect(reads.count()).toBe(2));
    patchAnswers(client, ['people'], starAna);
    expect(client.getQueryData(['people', 1])).toEqual(['ana ★', 'bo']);
    // The read, begun before the record, lands without it at 60 s: the record is written into it
    // again, and the answer is still the read of 50 s (what else that room pushed it may lack).
    vi.setSystemTime(60_000);
    reads.answer(1, ['ana', 'bo', 'cy']);
    await vi.waitFor(() => expect(client.getQueryData(['people', 1])).toEqual(['ana ★', 'bo', 'cy']));
    const query = client.getQueryCache().find({ queryKey: ['people', 1] });
    expect(query && answerReadAt(query)).toBe(50_000);
    vi.useRealTimers();
    // Only that read: the next one is taken as it comes.
    void observer.refetch();
    await vi.waitFor(() => expect(reads.count()).toBe(3));
    reads.answer(2, ['ana', 'bo']);
    await vi.waitFor(() => expect(client.getQueryData(['people', 1])).toEqual(['ana', 'bo']));
    stop();
    client.clear();
  });

  it('E7.76 a list still on its first read gets the record when it lands', async () => {
    const client = trackedClient();
    const reads = held<string[]>();
    const { stop } = await listOnScreen(client, ['people', 2], reads);
    patchAnswers(client, ['people'], starAna);
    expect(client.getQueryData(['people', 2])).toBeUndefined();
    reads.answer(0, ['ana']);
    await vi.waitFor(() => expect(client.getQueryData(['people', 2])).toEqual(['ana ★']));
    stop();
    client.clear();
  });

  it('E7.76 a read that fails or is cancelled takes its waiting patches with it', async () => {
    const client = trackedClient();
    const reads = held<string[]>();
    const { observer, stop } = await listOnScreen(client, ['people', 3], reads);
    reads.answer(0, ['bo']);
    await vi.waitFor(() => expect(client.getQueryData(['people', 3])).toEqual(['bo']));
    void observer.refetch().catch(() => {});
    await vi.waitFor(() => expect(reads.count()).toBe(2));
    patchAnswers(client, ['people'], starAna);
    reads.fail(1);
    await vi.waitFor(() => expect(client.getQueryState(['people', 3])?.fetchStatus).toBe('idle'));
    void observer.refetch();
    await vi.waitFor(() => expect(reads.count()).toBe(3));
    await client.cancelQueries({ queryKey: ['people', 3] });
    patchAnswers(client, ['people'], starAna); // nothing is reading: written now only
    void observer.refetch();
    await vi.waitFor(() => expect(reads.count()).toBe(4));
    // Ana is new in this answer, read after the patches: they are not written into it.
    reads.answer(3, ['ana', 'bo']);
    await vi.waitFor(() => expect(client.getQueryData(['people', 3])).toEqual(['ana', 'bo']));
    stop();
    client.clear();
  });

  it('E7.76 an exact key patches that answer only', async () => {
    const client = trackedClient();
    client.setQueryData(['people', 4], ['ana']);
    client.setQueryData(['people', 4, 'more'], ['ana']);
    patchAnswers(client, ['people', 4], starAna, { exact: true });
    expect(client.getQueryData(['people', 4])).toEqual(['ana ★']);
    expect(client.getQueryData(['people', 4, 'more'])).toEqual(['ana']);
    client.clear();
  });
});
