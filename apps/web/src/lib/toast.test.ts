import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { ACTION_REJECTED_MS, errorToastMs, showToast, toast, toastId } from './toast';

// The close button's name comes from the catalogue; the catalogue itself is not under test here.
vi.mock('../i18n', () => ({ default: { t: (key: string) => key } }));

const onScreen = () =>
  [...notificationsStore.getState().notifications, ...notificationsStore.getState().queue].map((n) => ({
    color: n.color,
    message: n.message,
  }));

/** Waits until the toast list module has taken `count` toasts (it loads on the first one). */
const shown = (count: number) => vi.waitFor(() => expect(show).toHaveBeenCalledTimes(count));

let show: MockInstance<typeof notifications.show>;
beforeEach(() => {
  notifications.clean();
  show = vi.spyOn(notifications, 'show');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('toasts', () => {
  it('E2.73 the same toast (kind and message) while on screen is shown once', async () => {
    toast('error', 'Could not save');
    toast('error', 'Could not save');
    await shown(2);
    expect(onScreen()).toEqual([{ color: 'red', message: 'Could not save' }]);
  });

  it('another message or another kind is a toast of its own', async () => {
    toast('error', 'Could not save');
    toast('error', 'Could not send');
    toast('success', 'Could not save');
    showToast('yellow', 'Could not save');
    await shown(4);
    expect(onScreen()).toEqual([
      { color: 'red', message: 'Could not save' },
      { color: 'red', message: 'Could not send' },
      { color: 'green', message: 'Could not save' },
      { color: 'yellow', message: 'Could not save' },
    ]);
  });

  it('shows the toast again once the first one has closed', async () => {
    toast('success', 'Saved');
    await shown(1);
    const [first] = notificationsStore.getState().notifications;
    notifications.hide(first!.id!);
    expect(onScreen()).toEqual([]);
    toast('success', 'Saved');
    await shown(2);
    expect(onScreen()).toEqual([{ color: 'green', message: 'Saved' }]);
  });
});

describe('toast kinds', () => {
  it('E2.73 four kinds: success, error, warning and info, each in its colour', async () => {
    toast('success', 'a');
    toast('error', 'b');
    toast('warning', 'c');
    toast('info', 'd');
    await shown(4);
    expect(onScreen()).toEqual([
      { color: 'green', message: 'a' },
      { color: 'red', message: 'b' },
      { color: 'yellow', message: 'c' },
      { color: 'blue', message: 'd' },
    ]);
  });

  it('A9.13 E9.34 an error stays 8 s on a phone and 10 s on a wider screen; others keep the list default', async () => {
    expect(errorToastMs(true)).toBe(8000);
    expect(errorToastMs(false)).toBe(10_000);
    toast('error', 'Too slow');
    toast('info', 'Fyi');
    await shown(2);
    expect(show.mock.calls[0]?.[0]).toMatchObject({ autoClose: 10_000 }); // no window: not a phone
    expect(show.mock.calls[1]?.[0]).not.toHaveProperty('autoClose');
  });

  it("A9.14 E8.34 a button's refused action stays 8 s on a wider screen too", async () => {
    toast('error', 'The session is full', { action: true });
    toast('error', 'The list could not be loaded');
    await shown(2);
    expect(show.mock.calls[0]?.[0]).toMatchObject({ autoClose: ACTION_REJECTED_MS });
    expect(ACTION_REJECTED_MS).toBe(8000);
    expect(show.mock.calls[1]?.[0]).toMatchObject({ autoClose: 10_000 }); // no window: not a phone
  });
});

describe('toast id', () => {
  it('is the same for the same kind and message only, and has no spaces (it is the element id)', () => {
    expect(toastId('red', 'Could not save')).toBe(toastId('red', 'Could not save'));
    expect(toastId('red', 'Could not save')).not.toBe(toastId('green', 'Could not save'));
    expect(toastId('red', 'a b')).not.toBe(toastId('red', 'a  b'));
    expect(toastId('red', 'Could not save')).not.toMatch(/\s/);
  });
});
