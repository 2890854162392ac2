import type { UpdateProfileRequest } from '@foyer/contract';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import access from '../../../i18n/locales/en/access.json';
import shell from '../../../i18n/locales/en/shell.json';
import { initEnglish, renderHtml } from '../../../lib/render.testing';
import { rememberKept, timezoneChoices } from './choices';
import { TimezoneModal } from './timezone-modal';

interface ButtonSeen {
  testId: string;
  text: string;
  disabled: boolean;
  onClick?: () => void;
}

const seen = vi.hoisted(() => ({ buttons: [] as ButtonSeen[], mutate: vi.fn(), toast: vi.fn() }));

// Rendered in node: the modal's content inline (no portal), lists open, and each button's handler kept
// so a test can press it.
vi.mock('@mantine/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@mantine/core')>();
  const { createElement: h } = await import('react');
  const textOf = (node: unknown): string =>
    typeof node === 'string' || typeof node === 'number'
      ? String(node)
      : Array.isArray(node)
        ? node.map(textOf).join('')
        : '';
  return {
    ...core,
    Modal: ({ opened, title, children }: { opened: boolean; title: ReactNode; children: ReactNode }) =>
      opened ? h('section', { 'aria-label': String(title) }, children) : null,
    Select: (props: Record<string, unknown>) =>
      h(core.Select, { ...props, dropdownOpened: true, comboboxProps: { withinPortal: false } }),
    Button: (props: { children: ReactNode; disabled?: boolean; onClick?: () => void }) => {
      const testId = String((props as Record<string, unknown>)['data-testid']);
      seen.buttons.push({
        testId,
        text: textOf(props.children),
        disabled: Boolean(props.disabled),
        onClick: props.onClick,
      });
      return h('button', { 'data-testid': testId, disabled: props.disabled }, props.children);
    },
  };
});
vi.mock('../../../lib/profile', () => ({
  useUpdateProfile: () => ({ mutate: seen.mutate, reset: () => {}, isPending: false, error: null }),
}));
vi.mock('../../../lib/toast', () => ({ toast: seen.toast }));

/** The device's zone as the browser reports it (A4.25). */
function deviceIn(timeZone: string) {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone };
  });
}

const handlers = () => ({ onKeep: vi.fn(), onClose: vi.fn(), onSaved: vi.fn() });

async function renderModal(
  mode: 'new' | 'differs' | 'manual',
  userTimezone: string | null,
  on = handlers(),
): Promise<{ html: string; button(testId: string): ButtonSeen | undefined }> {
  seen.buttons = [];
  const html = renderHtml(createElement(TimezoneModal, { opened: true, mode, userTimezone, ...on }));
  return { html, button: (testId) => seen.buttons.findLast((b) => b.testId === testId) };
}

beforeAll(() => initEnglish(access, shell));
beforeEach(() => {
  seen.mutate.mockReset();
  seen.toast.mockReset();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('time zone modal', () => {
  it('A4.26 A4.27 zones differ: "Use <device zone>" saves it, "Keep <profile zone>" only keeps', async () => {
    deviceIn('Europe/Istanbul');
    const on = handlers();
    const { html, button } = await renderModal('differs', 'Asia/Tokyo', on);
    expect(html).toContain('Asia/Tokyo');
    expect(html).not.toContain('data-testid="timezone-select"'); // a choice of two, no list
    const keep = button('timezone-keep');
    const use = button('timezone-save');
    expect(keep?.text).toBe('Keep Asia/Tokyo');
    expect(use?.text).toBe('Use Europe/Istanbul');

    keep?.onClick?.();
    expect(on.onKeep).toHaveBeenCalledTimes(1);
    expect(seen.mutate).not.toHaveBeenCalled();

    use?.onClick?.();
    expect(seen.mutate).toHaveBeenCalledTimes(1);
    const [request, options] = seen.mutate.mock.calls[0] as [UpdateProfileRequest, { onSuccess(): void }];
    expect(request).toEqual({ action: 'timezone', timezone: 'Europe/Istanbul' });
    options.onSuccess();
    expect(seen.toast).toHaveBeenCalledWith('success', 'Your time zone was saved.'); // A8.35
    expect(on.onSaved).toHaveBeenCalledTimes(1);
  });

  it('A4.23 A4.24 a new account on a UTC device: one "Keep UTC", the list renders with UTC once', async () => {
    deviceIn('UTC');
    // Once the check's save landed the account has UTC too (as before it, with no zone).
    for (const account of ['UTC', null]) {
      const { html, button } = await renderModal('new', account);
      expect(html.match(/<[^>]*data-combobox-option[^>]*value="UTC"[^>]*>/g)).toHaveLength(1);
      expect(button('timezone-keep')?.text).toBe('Keep UTC');
      // Nothing to save until another zone is picked: no second button doing the same thing.
      expect(button('timezone-save')).toBeUndefined();
    }
  });

  it('A2.96 from the profile drawer: Cancel, and Save only once a different zone is picked', async () => {
    deviceIn('UTC');
    const { button } = await renderModal('manual', 'Europe/Madrid');
    expect(button('timezone-keep')?.text).toBe('Cancel');
    expect(button('timezone-save')).toMatchObject({ text: 'Save', disabled: true });
  });
});

describe('time zone choices', () => {
  it('gives the two buttons different outcomes in every mode', () => {
    expect(timezoneChoices('differs', 'Asia/Tokyo', 'Europe/Istanbul', null)).toEqual({
      keep: 'Asia/Tokyo',
      remember: true,
      use: 'Europe/Istanbul',
      picker: false,
    });
    expect(timezoneChoices('new', 'UTC', 'UTC', 'UTC')).toMatchObject({ keep: 'UTC', use: null });
    expect(timezoneChoices('new', null, 'UTC', 'Europe/Madrid')).toMatchObject({
      keep: 'UTC',
      remember: false,
      use: 'Europe/Madrid',
    });
    expect(timezoneChoices('manual', 'Europe/Madrid', 'UTC', 'Europe/Madrid')).toMatchObject({
      keep: null,
      use: null,
    });
    expect(timezoneChoices('manual', null, 'UTC', 'Asia/Tokyo')).toMatchObject({ use: 'Asia/Tokyo' });
  });

  it('A4.27 A3.03 keeping records exactly the pair of zones it was asked about', () => {
    expect(rememberKept({ name: 'Ada', surname: 'Lovelace' }, 'Asia/Tokyo', 'Europe/Istanbul')).toEqual({
      action: 'profile',
      name: 'Ada',
      surname: 'Lovelace',
      uiSettings: { timezoneCheck: { userTimezone: 'Asia/Tokyo', localTimezone: 'Europe/Istanbul' } },
    });
  });
});
