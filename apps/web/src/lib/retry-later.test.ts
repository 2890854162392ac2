import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryDelay, retryLater } from './retry-later';

describe('asking again for a file that could not be fetched', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 1 s, 2 s, 4 s … and never more than 30 s between tries', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('asks again after the delay while the browser stays online, once', () => {
    vi.useFakeTimers();
    const events = new EventTarget();
    const again = vi.fn();
    retryLater(again, 2, events);
    vi.advanceTimersByTime(1999);
    expect(again).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(again).toHaveBeenCalledTimes(1);
    events.dispatchEvent(new Event('online'));
    vi.advanceTimersByTime(60_000);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('asks again at once when the browser comes back online, and not again at the delay', () => {
    vi.useFakeTimers();
    const events = new EventTarget();
    const again = vi.fn();
    retryLater(again, 5, events);
    events.dispatchEvent(new Event('online'));
    expect(again).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('asks nothing once cancelled (the part was unmounted)', () => {
    vi.useFakeTimers();
    const events = new EventTarget();
    const again = vi.fn();
    const cancel = retryLater(again, 1, events);
    cancel();
    events.dispatchEvent(new Event('online'));
    vi.advanceTimersByTime(60_000);
    expect(again).not.toHaveBeenCalled();
  });
});
