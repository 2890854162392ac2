import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date';

describe('formatDateTime', () => {
  it('A9.33 writes yyyy-LL-dd HH:mm in the given zone', () => {
    expect(formatDateTime('2025-03-09T22:30:00Z', 'Europe/Istanbul')).toBe('2025-03-10 01:30');
    expect(formatDateTime('2025-03-09T22:30:00Z', 'America/New_York')).toBe('2025-03-09 18:30');
    expect(formatDateTime('2025-03-09T22:30:00Z', 'UTC')).toBe('2025-03-09 22:30');
  });

  it('reads offsets and wall-clock times as ISO 8601 has them', () => {
    expect(formatDateTime('2025-03-09T22:30:00.123+03:00', 'UTC')).toBe('2025-03-09 19:30');
    expect(formatDateTime('2025-10-26T01:30:00-0500', 'Europe/Berlin')).toBe('2025-10-26 07:30');
    // No offset: a wall-clock time in the zone; one in a DST gap moves forward.
    expect(formatDateTime('2025-03-09T22:30', 'America/New_York')).toBe('2025-03-09 22:30');
    expect(formatDateTime('2025-03-30T02:30', 'Europe/Berlin')).toBe('2025-03-30 03:30');
    expect(formatDateTime('2025-03-09', 'Asia/Kolkata')).toBe('2025-03-09 00:00');
    expect(formatDateTime('2025-03-09T24:00:00Z', 'UTC')).toBe('2025-03-10 00:00');
  });

  it('is empty for a missing or unreadable date', () => {
    expect(formatDateTime(null, 'UTC')).toBe('');
    expect(formatDateTime('not a date', 'UTC')).toBe('');
    expect(formatDateTime('2025-02-30T10:00:00Z', 'UTC')).toBe('');
    expect(formatDateTime('2025-03-09T22:30:00Z', 'Not/AZone')).toBe('');
  });
});
