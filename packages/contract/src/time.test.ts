import { describe, expect, it } from 'vitest';
import { formatUtcWallClock, isIsoDay, localDayIn, parseUtcWallClock, zonedWallClockToUtc } from './time';

describe('calendar arithmetic without a date library', () => {
  it('A9.33 parses and formats UTC yyyy-LL-dd HH:mm, rejecting impossible dates', () => {
    const ms = parseUtcWallClock('2026-11-22 09:15');
    expect(new Date(ms).toISOString()).toBe('2026-11-22T09:15:00.000Z');
    expect(formatUtcWallClock(ms)).toBe('2026-11-22 09:15');
    expect(parseUtcWallClock('2026-02-30 10:00')).toBeNaN();
    expect(parseUtcWallClock('2026-11-22 24:00')).toBeNaN();
    expect(parseUtcWallClock('2026-11-22T09:15')).toBeNaN();
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
  });

  it('converts wall clock in a zone to UTC, across daylight saving changes', () => {
    expect(new Date(zonedWallClockToUtc('2026-11-22 09:00', 'Europe/Istanbul')).toISOString()).toBe(
      '2026-11-22T06:00:00.000Z',
    );
    // Berlin: CEST (+2) in July, CET (+1) in December.
    expect(new Date(zonedWallClockToUtc('2026-07-01 12:00', 'Europe/Berlin')).toISOString()).toBe(
      '2026-07-01T10:00:00.000Z',
    );
    expect(new Date(zonedWallClockToUtc('2026-12-01 12:00', 'Europe/Berlin')).toISOString()).toBe(
      '2026-12-01T11:00:00.000Z',
    );
    // The day after the spring-forward in New York (2026-03-08).
    expect(new Date(zonedWallClockToUtc('2026-03-09 08:00', 'America/New_York')).toISOString()).toBe(
      '2026-03-09T12:00:00.000Z',
    );
  });

  it('gives the local day of an instant in a zone', () => {
    const ms = Date.parse('2026-11-22T22:30:00Z');
    expect(localDayIn('UTC', ms)).toBe('2026-11-22');
    expect(localDayIn('Europe/Istanbul', ms)).toBe('2026-11-23');
    expect(localDayIn('America/Los_Angeles', ms)).toBe('2026-11-22');
  });

  it('writes the year with four digits, as yyyy-LL-dd is written', () => {
    expect(localDayIn('UTC', Date.UTC(999, 10, 22, 10))).toBe('0999-11-22');
  });
});
