import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useShell } from './shell-store';

// No DOM here: nothing had focus when a drawer opened.
beforeEach(() => {
  vi.stubGlobal('HTMLElement', class {});
});
afterEach(() => {
  useShell.getState().reset();
  vi.unstubAllGlobals();
});

describe('shell panels and modals', () => {
  it('A4.47 tracks which modals are open, each once, until closed', () => {
    const shell = () => useShell.getState();
    expect(shell().modals).toEqual([]);
    shell().openModal('timezone');
    shell().openModal('presence');
    shell().openModal('timezone');
    expect(shell().modals).toEqual(['timezone', 'presence']);
    shell().closeModal('timezone');
    expect(shell().modals).toEqual(['presence']);
    shell().reset();
    expect(shell().modals).toEqual([]);
  });

  it('A4.47 side panels open and close: one drawer at a time with the profile tab, the mobile and main menus', () => {
    const shell = () => useShell.getState();
    shell().setMobileMenu(true);
    shell().openDrawer('profile', 'devices');
    expect(shell()).toMatchObject({ drawer: 'profile', profileTab: 'devices', mobileMenuOpen: false });
    shell().openDrawer('agenda');
    expect(shell()).toMatchObject({ drawer: 'agenda', profileTab: 'devices' });
    shell().closeDrawer();
    expect(shell().drawer).toBeNull();
    shell().setMainMenuExpanded(true);
    expect(shell().mainMenuExpanded).toBe(true);
  });
});
