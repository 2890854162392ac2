import { describe, expect, it } from 'vitest';
import { dayLabel, rangeOf, slotsByDay, timeOf } from './meeting-time';

const slot = (sessionId: number, sdt: string, minutes = 30) => ({
  sessionId,
  sdt,
  edt: new Date(Date.parse(sdt) + minutes * 60_000).toISOString(),
});

describe('meeting times (E2.46)', () => {
  it('E2.46 regroups the server days by the days of the viewer zone, sorted by time', () => {
    // 22:30 and 23:30 UTC on the 25th are already the 26th in Istanbul (UTC+3).
    const days = [
      {
        date: '2026-11-25',
        slots: [
          slot(2, '2026-11-25T23:30:00Z'),
          slot(1, '2026-11-25T22:30:00Z'),
          slot(0, '2026-11-25T06:00:00Z'),
        ],
      },
    ];
    expect(slotsByDay(days, 'Europe/Istanbul')).toEqual([
      { date: '2026-11-25', slots: [slot(0, '2026-11-25T06:00:00Z')] },
      { date: '2026-11-26', slots: [slot(1, '2026-11-25T22:30:00Z'), slot(2, '2026-11-25T23:30:00Z')] },
    ]);
    expect(slotsByDay(days, 'UTC').map((d) => d.date)).toEqual(['2026-11-25']);
  });

  it('writes times as HH:mm in the zone and a meeting as day, start and end', () => {
    expect(timeOf('2026-11-26T06:00:00Z', 'Europe/Istanbul')).toBe('09:00');
    expect(timeOf('2026-11-26T06:00:00Z', 'America/New_York')).toBe('01:00');
    expect(rangeOf('2026-11-26T06:00:00Z', '2026-11-26T06:30:00Z', 'Europe/Istanbul')).toBe(
      '2026-11-26 09:00–09:30',
    );
    expect(dayLabel('2026-11-26', 'en')).toMatch(/Thu/);
  });
});
