import { ERROR_DISPLAY_MS } from '@foyer/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  addStoredError,
  ERROR_LIST_MAX,
  isStorableError,
  storeApiError,
  useErrorList,
  withoutExpired,
} from './error-list';

describe('stored API errors (A8.38, A9.12)', () => {
  it('A8.38 an error shows for 5,000 ms and is gone after', () => {
    const list = addStoredError([], 'Fully booked', 1, 1_000);
    expect(list).toEqual([{ id: 1, message: 'Fully booked', expiresAt: 1_000 + ERROR_DISPLAY_MS }]);
    expect(withoutExpired(list, 1_000 + ERROR_DISPLAY_MS - 1)).toHaveLength(1);
    expect(withoutExpired(list, 1_000 + ERROR_DISPLAY_MS)).toHaveLength(0);
  });

  it('A8.38 the same message does not stack; it shows for a full period again', () => {
    let list = addStoredError([], 'A', 1, 0);
    list = addStoredError(list, 'B', 2, 10);
    list = addStoredError(list, 'A', 3, 4_000);
    expect(list.map((e) => e.message)).toEqual(['B', 'A']);
    expect(list[1]?.expiresAt).toBe(4_000 + ERROR_DISPLAY_MS);
  });

  it(`keeps at most ${ERROR_LIST_MAX}, dropping the oldest`, () => {
    let list = addStoredError([], 'first', 1, 0);
    for (let i = 2; i <= ERROR_LIST_MAX + 1; i++) list = addStoredError(list, `m${i}`, i, i);
    expect(list).toHaveLength(ERROR_LIST_MAX);
    expect(list.map((e) => e.message)).not.toContain('first');
  });

  it('leaves 401s to the session and network failures to the offline notice', () => {
    expect(isStorableError(new ApiError(401, 'NotAuthorizedException', 'x'), true)).toBe(false);
    expect(isStorableError(new ApiError(0, 'NETWORK', 'Please check network connection.'), false)).toBe(
      false,
    );
    expect(isStorableError(new ApiError(0, 'NETWORK', 'Please check network connection.'), true)).toBe(true);
    expect(isStorableError(new ApiError(409, 'FULL', 'Fully booked'), true)).toBe(true);
    expect(isStorableError('not an error', true)).toBe(false);
  });

  describe('store', () => {
    beforeEach(() => {
      vi.useFakeTimers();
      useErrorList.setState({ errors: [] });
    });
    afterEach(() => vi.useRealTimers());

    it('A9.12 E8.33 a stored error disappears by itself after 5 s', () => {
      storeApiError(new ApiError(500, 'ERR', 'Server unavailable'));
      expect(useErrorList.getState().errors.map((e) => e.message)).toEqual(['Server unavailable']);
      vi.advanceTimersByTime(ERROR_DISPLAY_MS - 100);
      expect(useErrorList.getState().errors).toHaveLength(1);
      vi.advanceTimersByTime(200);
      expect(useErrorList.getState().errors).toHaveLength(0);
    });
  });
});
