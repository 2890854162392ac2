import { MantineProvider, Select } from '@mantine/core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localTimezone, timezoneOptions } from './time-zones';

/** The device's zone as the browser reports it (A4.25). */
function deviceIn(timeZone: string) {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone };
  });
}

/** A Mantine select with its list open, as the user sees it after a click (it refuses duplicate options). */
function renderOpenSelect(data: string[]): string {
  return renderToString(
    createElement(
      MantineProvider,
      null,
      createElement(Select, { data, dropdownOpened: true, comboboxProps: { withinPortal: false } }),
    ),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('time zone options', () => {
  it('A4.23 A4.25 an account without a zone on a UTC device: the check saves UTC and the list stays unique', () => {
    deviceIn('UTC');
    expect(localTimezone()).toBe('UTC');
    // Before the check saved the device zone, and after it did (the account now has UTC too).
    for (const account of [null, 'UTC']) {
      const options = timezoneOptions(account, localTimezone());
      expect(options.filter((zone) => zone === 'UTC')).toEqual(['UTC']);
      expect(() => renderOpenSelect(options)).not.toThrow();
    }
  });

  it('lists every zone once, whatever the account and device zones are', () => {
    for (const device of ['UTC', 'Etc/UTC', 'Europe/Istanbul']) {
      deviceIn(device);
      for (const account of [null, undefined, '', 'UTC', 'Etc/UTC', 'Europe/Istanbul', 'Asia/Calcutta']) {
        const options = timezoneOptions(account, localTimezone());
        expect(new Set(options).size).toBe(options.length);
        expect(options).toContain(device);
        if (account) expect(options).toContain(account);
      }
      vi.restoreAllMocks();
    }
  });
});
