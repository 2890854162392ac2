import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// No React renderer here: the hook runs with useState and useEffect stood in for.
const setNow = vi.fn();
let cleanup: (() => void) | undefined;
vi.mock('react', () => ({
  useState: <T>(init: () => T) => [init(), setNow],
  useEffect: (effect: () => (() => void) | undefined) => {
    cleanup = effect();
  },
}));

const { useNow } = await import('./use-now');

describe('useNow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setNow.mockClear();
  });
  afterEach(() => {
    cleanup?.();
    vi.useRealTimers();
  });

  it('E4.39 session states are recomputed every 60 s', () => {
    vi.setSystemTime(new Date('2030-05-01T09:00:00Z'));
    expect(useNow()).toBe(Date.parse('2030-05-01T09:00:00Z'));
    vi.advanceTimersByTime(59_999);
    expect(setNow).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(setNow).toHaveBeenCalledTimes(1);
    expect(setNow).toHaveBeenLastCalledWith(Date.parse('2030-05-01T09:01:00Z'));
    vi.advanceTimersByTime(60_000);
    expect(setNow).toHaveBeenCalledTimes(2);
    cleanup?.();
    cleanup = undefined;
    vi.advanceTimersByTime(120_000);
    expect(setNow).toHaveBeenCalledTimes(2);
  });
});
