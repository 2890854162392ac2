import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TimezoneSelect } from './timezone-select';

/** The device's zone as the browser reports it (A4.25). */
function deviceIn(timeZone: string) {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone };
  });
}

/** The profile's zone picker with its list open, as after a click (Mantine refuses a zone listed twice). */
function renderOpen(value: string | null): string {
  return renderToString(
    createElement(
      MantineProvider,
      null,
      createElement(TimezoneSelect, {
        value,
        onChange: () => {},
        dropdownOpened: true,
        comboboxProps: { withinPortal: false },
        limit: 1000,
      }),
    ),
  );
}

/** How many options of the open list stand for `zone`. */
const optionsNamed = (html: string, zone: string) =>
  (html.match(/<[^>]*data-combobox-option[^>]*>/g) ?? []).filter((tag) => tag.includes(`value="${zone}"`))
    .length;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('profile time zone picker', () => {
  it('A4.25 renders for an account without a zone on a UTC device, UTC suggested and listed once', () => {
    deviceIn('UTC');
    const html = renderOpen(null);
    expect(html).toContain('placeholder="UTC"');
    expect(optionsNamed(html, 'UTC')).toBe(1);
  });

  it('lists the saved zone once, also when it is the device zone or one the browser does not list', () => {
    for (const [device, account] of [
      ['UTC', 'UTC'],
      ['Europe/Istanbul', 'UTC'],
      ['Europe/Istanbul', 'Europe/Istanbul'],
      ['UTC', 'Asia/Calcutta'],
    ] as const) {
      deviceIn(device);
      const html = renderOpen(account);
      expect(optionsNamed(html, account)).toBe(1);
      vi.restoreAllMocks();
    }
  });
});
