import { describe, expect, it } from 'vitest';
import { countdown } from './countdown';

describe('countdown', () => {
  const now = Date.parse('2026-11-25T10:00:00Z');
  it('E9.47 zero-pads days, hours, minutes and seconds', () => {
    expect(countdown('2026-11-27T13:04:05Z', now)).toMatchObject({
      days: '02',
      hours: '03',
      minutes: '04',
      seconds: '05',
      values: { days: 2, hours: 3, minutes: 4, seconds: 5 },
    });
    expect(countdown('2027-03-10T10:00:00Z', now)?.days).toBe('105');
  });
  it('is null once the moment has come, and for a date it cannot read', () => {
    expect(countdown('2026-11-25T10:00:00Z', now)).toBeNull();
    expect(countdown('2026-11-25T09:00:00Z', now)).toBeNull();
    expect(countdown('not a date', now)).toBeNull();
    expect(countdown('2026-11-25T10:00:00.900Z', now)).toBeNull(); // under a second
  });
});
