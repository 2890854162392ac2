import type { BoothDetails, Meeting, PopupTable, SlotOffer } from '@foyer/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { launchBrowser, type ViewportName } from './lib/browser';
import { registerAttendee } from './lib/expo';
import { api, apiLogin, DEMO_LOGINS, DEMO_PASSWORD, demoEventId, type RegisteredAttendee } from './lib/flows';
import { signIn } from './lib/sign-in';

const expectAccessible = screenChecks('booth-tables');

/** The default VIDEO_URL_TEMPLATE's host: the call window is answered locally (no network here). */
const VIDEO_HOST = 'https://meet.jit.si';
/** registerAttendee sets this zone on the profile (the reader's time zone). */
const ZONE = 'Europe/Istanbul';

/** `yyyy-LL-dd HH:mm – HH:mm` (A9.33) in the reader's zone, as the table shows its time. */
function tableTime(sdt: string, edt: string): string {
  const parts = (iso: string) =>
    Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: ZONE,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(iso))
        .map((p) => [p.type, p.value]),
    );
  const s = parts(sdt);
  const e = parts(edt);
  return `${s.year}-${s.month}-${s.day} ${s.hour}:${s.minute} – ${e.hour}:${e.minute}`;
}

/**
 * E2.56, E7.87, A9.35: a booth's popup meeting table. Two people open the same booth in two
 * browsers; one joins the table (its video call opens in a new window) and the other sees "1 of 8
 * here" appear live, without reloading the booth; leaving frees the seat for both, live too.
 */
describe('booth popup tables in the browser', () => {
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  let eventId: number;
  let boothId: number;
  let table: PopupTable;
  let ana: RegisteredAttendee;
  let ben: RegisteredAttendee;

  beforeAll(async () => {
    browser = await launchBrowser();
    eventId = await demoEventId();
    const organizer = await apiLogin(DEMO_LOGINS.organizer, DEMO_PASSWORD);
    // A booth of its own, so the demo booths other tests look at stay as they are.
    const booth = await api<{ id: number }>(`/organizer/event/${eventId}/booths`, {
      token: organizer,
      body: { name: 'Table Talk', boothType: 'exhibitor', description: 'Drop in and talk.' },
    });
    boothId = booth.id;
    ana = await registerAttendee(eventId, 'tables-ana', 'Ana', 'Seated');
    ben = await registerAttendee(eventId, 'tables-ben', 'Ben', 'Watching');
    // The organizer reserves a popup table on the booth (E6.11) at the last free meeting slot.
    const offer = await api<SlotOffer>(
      `/event/meeting/slots?eventId=${eventId}&participantId=${ana.participantId}`,
      { token: organizer },
    );
    const slot = offer.days.flatMap((d) => d.slots).at(-1);
    if (!slot) throw new Error('the demo event has no free meeting slot left');
    await api<Meeting>('/event/schedule/reserveTable', {
      token: organizer,
      body: { eventId, sessionId: slot.sessionId, boothId },
    });
    const detail = await api<BoothDetails>(`/event/booth/${boothId}?eventId=${eventId}`, {
      token: ana.token,
    });
    const [only] = detail.popupMeetings;
    if (!only) throw new Error('the reserved table is not on the booth');
    table = only;
  });
  afterEach(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    contexts = [];
  });
  afterAll(async () => browser?.close());

  /** Signs in and opens the booth; resolves once the page follows the table's realtime room. */
  async function openBooth(who: RegisteredAttendee, viewport: ViewportName) {
    const { context, page } = await signIn(
      browser,
      { email: who.email, password: who.password },
      { viewport, landing: 'none' },
    );
    contexts.push(context);
    await context.route(`${VIDEO_HOST}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Video call</title><p>Video call</p>',
      }),
    );
    // The booth is loaded once, then once more when the table's room is on (what changed in between).
    let boothLoads = 0;
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === `/api/v1/event/booth/${boothId}`) boothLoads += 1;
    });
    await page.goto(`/event/${eventId}/expo/${boothId}`);
    await page.getByTestId('booth-table').waitFor();
    await expect.poll(() => boothLoads, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    return { page, context, boothLoads: () => boothLoads };
  }

  const here = (page: Page) => page.getByTestId('booth-table-here');

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`E2.56 E7.87 A9.35 one joins a table, the other sees "1 of 8 here" live (${viewport})`, async () => {
      const seated = await openBooth(ana, viewport);
      const watcher = await openBooth(ben, viewport);
      const tables = watcher.page.getByTestId('booth-tables');
      // E2.56: the table's time in the reader's zone and its occupancy.
      expect(await watcher.page.getByTestId('booth-table-time').textContent()).toBe(
        tableTime(table.sdt, table.edt),
      );
      expect(await here(watcher.page).textContent()).toBe('0 of 8 here');
      expect(await tables.getByRole('heading').first().textContent()).toBe('Popup meeting tables');
      const loadsBefore = watcher.boothLoads();

      // Join opens the table's video call in a new window and takes a seat.
      const popup = seated.context.waitForEvent('page');
      await seated.page.getByRole('button', { name: 'Join Table 1' }).click();
      const call = await popup;
      await call.waitForURL(`${VIDEO_HOST}/**`);
      expect(decodeURIComponent(call.url())).toContain(table.roomId);
      await call.close();
      await seated.page.getByText('You are at this table').waitFor();
      expect(await here(seated.page).textContent()).toBe('1 of 8 here');

      // The other browser hears it on videoRooms/{roomId}/participantState: no reload, no refetch.
      await here(watcher.page).filter({ hasText: '1 of 8 here' }).waitFor();
      expect(watcher.boothLoads()).toBe(loadsBefore);
      await expectAccessible(seated.page, `joined-${viewport}`);
      await expectAccessible(watcher.page, `watching-${viewport}`);

      // Leaving frees the seat at once, for both.
      await seated.page.getByRole('button', { name: 'Leave Table 1' }).click();
      await here(seated.page).filter({ hasText: '0 of 8 here' }).waitFor();
      await here(watcher.page).filter({ hasText: '0 of 8 here' }).waitFor();
      expect(await seated.page.getByRole('button', { name: 'Join Table 1' }).isEnabled()).toBe(true);
    });
  }
});
