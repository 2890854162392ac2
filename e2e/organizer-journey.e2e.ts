import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { VIEWPORTS, waitForMail, wizardAlreadyOffered, workerApp } from './lib/browser';
import { uniqueEmail } from './lib/flows';
import { waitForStatus } from './lib/meetings';
import { addDietQuestion, saveReadableColour } from './lib/organizer';
import { useOwnApp } from './lib/own-app';
import { signInOnPage } from './lib/sign-in';

const expectGood = screenChecks('organizer-journey');
const ORGANIZER_PASSWORD = 'Organizer-2027';
const ATTENDEE_PASSWORD = 'Attendee-pass-1';
const EVENT_NAME = 'Harbour Journey Summit';
const PRIMARY = '#0b7285';
const SMALL_SESSION = 'Ten-seat Workshop';

interface Envelope<T> {
  success: boolean;
  data: T;
  error?: unknown;
}

/**
 * The organizer console's acceptance journey (issue 12, "Done when"), from an empty database: a
 * second app process (no demo seed) whose mail lands in its worker's test SMTP server.
 */
describe('organizer journey: an empty database to a running event', () => {
  const own = useOwnApp(() => ({ SMTP_URL: workerApp().smtpUrl }));
  // The journey's contexts live from test to test (its steps follow one another); closed at the end.
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  /** Calls the second server's API (arrangement only). */
  async function api<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
    const headers: Record<string, string> = {};
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const res = await fetch(`${own.app.baseURL}/api/v1${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const envelope = (await res.json()) as Envelope<T>;
    if (!envelope.success) throw new Error(`${path} → ${res.status} ${JSON.stringify(envelope.error)}`);
    return envelope.data;
  }

  async function confirmWithMailedCode(email: string): Promise<string> {
    const mail = await waitForMail(email, /confirmation code is \d{6}/);
    const code = /confirmation code is (\d{6})/.exec(mail)?.[1];
    if (!code) throw new Error(`no sign-up code in the mail to ${email}`);
    const result = await api<{ accessToken: string }>('/auth/confirm-signup', {
      body: { username: email, code },
    });
    return result.accessToken;
  }

  const login = async (username: string, password: string) =>
    (await api<{ accessToken: string }>('/auth/login', { body: { username, password } })).accessToken;

  /** The app under an event's domain label: http://<label>.localhost:<port>. */
  function labelURL(label: string, path = '/'): string {
    const url = new URL(path, own.app.baseURL);
    url.hostname = `${label}.localhost`;
    return url.toString();
  }

  /** A desktop context on the second server, the cookie choice made on its plain and label hosts. */
  async function context(label: string): Promise<BrowserContext> {
    const created = await own.browser.newContext({
      viewport: VIEWPORTS.desktop,
      baseURL: own.app.baseURL,
      locale: 'en-US',
      timezoneId: 'Europe/Istanbul',
    });
    contexts.push(created);
    await wizardAlreadyOffered(created);
    await created.addCookies(
      [own.app.baseURL, labelURL(label)].map((u) => ({
        name: 'cookieconsent_status',
        value: 'dismiss',
        url: new URL(u).origin,
      })),
    );
    return created;
  }

  /** 1,000 rows: 995 good attendees and 5 with an address that is not one. */
  function attendeeCsv(): Buffer {
    const lines = ['Email,First name,Last name,Company'];
    for (let i = 1; i <= 1000; i += 1) {
      const email = i % 200 === 0 ? `not-an-address-${i}` : `guest${i}@journey.example.test`;
      lines.push(`${email},Guest${i},Imported,Company ${i % 37}`);
    }
    return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
  }

  async function importFile(page: Page, csv: Buffer): Promise<void> {
    await page.getByTestId('import-file').setInputFiles({
      name: 'attendees.csv',
      mimeType: 'text/csv',
      buffer: csv,
    });
    await page.getByTestId('import-mapping').waitFor();
    await page.getByTestId('import-validate').click();
    await page.getByTestId('import-errors').waitFor();
  }

  it('sign-up, event, programme, import, invitation, branded attendee, dashboard', async () => {
    const label = `journey${Date.now().toString(36)}`;

    // Arrangement: the organizer signs up through the API with the mailed code.
    const organizerEmail = uniqueEmail('journey-organizer');
    await api('/user/signup', {
      body: {
        provider: 'cognito',
        name: 'Olga',
        surname: 'Organizer',
        email: organizerEmail,
        password: ORGANIZER_PASSWORD,
        consent: true,
      },
    });
    await confirmWithMailedCode(organizerEmail);

    // The organizer, in the browser: an empty console, then a new event on its domain label.
    const organizerContext = await context(label);
    const page = await organizerContext.newPage();
    await signInOnPage(
      page,
      { email: organizerEmail, password: ORGANIZER_PASSWORD },
      { newAccount: 'if-asked' },
    );
    await page.goto('/organizer');
    await page.getByTestId('console-empty').waitFor();
    await page.getByTestId('console-create').click();
    await page.getByTestId('event-name').fill(EVENT_NAME);
    await page.getByTestId('event-sdt').fill('2031-06-02T09:00');
    await page.getByTestId('event-edt').fill('2031-06-03T18:00');
    await page.getByTestId('event-domain').fill(label);
    await page.getByTestId('event-create-submit').click();
    await page.waitForURL(/\/organizer\/\d+\/settings$/);
    const eventId = Number(/\/organizer\/(\d+)\//.exec(page.url())?.[1]);
    expect(eventId).toBeGreaterThan(0);

    // Branding and a registration form with one required question.
    await saveReadableColour(page, PRIMARY);
    await addDietQuestion(page);
    await expect
      .poll(
        async () =>
          (await api<{ event: { registrationForm: { label: string }[] } }>(`/event/${eventId}/public`)).event
            .registrationForm,
      )
      .toMatchObject([{ fieldName: 'field1', label: 'Dietary needs', required: true }]);
    await expectGood(page, 'settings');

    // Programme: two rooms and the 10-seat session in the browser.
    await page.getByTestId('console-tab-programme').click();
    await page.waitForURL(`**/organizer/${eventId}/programme`);
    for (const room of ['Hall A', 'Hall B']) {
      await page.getByTestId('programme-add-room').click();
      await page.getByTestId('room-name').fill(room);
      await page.getByTestId('room-capacity').fill('80');
      await page.getByTestId('room-save').click();
      await page.getByTestId('programme-rooms').getByText(room).waitFor();
    }
    await page.getByTestId('programme-add-session').click();
    await page.getByTestId('session-name').fill(SMALL_SESSION);
    await page.getByTestId('session-sdt').fill('2031-06-02T10:00');
    await page.getByTestId('session-edt').fill('2031-06-02T11:00');
    await page.getByTestId('session-room').click();
    await page.getByRole('option', { name: 'Hall A' }).click();
    await page.getByTestId('session-capacity').fill('10');
    await page.getByTestId('session-save').click();
    await page.getByTestId('session-name').waitFor({ state: 'detached' });

    // The other four sessions and the meeting slots through the console API (arrangement).
    const organizerToken = await login(organizerEmail, ORGANIZER_PASSWORD);
    const programme = () =>
      api<{
        rooms: { id: number; name: string }[];
        sessions: { id: number; name: string; type: string; capacity: number | null }[];
      }>(`/organizer/event/${eventId}/programme`, { token: organizerToken });
    const rooms = (await programme()).rooms;
    const roomId = (name: string) => rooms.find((r) => r.name === name)?.id ?? null;
    for (const [name, room, sdt, edt] of [
      ['Opening Keynote', 'Hall A', '2031-06-02T12:00:00Z', '2031-06-02T13:00:00Z'],
      ['Harbour Logistics', 'Hall A', '2031-06-02T14:00:00Z', '2031-06-02T15:00:00Z'],
      ['Green Shipping', 'Hall B', '2031-06-02T07:00:00Z', '2031-06-02T08:00:00Z'],
      ['Closing Panel', 'Hall B', '2031-06-02T14:00:00Z', '2031-06-02T15:00:00Z'],
    ] as const) {
      await api(`/organizer/event/${eventId}/sessions`, {
        token: organizerToken,
        body: { name, sdt, edt, locationId: roomId(room), capacity: 100 },
      });
    }
    await api(`/organizer/event/${eventId}/meeting-slots`, {
      token: organizerToken,
      body: { days: ['2031-06-03'], from: '10:00', to: '12:00', minutes: 30 },
    });
    const talks = (await programme()).sessions.filter((s) => s.type === 'session');
    expect(talks).toHaveLength(5);
    const small = talks.find((s) => s.name === SMALL_SESSION);
    expect(small?.capacity).toBe(10);
    await page.reload();
    await page.getByTestId('programme-grid').waitFor();
    await page.getByTestId('programme-sessions').getByText('Closing Panel').first().waitFor();
    await expectGood(page, 'programme');

    // Import: 1,000 rows, 5 refused, 995 in; the same file again adds no one.
    await page.getByTestId('console-tab-import').click();
    await page.waitForURL(`**/organizer/${eventId}/import`);
    const csv = attendeeCsv();
    await importFile(page, csv);
    await expect.poll(() => page.getByTestId('import-error').count()).toBe(5);
    await expectGood(page, 'import-check');
    await page.getByTestId('import-commit').click();
    await page.getByTestId('import-result').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('import-inserted').textContent()).toBe('995');
    await expectGood(page, 'import-result');
    await page.getByTestId('import-again').click();
    await importFile(page, csv);
    await page.getByTestId('import-commit').click();
    await page.getByTestId('import-result').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('import-inserted').textContent()).toBe('0');

    // People: one invitation by e-mail.
    await page.getByTestId('console-tab-people').click();
    await page.waitForURL(`**/organizer/${eventId}/people`);
    await page.getByTestId('people-table').waitFor();
    await page.getByTestId('people-invite-open').click();
    const inviteeEmail = uniqueEmail('journey-invitee');
    await page.getByTestId('invite-name').fill('Ivy');
    await page.getByTestId('invite-surname').fill('Invitee');
    await page.getByTestId('invite-email').fill(inviteeEmail);
    await page.getByTestId('invite-submit').click();
    await page.getByText('Successfully invited participant.').waitFor();

    // The invitee registers from the mailed link.
    const mail = await waitForMail(inviteeEmail, /invite=/);
    const link = /(http\S+invite=[A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(link).toBeTruthy();
    const attendeeContext = await context(label);
    const guest = await attendeeContext.newPage();
    await guest.goto(String(link));
    await guest.getByTestId('invite-for').waitFor();
    expect(await guest.locator('input[type="email"]').first().inputValue()).toBe(inviteeEmail);
    await guest.getByTestId('reg-password').fill(ATTENDEE_PASSWORD);
    await guest.getByTestId('reg-field-0').click();
    await guest.getByRole('option', { name: 'Vegetarian' }).click();
    await guest.getByRole('checkbox').check();
    await guest.getByTestId('reg-submit').click();
    await guest.getByTestId('registration-success').waitFor();
    await expectGood(guest, 'invitee-registered');

    // A second participant registers through the API (arrangement), to meet.
    const otherEmail = uniqueEmail('journey-other');
    await api('/event/register', {
      body: {
        eventId,
        name: 'Omar',
        surname: 'Other',
        email: otherEmail,
        password: ATTENDEE_PASSWORD,
        consent: true,
        fields: { field1: 'None' },
      },
    });
    const otherToken = await confirmWithMailedCode(otherEmail);

    // The invitee opens the event on its domain label: the login page carries its name.
    await guest.goto(labelURL(label, '/login'));
    const panel = guest.getByTestId('event-side-panel');
    await panel.waitFor();
    await expect.poll(() => panel.textContent()).toContain(EVENT_NAME);
    await expectGood(guest, 'branded-login');
    await signInOnPage(
      guest,
      { email: inviteeEmail, password: ATTENDEE_PASSWORD },
      { loginPath: labelURL(label, '/login'), landing: 'anywhere', newAccount: 'if-asked' },
    );
    expect(new URL(guest.url()).hostname).toBe(`${label}.localhost`);
    // A2.31 E2.14: from the domain's login, a signed-in person lands on the event's home,
    // /event/{eventId}/{indexPagePath} (the default, the attendees).
    await guest.waitForURL(`**/event/${eventId}/attendees`);
    await guest.getByTestId('event-tab-panel-attendees').waitFor();

    // It joins the 10-seat session from the event's sessions.
    await guest.goto(labelURL(label, `/event/${eventId}/sessions`));
    const card = guest.getByTestId(`session-card-${small?.id}`);
    await card.waitFor();
    await card.getByTestId('session-button-addToAgenda').click();
    await card.getByTestId('session-button-removeFromAgenda').waitFor();
    await expectGood(guest, 'sessions-joined');

    // It asks the other participant for a meeting in the browser; the other accepts (through the API).
    const other = await api<{ id: number }>(`/event/participant/me?eventId=${eventId}`, {
      token: otherToken,
    });
    await guest.goto(labelURL(label, `/event/${eventId}/attendees`));
    await guest.getByTestId('attendees-search').fill('Omar');
    const otherCard = guest.getByTestId('attendees-list').locator(`[data-participant-id="${other.id}"]`);
    await otherCard.getByTestId('meet-button').click();
    const modal = guest.getByTestId('attendee-meet-modal');
    await waitForStatus(guest, 'inviteNew');
    await guest.getByTestId('meet-send-message').fill('Coffee by Hall A?');
    await guest.getByTestId('meet-send-submit').click();
    await waitForStatus(guest, 'invitePending');
    await modal.getByTestId('meet-message').getByText('Coffee by Hall A?').waitFor();
    await expectGood(guest, 'meeting-requested');
    const received = await api<{ received: { live: { id: number }[] } }>(
      `/event/invitations?eventId=${eventId}`,
      { token: otherToken },
    );
    expect(received.received.live).toHaveLength(1);
    const invitation = received.received.live[0];
    const me = await api<{ id: number }>(`/event/participant/me?eventId=${eventId}`, {
      token: await login(inviteeEmail, ATTENDEE_PASSWORD),
    });
    const slots = await api<{ days: { slots: { sessionId: number }[] }[] }>(
      `/event/meeting/slots?eventId=${eventId}&participantId=${me.id}`,
      { token: otherToken },
    );
    const slot = slots.days.flatMap((d) => d.slots)[0];
    expect(slot).toBeDefined();
    await api('/event/schedule/confirm', {
      token: otherToken,
      body: { eventId, invitationId: invitation?.id, sessionId: slot?.sessionId },
    });

    // The organizer's dashboard shows it all.
    await page.getByTestId('console-tab-dashboard').click();
    await page.waitForURL(`**/organizer/${eventId}/dashboard`);
    const figure = async (testId: string) => {
      await page.reload();
      await page.getByTestId(testId).waitFor();
      return Number((await page.getByTestId(testId).textContent())?.replace(/\D/g, ''));
    };
    await expect
      .poll(() => figure('dashboard-participants'), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(997);
    expect(await page.getByTestId('dashboard-meetings-requested').textContent()).toBe('1');
    expect(await page.getByTestId('dashboard-meetings-accepted').textContent()).toBe('1');
    const smallRow = page.getByTestId('dashboard-sessions').locator('tr', { hasText: SMALL_SESSION });
    expect((await smallRow.locator('td').allTextContents()).map((cell) => cell.trim())).toEqual([
      SMALL_SESSION,
      '1',
      '10',
    ]);
    await expectGood(page, 'dashboard');
  }, 300_000);
});
