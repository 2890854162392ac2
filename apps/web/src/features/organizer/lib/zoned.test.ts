import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './zoned';

describe('console times in the event time zone', () => {
  it('round-trips a local input through the zone, across a DST change', () => {
    const iso = fromLocalInput('2027-03-28T09:30', 'Europe/Berlin');
    expect(iso).toBe('2027-03-28T07:30:00.000Z');
    expect(toLocalInput(iso!, 'Europe/Berlin')).toBe('2027-03-28T09:30');
    expect(toLocalInput(iso!, 'Europe/Istanbul')).toBe('2027-03-28T10:30');
  });
  it('an empty or impossible value is null', () => {
    expect(fromLocalInput('', 'UTC')).toBeNull();
    expect(fromLocalInput('2027-02-30T10:00', 'UTC')).toBeNull();
  });
});
