import { describe, expect, it } from 'vitest';
import { areaKey, percent, pivotCheckins, sessionBars, shortLabel } from './dashboard-data';

describe('dashboard data for the charts', () => {
  it('pivots check-ins to one row per hour with a column per area, zeros where none', () => {
    const areas = [
      { id: 1, kind: 'event' as const, name: '', inside: 1, total: 2 },
      { id: 2, kind: 'location' as const, name: 'Hall', inside: 0, total: 1 },
      { id: 3, kind: 'session' as const, name: 'Unused', inside: 0, total: 0 },
    ];
    const { rows, series } = pivotCheckins(
      [
        { hour: '2030-05-01 10:00', areaId: 2, count: 1 },
        { hour: '2030-05-01 09:00', areaId: 1, count: 2 },
      ],
      areas,
      (a) => a.name || 'Whole event',
    );
    expect(series).toEqual([
      { key: areaKey(1), name: 'Whole event' },
      { key: areaKey(2), name: 'Hall' },
    ]);
    expect(rows).toEqual([
      { hour: '2030-05-01 09:00', area1: 2, area2: 0 },
      { hour: '2030-05-01 10:00', area1: 0, area2: 1 },
    ]);
  });

  it('orders sessions by fill, keeps the fullest, and counts free places', () => {
    const bars = sessionBars(
      [
        { id: 1, name: 'Open', sdt: '', capacity: null, joined: 50 },
        { id: 2, name: 'Half', sdt: '', capacity: 10, joined: 5 },
        { id: 3, name: 'Full', sdt: '', capacity: 4, joined: 4 },
      ],
      2,
    );
    expect(bars).toEqual([
      { id: 3, name: 'Full', joined: 4, capacity: 4, free: 0 },
      { id: 2, name: 'Half', joined: 5, capacity: 10, free: 5 },
    ]);
  });

  it('shortens axis labels and computes shares', () => {
    expect(shortLabel('2030-05-01 09:00')).toBe('05-01 09:00');
    expect(shortLabel('2030-05-01')).toBe('05-01');
    expect(shortLabel('Hall')).toBe('Hall');
    expect(percent(1, 3)).toBe(33);
    expect(percent(1, 0)).toBe(0);
  });
});
