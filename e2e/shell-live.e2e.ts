import { describe, expect, it } from 'vitest';
import { newContext } from './lib/browser';
import { api, apiLogin, apiRegisterVerified, DEMO_LOGINS, DEMO_PASSWORD, uniqueEmail } from './lib/flows';
import { holdRealtime, organizerRequestTo } from './lib/realtime-door';
import { expectAccessible, shellSuite } from './lib/shell';
import { demoLogin, signInOnPage } from './lib/sign-in';

/** The application shell: live meeting requests in the badges and drawer, the native app shell. */
describe('application shell in the browser: live', () => {
  const shell = shellSuite();

  /** A new account of the demo event, signed in on a desktop page, its zone question answered. */
  async function newAttendee(prefix: string, name: string, surname: string) {
    const email = uniqueEmail(prefix);
    const password = `${name}-pass-1`;
    const fields = { industry: 'Health' };
    const token = await apiRegisterVerified({
      eventId: shell.eventId,
      name,
      surname,
      email,
      password,
      fields,
    });
    const me = await api<{ id: number }>(`/event/participant/me?eventId=${shell.eventId}`, { token });
    const page = await shell.signedIn('desktop', email, { password });
    await page.getByTestId('timezone-keep').click(); // a new account confirms its zone first (A4.24)
    return { token, me, page };
  }

  it('A4.35 E8.61 A4.36 A4.37 A4.39 A4.40 a meeting request arrives live: badges, drawer, seen and read', async () => {
    const { token, me, page } = await newAttendee('notify', 'Nora', 'Lind');
    await page.goto(`/event/${shell.eventId}/`);
    await page.getByTestId('event-tabs').waitFor();
    const bell = page.getByTestId('nav-notifications');
    expect(await bell.textContent()).toBe('Notifications');
    // E8.61: nothing sent or received yet: the invitations say so.
    await page.getByTestId('nav-invitations').click();
    await page.getByTestId('invitations-drawer').getByText('No invitations here').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('invitations-drawer').waitFor({ state: 'detached' });

    const organizer = await apiLogin(DEMO_LOGINS.organizer, DEMO_PASSWORD);
    await api('/event/schedule/join', {
      token: organizer,
      body: { eventId: shell.eventId, toType: 'participant', toId: me.id, message: 'Coffee at the expo?' },
    });
    // Pushed over the realtime connection: no reload.
    await expect.poll(() => bell.textContent(), { timeout: 15_000 }).toContain('1');
    await expect
      .poll(() => page.getByTestId('nav-invitations').textContent(), { timeout: 15_000 })
      .toContain('1');

    await page.getByTestId('nav-invitations').click();
    await page
      .getByTestId('invitations-drawer')
      .getByTestId('invitation-row')
      .getByText('Selin Kaya')
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('invitations-drawer').waitFor({ state: 'detached' });

    await bell.click();
    const item = page.getByTestId('notification-item').first();
    await item.getByText('Selin Kaya wants to meet you').waitFor();
    await expectAccessible(page, 'notifications-drawer-1280');
    await expect.poll(() => bell.textContent()).toBe('Notifications'); // seen (A4.36)
    await item.getByTestId('notification-mark-read').click();
    await item.getByTestId('notification-mark-read').waitFor({ state: 'detached' }); // read (A4.37)
    const counts = await api<{ unread: number; unseen: number }>('/notifications/counts', { token });
    expect(counts).toMatchObject({ unread: 0, unseen: 0 });
  });

  it('A4.35 A4.40 a request sent after the page loaded and before its connection came on still shows', async () => {
    const { token, me, page } = await newAttendee('gap', 'Gale', 'Park');
    // The page's realtime connection waits at the door until the request is written.
    const door = await holdRealtime(page);
    const bellLoads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/notifications') bellLoads.push(request.url());
    });
    await page.goto(`/event/${shell.eventId}/`);
    await page.getByTestId('event-tabs').waitFor();
    const bell = page.getByTestId('nav-notifications');
    await expect.poll(() => bellLoads.length).toBeGreaterThan(0);
    expect(await bell.textContent()).toBe('Notifications');
    await expect.poll(() => door.held()).toBeGreaterThan(0);

    await organizerRequestTo(shell.eventId, { participantId: me.id, token });
    const loadsBefore = bellLoads.length;
    door.open();
    // Its record was written before the connection: no push brings it; the room coming on says a
    // record is newer than the bell's load, and the bell and the invitations load again.
    await expect.poll(() => bell.textContent(), { timeout: 15_000 }).toContain('1');
    await expect
      .poll(() => page.getByTestId('nav-invitations').textContent(), { timeout: 15_000 })
      .toContain('1');
    expect(bellLoads.length).toBeGreaterThan(loadsBefore);
  });

  it('A4.37 a notification marked read stays read while its mark is on its way and the bell loads again', async () => {
    const { token, me, page } = await newAttendee('readhold', 'Rhea', 'Hold');
    await organizerRequestTo(shell.eventId, { participantId: me.id, token });
    // The page's realtime connection waits at the door, so that its coming on loads the bell again
    // while the mark is on its way.
    const door = await holdRealtime(page);
    await page.goto(`/event/${shell.eventId}/`);
    await page.getByTestId('event-tabs').waitFor();
    const bell = page.getByTestId('nav-notifications');
    await bell.click();
    const first = page.getByTestId('notification-item').filter({ hasText: 'Selin Kaya wants to meet you' });
    await first.waitFor();
    // A record for the user's room after the bell's load: another attendee asks for a meeting.
    const other = await apiRegisterVerified({
      eventId: shell.eventId,
      name: 'Otto',
      surname: 'Later',
      email: uniqueEmail('later'),
      password: 'Otto-pass-1',
      fields: { industry: 'Health' },
    });
    await api('/event/schedule/join', {
      token: other,
      body: { eventId: shell.eventId, toType: 'participant', toId: me.id, message: 'After your load' },
    });
    await expect
      .poll(async () => (await api<{ unread: number }>('/notifications/counts', { token })).unread)
      .toBe(2);
    // The mark is held on its way.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      '**/api/v1/notifications/read',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await first.getByTestId('notification-mark-read').click();
    await first.getByTestId('notification-mark-read').waitFor({ state: 'detached' }); // read at once
    const reloaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/notifications');
    door.open();
    const answer = (await (await reloaded).json()) as { data: { items: { id: number; read: boolean }[] } };
    // The server has not read it yet, and the bell has the other request from this load.
    expect(answer.data.items.filter((n) => !n.read)).toHaveLength(2);
    await page.getByTestId('notification-item').filter({ hasText: 'Otto Later' }).first().waitFor();
    expect(await first.getByTestId('notification-mark-read').count()).toBe(0); // still shown read
    expect(await page.getByTestId('notification-mark-read').count()).toBe(1); // Otto's alone

    const marked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/notifications/read');
    release();
    expect((await marked).ok()).toBe(true);
    const counts = await api<{ unread: number }>('/notifications/counts', { token });
    expect(counts.unread).toBe(1);
    expect(await first.getByTestId('notification-mark-read').count()).toBe(0);
  });

  it('A4.09 A8.23 an account deleted on another device: its realtime sign-in is refused, told to the native shell, and this page signs out', async () => {
    const email = uniqueEmail('gone');
    const password = 'Gone-pass-1';
    const token = await apiRegisterVerified({
      eventId: shell.eventId,
      name: 'Gus',
      surname: 'Gone',
      email,
      password,
      fields: { industry: 'Health' },
    });
    shell.context = await newContext(shell.browser, 'mobile');
    // What the page tells the native shell, kept here: signing out loads a new document.
    const native: { type?: string; message?: string }[] = [];
    await shell.context.exposeBinding('__nativeOut', (_source, m: string) => native.push(JSON.parse(m)));
    await shell.context.addInitScript(() => {
      const w = window as unknown as { __nativeOut(m: string): void; ReactNativeWebView: unknown };
      w.ReactNativeWebView = { postMessage: (m: string) => w.__nativeOut(m) };
    });
    const page = await shell.context.newPage();
    const frames: string[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', (frame) => frames.push(String(frame.payload))));
    await signInOnPage(page, { email, password }, { landing: 'anywhere', newAccount: 'if-asked' });
    // A new account lands on its event profile (the wizard): signed in, with a realtime connection.
    await page.goto(`/event/${shell.eventId}/`);
    await page.waitForURL(`**/event/${shell.eventId}/**`);
    // The page's realtime connection is on (its server has answered it).
    await expect.poll(() => frames.length).toBeGreaterThan(0);
    // Its screens have loaded: no request of theirs meets the deletion (an answer refused over
    // HTTP would sign the page out by itself); what follows comes from the realtime connection.
    await page.waitForLoadState('networkidle');

    await api('/user', { method: 'DELETE', token, body: { confirm: 'delete', password } });
    // The server ends the account's connections; the page's next sign-in to them is refused, and
    // so is the refresh it then tries: the page is signed out, with nothing done on it.
    await page.waitForURL('**/login', { timeout: 20_000 });
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect
      .poll(() => native)
      .toContainEqual(expect.objectContaining({ type: 'log', message: 'realtime sign-in failed' }));
  });

  it('A1.14 A1.16 A7.40 A4.08 A1.17 A4.29 A4.28 A4.30 native shell: flag remembered, device bridge saves tokens, logout message', async () => {
    shell.context = await newContext(shell.browser, 'mobile');
    await shell.context.addInitScript(() => {
      const messages: string[] = [];
      (window as unknown as { __native: string[] }).__native = messages;
      (window as unknown as { ReactNativeWebView: unknown }).ReactNativeWebView = {
        postMessage: (m: string) => messages.push(m),
      };
    });
    const page = await shell.context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await signInOnPage(page, demoLogin('attendee'), { loginPath: '/login?appNative' });
    expect(await page.evaluate(() => localStorage.getItem('appNative'))).toBe('true');
    type Bridge = { foyerDevice: { saveToken(d: string, t: string): Promise<boolean> } };
    expect(await page.evaluate(() => (window as unknown as Bridge).foyerDevice.saveToken('', 'token'))).toBe(
      false,
    );
    expect(errors.some((e) => e.includes('device id and a token'))).toBe(true);
    expect(
      await page.evaluate(() =>
        (window as unknown as Bridge).foyerDevice.saveToken('device-1', 'push-token'),
      ),
    ).toBe(true);

    await page.getByTestId('mobile-menu-button').click();
    await page.getByTestId('mobile-sign-out').click();
    await page.waitForURL('**/login');
    const messages = await page.evaluate(() => (window as unknown as { __native: string[] }).__native);
    expect(messages).toContain(JSON.stringify({ type: 'logout' }));
    expect(await page.evaluate(() => localStorage.getItem('appNative'))).toBe('true'); // still native after logout
  });
});
