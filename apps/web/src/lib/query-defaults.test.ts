import { RESPONSE_CACHE_MS } from '@foyer/contract';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUERY_DEFAULTS } from './query-defaults';

describe('query defaults', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('A7.04 E9.03 responses are cached for 1 hour (3600000 ms) after the last screen left them', async () => {
    expect(RESPONSE_CACHE_MS).toBe(3_600_000);
    expect(QUERY_DEFAULTS.gcTime).toBe(RESPONSE_CACHE_MS);
    const client = new QueryClient({ defaultOptions: { queries: QUERY_DEFAULTS } });
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['event', 1],
      queryFn: () => {
        calls += 1;
        return { id: 1 };
      },
    });
    const stop = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(1);
    stop(); // the screen closes
    await vi.advanceTimersByTimeAsync(RESPONSE_CACHE_MS - 1);
    expect(client.getQueryData(['event', 1])).toEqual({ id: 1 });
    await vi.advanceTimersByTimeAsync(1);
    expect(client.getQueryData(['event', 1])).toBeUndefined();
    expect(client.getQueryCache().find({ queryKey: ['event', 1] })).toBeUndefined();
  });

  it('A7.04 a cached answer shows at once when the screen comes back, and revalidates once stale', async () => {
    const client = new QueryClient({ defaultOptions: { queries: QUERY_DEFAULTS } });
    let calls = 0;
    const options = {
      queryKey: ['booths'],
      queryFn: () => {
        calls += 1;
        return [calls];
      },
    };
    const first = new QueryObserver(client, options);
    const stopFirst = first.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(1);
    stopFirst();
    await vi.advanceTimersByTimeAsync(30 * 60_000); // half an hour later
    const again = new QueryObserver(client, options);
    expect(again.getCurrentResult().data).toEqual([1]); // from the cache, before any request
    const stopAgain = again.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2); // and asked again in the background, as it was stale
    expect(again.getCurrentResult().data).toEqual([2]);
    stopAgain();
  });
});
