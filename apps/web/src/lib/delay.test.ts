import { RESIZE_DEBOUNCE_MS, SEARCH_LOADING_DELAY_MS } from '@foyer/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, delayedFlag } from './delay';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('timing helpers', () => {
  it('A9.15 a burst of resize events is one call, 100 ms after the last', () => {
    expect(RESIZE_DEBOUNCE_MS).toBe(100);
    const calls: number[] = [];
    const onResize = debounce((width: number) => calls.push(width), RESIZE_DEBOUNCE_MS);
    onResize(400);
    vi.advanceTimersByTime(60);
    onResize(500);
    vi.advanceTimersByTime(99);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([500]);
    onResize(600);
    onResize.cancel();
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual([500]);
  });

  it('A9.16 E9.37 the search loader shows only for a search still running after 100 ms, and goes at once', () => {
    expect(SEARCH_LOADING_DELAY_MS).toBe(100);
    const seen: boolean[] = [];
    const flag = delayedFlag(SEARCH_LOADING_DELAY_MS, (v) => seen.push(v));
    flag.set(true);
    vi.advanceTimersByTime(80);
    flag.set(false); // answered quickly: no loader at all
    vi.advanceTimersByTime(500);
    expect(seen).toEqual([]);
    flag.set(true);
    vi.advanceTimersByTime(100);
    expect(seen).toEqual([true]);
    flag.set(true); // still running: no second change
    flag.set(false);
    expect(seen).toEqual([true, false]);
    flag.set(true);
    flag.dispose();
    vi.advanceTimersByTime(500);
    expect(seen).toEqual([true, false]);
  });
});
