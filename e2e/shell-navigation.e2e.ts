import { describe, expect, it } from 'vitest';
import { DEMO_EVENT_NAME, pathOf } from './lib/flows';
import { expectAccessible, shellSuite } from './lib/shell';

/** The application shell: side navigation, drawers, the event landing and the mobile menu. */
describe('application shell in the browser: navigation', () => {
  const shell = shellSuite();

  it('A2.74 A2.75 A2.76 A2.77 A2.85 E9.36 A9.20 A4.48 desktop drawers open, trap focus, close on Escape and outside click', async () => {
    const page = await shell.signedIn('desktop', undefined, { landing: 'none' });
    await page.goto(`/event/${shell.eventId}/`);
    await page.getByTestId('side-nav').waitFor();
    for (const key of [
      'notifications',
      'agenda',
      'invitations',
      'contacts',
      'chat',
      'events',
      'eventProfile',
    ]) {
      await page.getByTestId(`nav-${key}`).waitFor();
    }
    expect(await page.getByTestId('user-name').textContent()).toBe('Alex Morgan');

    const profile = page.getByTestId('nav-profile');
    await profile.click();
    const drawer = page.getByTestId('profile-drawer');
    await drawer.waitFor();
    expect(await page.getByRole('dialog').getByRole('tab').count()).toBe(4); // A2.75
    await expectAccessible(page, 'profile-drawer-1280');
    // Focus stays inside the open drawer (trap) ...
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    // ... Escape closes it after the 500 ms animation and gives focus back to the opener.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    // Focus comes back when the close transition has finished, a moment after the drawer leaves.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), { timeout: 3000 })
      .toBe('nav-profile');

    await page.getByTestId('nav-invitations').click();
    await page.getByTestId('invitations-drawer').waitFor();
    expect(await page.getByTestId(/^invitations-tab-/).count()).toBe(2); // received, sent; no company
    await expectAccessible(page, 'invitations-drawer-1280');
    // An outside click closes too.
    await page.mouse.click(200, 400);
    await page.getByTestId('invitations-drawer').waitFor({ state: 'detached' });

    for (const key of ['notifications', 'agenda', 'contacts']) {
      await page.getByTestId(`nav-${key}`).click();
      await page.getByTestId(`${key}-drawer`).waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId(`${key}-drawer`).waitFor({ state: 'detached' });
    }
  });

  it('A8.31 A2.74 the drawers’ file failing to arrive (the network gone that second) leaves the page up, and the drawers come when the network is back', async () => {
    const page = await shell.signedIn('desktop', undefined, { landing: 'none' });
    const panels = /\/assets\/shell-panels-[\w-]+\.js$/;
    let refused = 0;
    await page.route(panels, (route) => {
      refused += 1;
      return route.abort('internetdisconnected');
    });
    await page.goto(`/event/${shell.eventId}/`);
    await page.getByTestId('side-nav').waitFor();
    // The frame asks for its drawers once the first screen is done; that request fails.
    await expect.poll(() => refused).toBeGreaterThan(0);
    await page.getByTestId('nav-profile').click();
    expect(await page.getByTestId('crash-screen').count()).toBe(0);
    expect(await page.getByTestId('profile-drawer').count()).toBe(0);
    await page.getByTestId('event-area').waitFor();

    // Back online: the drawers' file is asked for again, and the profile asked for meanwhile opens.
    await page.unroute(panels);
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await page.getByTestId('profile-drawer').waitFor();
    expect(await page.getByTestId('crash-screen').count()).toBe(0);
  });

  it('A2.85 focus returns to the profile entry after Escape even when the navigation was rendered anew meanwhile', async () => {
    const page = await shell.signedIn('desktop', undefined, { landing: 'none' });
    await page.goto(`/event/${shell.eventId}/`);
    await page.getByTestId('side-nav').waitFor();
    await page.getByTestId('nav-profile').click();
    const drawer = page.getByTestId('profile-drawer');
    await drawer.waitFor();
    // Crossing the tablet breakpoint and back renders the navigation, and its profile entry, anew.
    await page.setViewportSize({ width: 900, height: 800 });
    await page.locator('[data-collapsed="true"][data-testid="side-nav"]').waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('[data-testid="side-nav"]:not([data-collapsed])').waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), { timeout: 3000 })
      .toBe('nav-profile');
  });

  it('A2.81 the collapsed navigation names its icons in a tooltip on hover, and the first hover already shows it', async () => {
    const page = await shell.signedIn('desktop', undefined, { landing: 'none' });
    await page.setViewportSize({ width: 900, height: 800 });
    await page.goto(`/event/${shell.eventId}/`);
    await page.locator('[data-collapsed="true"][data-testid="side-nav"]').waitFor();
    const signOut = page.getByTestId('sign-out');
    await signOut.hover();
    const tip = page.getByRole('tooltip', { name: 'Sign out' });
    await tip.waitFor();
    // It is beside its icon, to the right of the collapsed navigation.
    const [icon, box] = [await signOut.boundingBox(), await tip.boundingBox()];
    expect(icon && box && box.x >= icon.x + icon.width).toBe(true);
    await page.mouse.move(700, 400);
    await tip.waitFor({ state: 'detached' });
    // The next icon's tooltip comes and goes with the pointer as well.
    const profile = page.getByTestId('nav-profile');
    await profile.hover();
    const named = page.getByRole('tooltip');
    await named.waitFor();
    const name = (await named.textContent())?.trim() ?? '';
    expect(name.length).toBeGreaterThan(0);
    expect(await profile.getAttribute('aria-label')).toContain(name);
    await page.mouse.move(700, 400);
    await page.getByRole('tooltip').waitFor({ state: 'detached' });
  });

  it('A1.07 A2.98 inside an event an attendee reaches every area: people, agenda, speakers, exhibitors, sponsors and partners, lobby, chat, invitations, notifications, contacts, account', async () => {
    const page = await shell.signedIn('desktop', undefined, { landing: 'none' });
    await page.goto(`/event/${shell.eventId}/`);
    const tab = async (name: string, panel = `event-tab-panel-${name}`) => {
      await page.getByTestId(`event-tab-${name}`).click();
      await page.getByTestId(panel).waitFor();
    };
    await tab('attendees');
    await page.getByTestId('event-tab-panel-attendees').getByText('Selin Kaya').first().waitFor();
    await tab('sessions');
    await tab('speakers', 'speakers-tab');
    await tab('expo', 'expo-tab');
    const expo = page.getByTestId('expo-tab');
    for (const section of ['Sponsors', 'Partners', 'Exhibitors']) {
      await expo.getByRole('heading', { name: section }).waitFor();
    }
    await tab('lobby', 'lobby-tab');
    await page.getByTestId('lobby-announcements').waitFor();
    await page.getByTestId('lobby-polls').waitFor();
    for (const key of ['agenda', 'invitations', 'notifications', 'contacts']) {
      await page.getByTestId(`nav-${key}`).click();
      await page.getByTestId(`${key}-drawer`).waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId(`${key}-drawer`).waitFor({ state: 'detached' });
    }
    await page.getByTestId('nav-chat').click();
    await page.getByTestId('chat-page').waitFor();
    await page.getByTestId('nav-profile').click();
    // A2.98: the device settings have a title of their own, in the profile drawer and on the account page.
    const drawer = page.getByTestId('profile-drawer');
    await drawer.getByRole('tab', { name: 'Devices' }).click();
    await drawer.getByRole('heading', { name: 'Device settings' }).waitFor();
    await drawer.getByRole('tab', { name: 'Profile' }).click();
    await page.getByTestId('profile-edit').click();
    await page.getByTestId('account-page').waitFor();
    expect(pathOf(page)).toBe('/account/profile');
    await page.getByRole('heading', { name: 'Device settings' }).waitFor();
  });

  it('A2.05 A2.67 A2.69 A2.71 A1.11 the event landing shows the default tab in place and switches tabs', async () => {
    const page = await shell.signedIn('desktop', undefined, { landing: 'none' });
    await page.goto(`/event/${shell.eventId}/`);
    await page.getByRole('heading', { level: 1, name: DEMO_EVENT_NAME }).waitFor();
    const tabs = page.getByTestId('event-tabs').getByRole('tab');
    expect(await tabs.allTextContents()).toEqual([
      'Attendees',
      'Sessions',
      'Venue map',
      'Speakers',
      'Expo',
      'Lobby',
    ]);
    expect(await page.getByTestId('event-tab-attendees').getAttribute('aria-selected')).toBe('true');
    expect(pathOf(page)).toBe(`/event/${shell.eventId}/`);
    await expectAccessible(page, 'event-landing-1280');

    await page.getByTestId('event-tab-sessions').click();
    await page.waitForURL(`**/event/${shell.eventId}/sessions`);
    await page.getByTestId('event-tab-panel-sessions').waitFor();
    // A2.78: the event area itself shows no last-visited card; the personal pages do.
    expect(await page.getByTestId('last-visited-card').count()).toBe(0);
    await page.goto('/my-agenda');
    await page.getByTestId('my-agenda-page').waitFor();
    await page.getByTestId('last-visited-card').waitFor();
    expect(await page.getByTestId('last-visited-card').textContent()).toContain(DEMO_EVENT_NAME);
    await page.goto('/event/list');
    await page.getByTestId('event-card').first().waitFor();
    expect(await page.getByTestId('last-visited-card').count()).toBe(0);
  });

  it('A2.68 A2.22 A2.82 A2.83 A2.84 A2.15 mobile: lobby first, hamburger menu with back or my agenda', async () => {
    const page = await shell.signedIn('mobile', undefined, { landing: 'none' });
    await page.goto(`/event/${shell.eventId}/`);
    await page.getByTestId('event-tabs').waitFor();
    expect(await page.getByTestId('event-tab-lobby').getAttribute('aria-selected')).toBe('true');
    // The chosen tab is scrolled into the sideways-scrolling tab row, not left off-screen.
    await expect
      .poll(async () => {
        const box = await page.getByTestId('event-tab-lobby').boundingBox();
        return box !== null && box.x >= 0 && box.x + box.width <= 375;
      })
      .toBe(true);
    expect(await page.getByTestId('side-nav').count()).toBe(0); // A2.81
    await expectAccessible(page, 'event-landing-375');

    await page.getByTestId('mobile-menu-button').click();
    await page.getByTestId('mobile-menu').waitFor();
    await page.getByTestId('mobile-menu-agenda').waitFor(); // inside an event: my agenda
    expect(await page.getByTestId('nav-contacts').getAttribute('href')).toBe(
      `/contacts?eventId=${shell.eventId}`,
    ); // A2.14
    expect(await page.getByTestId('nav-invitations').getAttribute('href')).toBe('/invitations/received'); // A2.08
    await expectAccessible(page, 'mobile-menu-375');
    await page.keyboard.press('Escape');
    await page.getByTestId('mobile-menu').waitFor({ state: 'detached' });

    await page.goto('/notifications');
    await page.getByTestId('notifications-page').waitFor();
    await page.getByTestId('mobile-menu-button').click();
    // A2.84: the event profile was not filled on this device, so back leads to the event list.
    expect(await page.getByTestId('mobile-menu-back').getAttribute('href')).toBe('/event/list');
    await page.keyboard.press('Escape');
    await page.evaluate(
      (id) => localStorage.setItem('filledEventProfileForEvents', JSON.stringify([id])),
      shell.eventId,
    );
    await page.reload();
    await page.getByTestId('mobile-menu-button').click();
    expect(await page.getByTestId('mobile-menu-back').getAttribute('href')).toBe(`/event/${shell.eventId}/`);
  });
});
