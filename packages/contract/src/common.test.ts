import { describe, expect, it } from 'vitest';
import { sessionCursorSchema } from './agenda';
import { idSchema, intSchema, isoDateTimeSchema, isTimeZone } from './common';

describe('shared field schemas refuse what the database cannot hold', () => {
  it('idSchema takes a positive integer or its digits, nothing coerced', () => {
    expect(idSchema.parse(5)).toBe(5);
    expect(idSchema.parse('5')).toBe(5);
    expect(idSchema.parse(2_147_483_647)).toBe(2_147_483_647);
    for (const bad of [
      0,
      -1,
      1.5,
      2 ** 31,
      true,
      [5],
      '1e3',
      '0x10',
      '1.5',
      '-1',
      '',
      null,
      '99999999999999999999',
    ]) {
      expect(idSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('intSchema keeps its bounds and its message key', () => {
    const limit = intSchema(1, 50);
    expect(limit.parse('50')).toBe(50);
    const result = limit.safeParse('51');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('validation.error.number');
    expect(limit.safeParse([]).error?.issues[0]?.message).toBe('validation.error.number');
  });

  it('A4.36 E7.45 isoDateTimeSchema: real days within years 1900–9999 only', () => {
    expect(isoDateTimeSchema.safeParse('2026-11-22T10:00:00Z').success).toBe(true);
    expect(isoDateTimeSchema.safeParse('2026-11-22T10:00:00.123+03:00').success).toBe(true);
    for (const bad of [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00+14:00',
      '1899-12-31T23:59:59Z',
      '275760-09-14T00:00:00Z',
      '+275760-09-13T00:00:00.000Z',
      '2024-02-30T10:00:00Z',
      '2026-11-22',
    ]) {
      expect(isoDateTimeSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('E2.13 a sessions cursor holds a date up to year 9999 and a PostgreSQL integer id', () => {
    expect(sessionCursorSchema.safeParse('1700000000000.5').success).toBe(true);
    for (const bad of ['999999999999999.1', '1.9999999999', '1.2147483648', '1.0']) {
      expect(sessionCursorSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('isTimeZone knows IANA names only', () => {
    expect(isTimeZone('Europe/Istanbul')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
