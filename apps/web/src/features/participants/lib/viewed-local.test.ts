import { describe, expect, it } from 'vitest';
import { VIEWED_KEPT_PER_EVENT, viewedIn, withViewed } from './viewed-local';

describe('viewedAttendees in local storage', () => {
  it('A3.24 keeps the people opened per event, newest last, once each', () => {
    let stored: string | null = null;
    for (const [eventId, id] of [
      [1, 10],
      [1, 11],
      [2, 10],
      [1, 10],
    ] as const) {
      stored = JSON.stringify(withViewed(stored, eventId, id));
    }
    expect(viewedIn(stored, 1)).toEqual([11, 10]);
    expect(viewedIn(stored, 2)).toEqual([10]);
    expect(viewedIn(stored, 3)).toEqual([]);
  });

  it('A3.24 keeps only the newest per event, and reads damaged storage as nothing', () => {
    let stored: string | null = null;
    for (let id = 1; id <= VIEWED_KEPT_PER_EVENT + 5; id++)
      stored = JSON.stringify(withViewed(stored, 1, id));
    const ids = viewedIn(stored, 1);
    expect(ids).toHaveLength(VIEWED_KEPT_PER_EVENT);
    expect(ids[0]).toBe(6);
    expect(viewedIn('{not json', 1)).toEqual([]);
    expect(viewedIn('[1,2]', 1)).toEqual([]);
    expect(viewedIn('{"1":[3,"x",-1,4.5,7]}', 1)).toEqual([3, 7]);
  });
});
