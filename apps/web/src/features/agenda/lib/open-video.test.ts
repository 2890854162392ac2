import { afterEach, describe, expect, it, vi } from 'vitest';

const toast = vi.fn();
vi.mock('../../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../../i18n', () => ({ default: { t: (key: string) => key } }));

const { openVideoWindow } = await import('./open-video');

describe('openVideoWindow', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toast.mockClear();
  });

  it('E1.19 a window the browser blocks shows an info message, and no room is asked for', async () => {
    vi.stubGlobal('window', { open: () => null });
    const getUrl = vi.fn(async () => 'https://video.example/room');
    await openVideoWindow(getUrl);
    expect(getUrl).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith('info', 'agenda.blockedByBrowser');
  });

  it('E1.18 an open window is pointed at the room', async () => {
    const win = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal('window', { open: () => win });
    await openVideoWindow(async () => 'https://video.example/room');
    expect(win.location.href).toBe('https://video.example/room');
    expect(win.opener).toBeNull();
    expect(toast).not.toHaveBeenCalled();
  });
});
