import { describe, expect, it } from 'vitest';
import { formatDateTime } from './dates';

describe('formatDateTime', () => {
  it('A9.33 writes yyyy-LL-dd HH:mm in the given zone', () => {
    expect(formatDateTime('2025-03-09T22:30:00Z', 'Europe/Istanbul')).toBe('2025-03-10 01:30');
    expect(formatDateTime('2025-03-09T22:30:00Z', 'America/New_York')).toBe('2025-03-09 18:30');
    expect(formatDateTime('2025-03-09T22:30:00Z', 'UTC')).toBe('2025-03-09 22:30');
  });

  it('is empty for a missing or unreadable date', () => {
    expect(formatDateTime(null, 'UTC')).toBe('');
    expect(formatDateTime('not a date', 'UTC')).toBe('');
  });
});
