import { describe, expect, it } from 'vitest';
import { api, apiLogin, DEMO_LOGINS, DEMO_PASSWORD, pathOf } from './lib/flows';
import { expectAccessible, shellSuite } from './lib/shell';

/** The application shell: detail routes over the page, mobile-only pages, footer and floating chat, organizer entries. */
describe('application shell in the browser: routes', () => {
  const shell = shellSuite();

  it('A2.21 A2.23 E2.06 A2.22 A8.24 A8.26 a detail route opens over the page with background state, as a page on direct load', async () => {
    const token = await apiLogin(DEMO_LOGINS.attendee, DEMO_PASSWORD);
    const speakers = await api<{ id: number; name: string; surname: string }[]>(
      `/event/${shell.eventId}/speakers`,
      { token },
    );
    const speaker = speakers[0];
    expect(speaker).toBeDefined();
    const name = `${speaker?.name} ${speaker?.surname}`;
    const page = await shell.signedIn('desktop', undefined, { landing: 'none' });
    await page.goto(`/event/${shell.eventId}/attendees`);
    await page.getByTestId('event-tabs').waitFor();
    // Later features link with state { backgroundLocation }; push the same state the router would.
    await page.evaluate(
      ({ id, speakerId }) => {
        const backgroundLocation = {
          pathname: `/event/${id}/attendees`,
          search: '',
          hash: '',
          state: null,
          key: 'bg',
        };
        window.history.pushState(
          { usr: { backgroundLocation }, key: 'modal', idx: 1 },
          '',
          `/event/${id}/speakers/${speakerId}`,
        );
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      },
      { id: shell.eventId, speakerId: speaker?.id },
    );
    const dialog = page.getByRole('dialog', { name: 'Speaker' });
    await dialog.waitFor();
    await dialog.getByText(name).waitFor();
    await page.getByTestId('event-tab-panel-attendees').waitFor(); // the page underneath stays
    await expectAccessible(page, 'modal-route-1280');
    await page.keyboard.press('Escape');
    await page.waitForURL(`**/event/${shell.eventId}/attendees`);
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`/event/${shell.eventId}/speakers/${speaker?.id}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.goto(`/event/${shell.eventId}/sessions/99999999`);
    await page.getByTestId('entity-not-found').waitFor();
    await page.goto(`/event/${shell.eventId}/no-such-page`);
    await page.getByTestId('event-page-not-found').waitFor();

    // A8.24: an event that cannot be loaded sends the person to the event list, saying why; A8.26:
    // in the server's own words.
    const refusal = await api('/event/99999999', { token }).then(
      () => '',
      (error: Error) => (JSON.parse(error.message.replace(/^[^{]*/, '')) as { message: string }).message,
    );
    expect(refusal).not.toBe('');
    await page.goto('/event/99999999/attendees');
    await page.waitForURL('**/event/list');
    await page.locator('.mantine-Notification-root').filter({ hasText: refusal }).waitFor();
  });

  it('A2.03 A2.31 without an event domain, / and the public routes send a signed-in user to the event list', async () => {
    const page = await shell.signedIn('desktop', undefined, { landing: 'none' });
    for (const path of ['/', '/login', '/registration', '/forgot-password']) {
      await page.goto(path);
      await page.waitForURL('**/event/list');
      expect(pathOf(page), path).toBe('/event/list');
    }
  });

  it('A2.27 A2.28 E2.16 invitation pages are mobile-only and send wide screens to the attendees', async () => {
    const page = await shell.signedIn('desktop', undefined, { landing: 'none' });
    await page.goto(`/event/${shell.eventId}/invitation/12/accept`);
    await page.waitForURL(`**/event/${shell.eventId}/attendees`);
    await shell.context?.close();
    const mobile = await shell.signedIn('mobile', undefined, { landing: 'none' });
    await mobile.goto(`/event/${shell.eventId}/invitation/12/decline`);
    await mobile.getByTestId('invitation-page').waitFor();
    expect(pathOf(mobile)).toBe(`/event/${shell.eventId}/invitation/12/decline`);
  });

  it('A2.80 A2.86 E9.62 A9.52 A2.87 A2.88 A2.20 footer, floating chat except on /chat, no navigation on badges', async () => {
    const page = await shell.signedIn();
    const footer = page.getByTestId('shell-footer');
    await footer.waitFor();
    const text = (await footer.textContent()) ?? '';
    expect(text).toContain('Version 1.103.0');
    expect(text).toMatch(/built \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(text).toContain('© 2025');
    for (const href of ['/privacy-notice', '/terms', '/cookies']) {
      expect(await footer.locator(`a[href="${href}"]`).count()).toBe(1);
    }
    await page.getByTestId('floating-chat-button').click();
    await page.getByTestId('floating-chat-panel').waitFor();
    await page.keyboard.press('Escape');
    await page.goto('/chat');
    await page.getByTestId('chat-page').waitFor();
    expect(await page.getByTestId('floating-chat-button').count()).toBe(0);
    await page.goto(`/event/${shell.eventId}/badges`);
    await page.getByTestId('badges-page').waitFor();
    expect(await page.getByTestId('side-nav').count()).toBe(0);
    expect(await page.getByTestId('shell-footer').count()).toBe(0);
  });

  it('A6.06 A6.07 A2.95 E2.66 organizers see check-in and invite participant; the invite form validates', async () => {
    const page = await shell.signedIn('desktop', DEMO_LOGINS.organizer, { landing: 'none' });
    await page.goto(`/event/${shell.eventId}/`);
    await page.getByTestId('nav-checkIn').click();
    await page.getByTestId('check-in-panel').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('check-in-panel').waitFor({ state: 'detached' });
    await page.getByTestId('nav-invite').click();
    await page.getByTestId('invite-form').waitFor();
    await page.getByTestId('invite-submit').click();
    await page.getByText('E-mail is required').waitFor();
    await expectAccessible(page, 'invite-modal-1280');
    await shell.context?.close();
    const attendee = await shell.signedIn('desktop', undefined, { landing: 'none' });
    await attendee.goto(`/event/${shell.eventId}/`);
    await attendee.getByTestId('nav-events').waitFor();
    expect(await attendee.getByTestId('nav-invite').count()).toBe(0);
    expect(await attendee.getByTestId('nav-checkIn').count()).toBe(0);
  });
});
