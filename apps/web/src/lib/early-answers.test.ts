import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_ANSWERS_KEY, EARLY_ANSWERS_MS, type EarlyAnswers } from './early-answers';

const ok = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200 });
/** The addresses the app itself fetched. */
const fetched: string[] = [];

/** The start-up script's answers as it leaves them on `window` (vite/preload-hints.ts). */
function leaveEarly(token: string, answers: EarlyAnswers['answers'], at = Date.now()) {
  const early: EarlyAnswers = { token, at, answers };
  (globalThis as { [EARLY_ANSWERS_KEY]?: EarlyAnswers })[EARLY_ANSWERS_KEY] = early;
}

/** The app's API client with `token` stored, as after a reload. */
async function client(token: string | null) {
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => (key === 'token' ? token : null),
    setItem: () => undefined,
    removeItem: () => undefined,
  });
  return import('./api-client');
}

beforeEach(() => {
  vi.resetModules();
  fetched.length = 0;
  vi.stubGlobal('window', { location: { origin: 'http://app.test' } });
  vi.stubGlobal('fetch', async (url: URL) => {
    fetched.push(url.pathname + url.search);
    return ok({ from: 'app' });
  });
});

afterEach(() => {
  delete (globalThis as { [EARLY_ANSWERS_KEY]?: EarlyAnswers })[EARLY_ANSWERS_KEY];
  vi.unstubAllGlobals();
});

describe('the start-up script’s first answers are taken by the app’s first GET', () => {
  it('A4.02 the profile answered early is taken once; the next GET asks the server', async () => {
    leaveEarly('tok', { '/api/v1/user/profile': Promise.resolve(ok({ from: 'early' })) });
    const { api } = await client('tok');
    await expect(api('/user/profile')).resolves.toEqual({ from: 'early' });
    expect(fetched).toEqual([]);
    await expect(api('/user/profile')).resolves.toEqual({ from: 'app' });
    expect(fetched).toEqual(['/api/v1/user/profile']);
  });

  it('another token, another address, a write or an old answer: the app asks itself', async () => {
    leaveEarly('old', { '/api/v1/event/1': Promise.resolve(ok({ from: 'early' })) });
    const { api } = await client('tok');
    await expect(api('/event/1')).resolves.toEqual({ from: 'app' });

    leaveEarly('tok', { '/api/v1/event/1': Promise.resolve(ok({ from: 'early' })) });
    await expect(api('/event/1', { query: { x: 1 } })).resolves.toEqual({ from: 'app' });
    await expect(api('/event/1', { method: 'PUT', body: {} })).resolves.toEqual({ from: 'app' });

    leaveEarly(
      'tok',
      { '/api/v1/event/1': Promise.resolve(ok({ from: 'early' })) },
      Date.now() - EARLY_ANSWERS_MS - 1,
    );
    await expect(api('/event/1')).resolves.toEqual({ from: 'app' });
    expect(fetched).toEqual(['/api/v1/event/1', '/api/v1/event/1?x=1', '/api/v1/event/1', '/api/v1/event/1']);
  });

  it('E7.32 a search sent as POST takes the answer asked for with the same body only', async () => {
    const key = '/api/v1/event/participant/search2 {"eventId":7,"length":60}';
    leaveEarly('tok', { [key]: Promise.resolve(ok({ from: 'early' })) });
    const { api } = await client('tok');
    const search = (body: unknown, method: 'POST' | 'PUT' = 'POST') =>
      api('/event/participant/search2', { method, body });
    await expect(search({ eventId: 7, length: 60, query: 'ann' })).resolves.toEqual({ from: 'app' });
    await expect(search({ eventId: 7, length: 60 }, 'PUT')).resolves.toEqual({ from: 'app' });
    await expect(api('/event/participant/search2')).resolves.toEqual({ from: 'app' });
    await expect(search({ eventId: 7, length: 60 })).resolves.toEqual({ from: 'early' });
    await expect(search({ eventId: 7, length: 60 })).resolves.toEqual({ from: 'app' });
    expect(fetched).toHaveLength(4);
  });

  it('an early answer that did not arrive (null) is asked for again', async () => {
    leaveEarly('tok', { '/api/v1/event/2': Promise.resolve(null) });
    const { api } = await client('tok');
    await expect(api('/event/2')).resolves.toEqual({ from: 'app' });
    expect(fetched).toEqual(['/api/v1/event/2']);
  });

  it('A4.04 an early 401 goes the usual way: refreshed, then asked again with the new token', async () => {
    const refused = new Response(
      JSON.stringify({ success: false, error: { code: 'MST-00401', msg: 'no' } }),
      {
        status: 401,
      },
    );
    leaveEarly('tok', { '/api/v1/user/profile': Promise.resolve(refused) });
    vi.stubGlobal('fetch', async (url: URL) => {
      fetched.push(url.pathname);
      if (url.pathname.endsWith('/token/refresh'))
        return ok({
          accessToken: 'new',
          user: { id: 1, name: 'A', surname: 'B', username: 'ab', timezone: 'UTC' },
        });
      return ok({ from: 'app' });
    });
    const { api } = await client('tok');
    await expect(api('/user/profile')).resolves.toEqual({ from: 'app' });
    expect(fetched).toEqual(['/api/v1/user/token/refresh', '/api/v1/user/profile']);
  });

  it('A7.42 A7.43 an answer read early counts as read when the script asked, not when the query started', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(10_000);
      leaveEarly('tok', { '/api/v1/user/profile': Promise.resolve(ok({ from: 'early' })) });
      const { api } = await client('tok');
      // The same module instances as the client's (client() reset the module registry).
      const { answerReadAt, trackAnswerReads } = await import('./answer-reads');
      const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      trackAnswerReads(queries.getQueryCache());
      // The entry ran 4 s after the script asked: a record written meanwhile is not in the answer.
      vi.setSystemTime(14_000);
      await queries.fetchQuery({ queryKey: ['profile'], queryFn: () => api('/user/profile') });
      const early = queries.getQueryCache().find({ queryKey: ['profile'] });
      expect(early && answerReadAt(early)).toBe(10_000);
      // The next read is the app's own, counted from its start.
      vi.setSystemTime(20_000);
      await queries.fetchQuery({ queryKey: ['profile'], queryFn: () => api('/user/profile'), staleTime: 0 });
      expect(early && answerReadAt(early)).toBe(20_000);
    } finally {
      vi.useRealTimers();
    }
  });
});
