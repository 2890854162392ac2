import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { baseURL, launchBrowser } from './lib/browser';
import { scan, ticketOf } from './lib/checkin';
import { DEMO_LOGINS, demoEventId } from './lib/flows';
import { demoLogin, signIn } from './lib/sign-in';

const expectAccessible = screenChecks('checkin');

/** Staff check-in at the door and badge printing in the browser. */
describe('check-in in the browser', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let eventId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    eventId = await demoEventId();
  });
  afterAll(async () => browser?.close());
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  async function organizer(viewport: 'desktop' | 'mobile'): Promise<Page> {
    let page: Page;
    ({ context, page } = await signIn(browser, demoLogin('organizer'), { viewport }));
    return page;
  }

  async function openScanner(page: Page) {
    await page.goto(`/event/${eventId}/`);
    if (page.viewportSize()?.width === 375) await page.getByTestId('mobile-menu-button').click();
    await page.getByTestId('nav-checkIn').click();
    await page.getByTestId('check-in-panel').waitFor();
  }

  it('A6.07 E2.54 E4.65 E8.08 E8.12 E8.15 scans a ticket in with the name, then warns it is already in', async () => {
    const attendee = await ticketOf(DEMO_LOGINS.attendee, eventId);
    const page = await organizer('desktop');
    await openScanner(page);
    const code = page.getByTestId('check-in-code');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'check-in-code');

    await scan(page, 'not a # ticket');
    await page.getByText('This is not a valid ticket code.').waitFor(); // E5.52, E8.15

    await scan(page, `${baseURL()}/badge/tickets/${attendee.ticketId}`);
    const result = page.getByTestId('check-in-result');
    await result.and(page.locator('[data-outcome="checkedIn"]')).waitFor();
    await result.getByText(`${attendee.name} is checked in`).waitFor();
    expect(await code.inputValue()).toBe(''); // cleared for the next scan
    await page.getByTestId('check-in-inside').getByText(attendee.name).waitFor(); // who is inside now
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'check-in-code');
    await expectAccessible(page, 'scanned-1280');

    await scan(page, attendee.ticketId);
    await result.and(page.locator('[data-outcome="alreadyCheckedIn"]')).waitFor();
    await result.getByText(`${attendee.name} is already checked in`).waitFor(); // E8.08
    await page.getByText(`${attendee.name} is already checked in`).nth(1).waitFor(); // the toast too

    await scan(page, 'NO-SUCH-TICKET');
    await page.getByText('Ticket not found.').waitFor(); // E5.53
    await result.waitFor({ state: 'detached' }); // E8.07

    // E2.67: another area keeps its own count against its capacity.
    await page.getByTestId('check-in-area').click();
    await page.getByRole('option', { name: 'Room: Workshop Room' }).click();
    await page.getByText('0 of 80 inside').waitFor();
    await scan(page, attendee.ticketId);
    await result.getByText(`${attendee.name} is checked in`).waitFor();
    await page.getByText('1 of 80 inside').waitFor();
  });

  it('E4.65 E8.09 E8.13 checks out at 375 px: never-in warns, in then out succeeds', async () => {
    const exhibitor = await ticketOf(DEMO_LOGINS.exhibitor, eventId);
    const page = await organizer('mobile');
    await openScanner(page);
    await page.getByTestId('check-in-mode').getByText('Check out').click();
    await scan(page, exhibitor.ticketId);
    await page.getByTestId('check-in-result').getByText(`${exhibitor.name} is already checked out`).waitFor();
    await page.getByTestId('check-in-mode').getByText('Check in').click();
    await scan(page, exhibitor.ticketId);
    await page.getByTestId('check-in-result').getByText(`${exhibitor.name} is checked in`).waitFor();
    await expectAccessible(page, 'scanned-375');
    await page.getByTestId('check-in-mode').getByText('Check out').click();
    await scan(page, exhibitor.ticketId);
    await page.getByTestId('check-in-result').getByText(`${exhibitor.name} is checked out`).waitFor();
  });

  it('A2.20 E8.16 prints a badge without navigation; a second visit shows it was printed', async () => {
    const attendee = await ticketOf(DEMO_LOGINS.attendee, eventId);
    for (const viewport of ['mobile', 'desktop'] as const) {
      const page = await organizer(viewport);
      await page.goto(`/event/${eventId}/badges?ticketId=${attendee.ticketId}`);
      const badge = page.getByTestId('badge');
      await badge.getByText(attendee.name.split(' ')[0] as string, { exact: true }).waitFor();
      await badge.getByRole('img', { name: `QR code for ticket ${attendee.ticketId}` }).waitFor();
      expect(await page.getByTestId('side-nav').count()).toBe(0);
      await expectAccessible(page, `badge-${viewport === 'mobile' ? 375 : 1280}`);
      if (viewport === 'mobile') {
        await page.evaluate(() => {
          window.print = () => document.body.setAttribute('data-printed', 'yes');
        });
        await page.getByTestId('badge-print').click();
        await page.locator('body[data-printed="yes"]').waitFor();
      } else {
        await page.getByTestId('badge-printed').waitFor(); // printed on the phone a moment ago
      }
      await context?.close();
      context = undefined;
    }
  });
});
