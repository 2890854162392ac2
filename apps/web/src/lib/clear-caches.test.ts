import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCaches } from './clear-caches';

describe('clearCaches', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('A9.23 E9.04 cleared answers are stale at once and removed after 500 ms', async () => {
    const client = new QueryClient();
    client.setQueryData(['profile'], { name: 'Ada' });
    client.setQueryData(['events'], [1, 2]);
    const done = clearCaches(client);
    expect(client.getQueryState(['profile'])?.isInvalidated).toBe(true);
    expect(client.getQueryData(['profile'])).toEqual({ name: 'Ada' });
    await vi.advanceTimersByTimeAsync(499);
    expect(client.getQueryCache().getAll()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    expect(client.getQueryData(['profile'])).toBeUndefined();
  });

  it('A9.23 an answer a mounted screen fetched again after the clear is the new one and stays', async () => {
    const client = new QueryClient();
    client.setQueryData(['events'], ['old']);
    client.setQueryData(['other'], ['old']);
    const observer = new QueryObserver(client, {
      queryKey: ['events'],
      queryFn: () => ['new'],
      staleTime: Number.POSITIVE_INFINITY,
    });
    const stop = observer.subscribe(() => undefined);
    const done = clearCaches(client);
    await vi.advanceTimersByTimeAsync(1);
    await observer.refetch();
    await vi.advanceTimersByTimeAsync(500);
    await done;
    expect(client.getQueryData(['events'])).toEqual(['new']);
    expect(client.getQueryData(['other'])).toBeUndefined();
    stop();
  });
});

describe('clearCaches when acting as someone else', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('A9.23 the answers a mounted screen shows are fetched anew at once and kept', async () => {
    const client = new QueryClient();
    client.setQueryData(['profile'], 'super user');
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['profile'],
      queryFn: () => {
        calls += 1;
        return 'attendee';
      },
      staleTime: Number.POSITIVE_INFINITY,
    });
    const stop = observer.subscribe(() => undefined);
    const done = clearCaches(client, { refetchActive: true });
    await vi.advanceTimersByTimeAsync(500);
    await done;
    expect(calls).toBe(1);
    expect(client.getQueryData(['profile'])).toBe('attendee');
    stop();
  });
});
