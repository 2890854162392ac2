import { describe, expect, it } from 'vitest';
import { EVENT_FINISHED_AFTER_MS } from './constants';
import { isEventFinished, partitionEvents } from './event';

const now = new Date('2026-11-22T12:00:00Z');

describe('event lists', () => {
  it('A4.11 an event counts as finished one day after its real end, not before', () => {
    const end = now.getTime() - EVENT_FINISHED_AFTER_MS;
    expect(isEventFinished({ realEdt: new Date(end) }, now)).toBe(false);
    expect(isEventFinished({ realEdt: new Date(end - 1) }, now)).toBe(true);
    expect(isEventFinished({ realEdt: new Date(end + 60_000).toISOString() }, now)).toBe(false);
  });

  it('A4.11 the isFinished flag wins over dates', () => {
    expect(isEventFinished({ isFinished: true, realEdt: '2099-01-01T00:00:00Z' }, now)).toBe(true);
  });

  it('A4.10 A1.05 splits events into active and past, keeping order', () => {
    const events = [
      { id: 1, realEdt: '2026-11-25T00:00:00Z' },
      { id: 2, realEdt: '2026-10-01T00:00:00Z' },
      { id: 3, realEdt: '2026-11-21T13:00:00Z' },
      { id: 4, isFinished: true, realEdt: '2026-12-01T00:00:00Z' },
    ];
    const { active, past } = partitionEvents(events, now);
    expect(active.map((e) => e.id)).toEqual([1, 3]);
    expect(past.map((e) => e.id)).toEqual([2, 4]);
  });
});
