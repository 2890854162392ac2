import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runStartUp } from '../../../../vite/start-up.testing';
import { EARLY_ANSWERS_KEY, type EarlyAnswers } from '../../../lib/early-answers';

const ok = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200 });

/** What the server answers each read, by path (the start-up script's and the app's alike). */
function answerFor(path: string): unknown {
  if (path.endsWith('/search2'))
    return { matches: 1, props: ['id', 'name'], results: [[5, 'Ann']], after: null };
  if (path.endsWith('/recommendations')) return [{ participant: { id: 9 }, details: [] }];
  if (path.endsWith('/viewed')) return [{ participantId: 5, viewedAt: '2026-12-06T10:00:00.000Z' }];
  return { path };
}

/** Runs the built start-up script on `address` with a stored token: what it left for the app. */
function startUp(
  address: string,
  token: string,
  files: string[] = [],
): { early: EarlyAnswers | undefined; asked: string[] } {
  const { early, fetched } = runStartUp({
    address,
    width: 375,
    token,
    files: { shell: files, attendees: [], lobby: [] },
    answer: (path) => Promise.resolve(ok(answerFor(new URL(path, 'http://app.test').pathname))),
  });
  return { early, asked: fetched };
}

/** The addresses the app fetched itself. */
const fetched: string[] = [];

beforeEach(() => {
  vi.resetModules();
  fetched.length = 0;
  vi.stubGlobal('window', { location: { origin: 'http://app.test' } });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => (key === 'token' ? 'tok' : null),
    setItem: () => undefined,
    removeItem: () => undefined,
  });
  vi.stubGlobal('fetch', async (url: URL) => {
    fetched.push(url.pathname + url.search);
    return ok(answerFor(url.pathname));
  });
});

afterEach(() => {
  delete (globalThis as { [EARLY_ANSWERS_KEY]?: EarlyAnswers })[EARLY_ANSWERS_KEY];
  vi.unstubAllGlobals();
});

/** The attendee tab's first answers as the app asks for them (app.tsx), into a new cache. */
async function prefetchTab(eventId: number, search: string): Promise<QueryClient> {
  const { prefetchParticipantsTab } = await import('./prefetch');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  prefetchParticipantsTab(queryClient, eventId, search);
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return queryClient;
}

describe('the attendee tab’s first answers come from the start-up script', () => {
  it('E7.32 A3.24 each of the three answers it asked for is the one the tab’s query takes: the app asks for none again', async () => {
    const { early, asked } = startUp('/event/7/attendees', 'tok');
    expect(asked).toHaveLength(5);
    (globalThis as { [EARLY_ANSWERS_KEY]?: EarlyAnswers })[EARLY_ANSWERS_KEY] = early;

    const queryClient = await prefetchTab(7, '');
    expect(fetched).toEqual([]);
    const [search] = queryClient.getQueryCache().findAll({ queryKey: ['attendees', 'search', 7] });
    expect(search?.state.data).toMatchObject({ pages: [{ matches: 1, cards: [{ id: 5, name: 'Ann' }] }] });
    expect(queryClient.getQueryData(['attendees', 'recommendations', 7])).toEqual([
      { participant: { id: 9 }, details: [] },
    ]);
    expect(queryClient.getQueryData(['attendees', 'viewed', 7])).toHaveLength(1);
    // Taken once: only the profile's and the event's (the frame's reads) are left.
    expect(Object.keys(early?.answers ?? {})).toEqual(['/api/v1/user/profile', '/api/v1/event/7']);
  });

  it('E7.32 the files still loading (their load never told): the app’s own asking starts the held reads', async () => {
    const { early, asked } = startUp('/event/7/attendees', 'tok', ['/assets/shell.js']);
    expect(asked).toHaveLength(2);
    (globalThis as { [EARLY_ANSWERS_KEY]?: EarlyAnswers })[EARLY_ANSWERS_KEY] = early;
    const queryClient = await prefetchTab(7, '');
    expect(asked).toHaveLength(5);
    expect(fetched).toEqual([]);
    expect(queryClient.getQueryData(['attendees', 'viewed', 7])).toHaveLength(1);
  });

  it('E7.32 a filtered address: the script asked for no list, and the app asks for its own', async () => {
    const { early } = startUp('/event/7/attendees?q=ann', 'tok');
    (globalThis as { [EARLY_ANSWERS_KEY]?: EarlyAnswers })[EARLY_ANSWERS_KEY] = early;
    await prefetchTab(7, '?q=ann');
    expect(fetched).toEqual([
      '/api/v1/event/participant/search2',
      '/api/v1/event/participant/viewed?eventId=7',
    ]);
  });

  it('A7.42 the directory’s page read early counts as read when the script asked (answer-reads)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(10_000);
      const { early } = startUp('/event/7/attendees', 'tok');
      (globalThis as { [EARLY_ANSWERS_KEY]?: EarlyAnswers })[EARLY_ANSWERS_KEY] = early;
      vi.setSystemTime(14_000);
      const { prefetchParticipantsTab } = await import('./prefetch');
      const { answerReadAt, trackAnswerReads } = await import('../../../lib/answer-reads');
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      trackAnswerReads(queryClient.getQueryCache());
      prefetchParticipantsTab(queryClient, 7, '');
      await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
      const [search] = queryClient.getQueryCache().findAll({ queryKey: ['attendees', 'search', 7] });
      expect(search && answerReadAt(search)).toBe(10_000);
    } finally {
      vi.useRealTimers();
    }
  });
});
