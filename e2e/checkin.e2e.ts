import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { launchBrowser } from './lib/browser';
import { badgeLink, freshTicket, scan, scanAndRead, scanUntil, ticketOf } from './lib/checkin';
import { DEMO_LOGINS, demoEventId } from './lib/flows';
import { demoLogin, signIn } from './lib/sign-in';

const expectAccessible = screenChecks('checkin');

const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid'));

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
    ({ context, page } = await signIn(browser, demoLogin('organizer'), { viewport, landing: 'none' }));
    return page;
  }

  async function openScanner(page: Page) {
    await page.goto(`/event/${eventId}/`);
    if (page.viewportSize()?.width === 375) await page.getByTestId('mobile-menu-button').click();
    await page.getByTestId('nav-checkIn').click();
    await page.getByTestId('check-in-panel').waitFor();
  }

  const result = (page: Page) => page.getByTestId('check-in-result');
  const outcome = (page: Page, name: string) => result(page).and(page.locator(`[data-outcome="${name}"]`));

  it('A6.07 E2.54 E2.79 E4.65 E4.66 E4.67 E4.69 E8.08 E8.12 E8.15 E9.33 individual scans: result, print, scan next', async () => {
    const attendee = await ticketOf(DEMO_LOGINS.attendee, eventId);
    const page = await organizer('desktop');
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message)); // sounds, focus, timers: no script error
    await openScanner(page);
    const code = page.getByTestId('check-in-code');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'check-in-code');

    // This device's name goes with every check-in ("already checked in … by Gate B").
    await page.getByTestId('check-in-settings-toggle').click();
    await page.getByTestId('check-in-device-label').fill('Gate B');
    await page.getByTestId('check-in-settings-toggle').getByText('This device: Gate B').waitFor();

    // E5.52, E8.15: an unreadable code says so in the panel, not only in a toast.
    await scan(page, 'not a # ticket');
    await outcome(page, 'problem').getByText('This is not a valid ticket code.').waitFor();
    await result(page).getByText('Scanned: not a # ticket').waitFor();

    await scan(page, badgeLink(attendee.ticketId));
    await outcome(page, 'checkedIn').getByText(`${attendee.name} is checked in`).waitFor();
    expect(await result(page).getAttribute('data-tone')).toBe('success');
    await result(page).getByTestId('print-badge').waitFor(); // E4.69
    expect(await code.inputValue()).toBe(''); // cleared for the next scan
    await page.getByTestId('check-in-inside').getByText(attendee.name).waitFor(); // who is inside now
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'check-in-code');
    await expectAccessible(page, 'scanned-1280');

    await scan(page, attendee.ticketId);
    await outcome(page, 'alreadyCheckedIn').getByText(`${attendee.name} is already checked in`).waitFor(); // E8.08
    expect(await result(page).getAttribute('data-tone')).toBe('warning');
    await result(page)
      .getByText(/^Checked in at \d{2}:\d{2} by Gate B$/)
      .waitFor(); // when, and where
    await result(page).getByTestId('print-badge').waitFor(); // E4.69: also when already in
    await page.getByText(`${attendee.name} is already checked in`).nth(1).waitFor(); // the toast too

    // E4.67: "Scan next" clears the result and the field is ready again.
    await result(page).getByTestId('check-in-next').click();
    await result(page).waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'check-in-code');

    await scan(page, 'NO-SUCH-TICKET');
    await outcome(page, 'problem').getByText('Ticket not found.').waitFor(); // E5.53, E8.07
    expect(await result(page).getByTestId('check-in-result-person').count()).toBe(0);

    // E9.33: a click anywhere that is not a control brings the focus back to the scanner field.
    await page.getByTestId('check-in-settings-toggle').focus();
    await page.getByTestId('check-in-inside').getByRole('heading').click();
    expect(await focusedTestId(page)).toBe('check-in-code');

    // E2.67: another area keeps its own count against its capacity.
    await page.getByTestId('check-in-area').click();
    await page.getByRole('option', { name: 'Room: Workshop Room' }).click();
    await page.getByText('0 of 80 inside').waitFor();
    await scan(page, attendee.ticketId);
    await outcome(page, 'checkedIn').getByText(`${attendee.name} is checked in`).waitFor();
    await page.getByText('1 of 80 inside').waitFor();
    expect(crashes).toEqual([]);
  });

  it('E4.65 E4.69 E8.09 E8.13 checks out at 375 px: never-in warns, in then out succeeds', async () => {
    const exhibitor = await ticketOf(DEMO_LOGINS.exhibitor, eventId);
    const page = await organizer('mobile');
    await openScanner(page);
    await page.getByTestId('check-in-mode').getByText('Check out').click();
    await scan(page, exhibitor.ticketId);
    await outcome(page, 'alreadyCheckedOut').getByText(`${exhibitor.name} is already checked out`).waitFor();
    expect(await result(page).getByTestId('print-badge').count()).toBe(0); // E4.69
    await page.getByTestId('check-in-mode').getByText('Check in').click();
    await scan(page, exhibitor.ticketId);
    await outcome(page, 'checkedIn').getByText(`${exhibitor.name} is checked in`).waitFor();
    await expectAccessible(page, 'scanned-375');
    await page.getByTestId('check-in-mode').getByText('Check out').click();
    await scan(page, exhibitor.ticketId);
    await outcome(page, 'checkedOut').getByText(`${exhibitor.name} is checked out`).waitFor();
    expect(await result(page).getByTestId('print-badge').count()).toBe(0);
  });

  it('E3.35 E4.71 E2.79 fast mode toggles in and out with every scan, kept on the device', async () => {
    const guest = await freshTicket(eventId, 'Fatma', 'Fastscan');
    const page = await organizer('mobile');
    await openScanner(page);
    await page.getByTestId('check-in-scan-type').getByText('Fast').click();
    await page.getByTestId('check-in-mode').waitFor({ state: 'detached' }); // no in/out choice: it toggles
    expect(await scanAndRead(page, guest.ticketId)).toBe('checkedIn');
    await result(page).getByText(`${guest.name} is checked in`).waitFor();
    expect(await result(page).getByTestId('check-in-next').count()).toBe(0); // next scan at once
    await expectAccessible(page, 'fast-375');
    // The same badge again toggles out (a double read within a second counts once).
    expect((await scanUntil(page, badgeLink(guest.ticketId), 'checkedOut')).at(-1)).toBe('checkedOut');
    expect((await scanUntil(page, guest.ticketId, 'checkedIn')).at(-1)).toBe('checkedIn');
    // The answer shows for a moment only.
    await result(page).waitFor({ state: 'detached' });

    // The scan type stays with the device; the door that was open opens again after the reload.
    await page.reload();
    await page.getByTestId('check-in-panel').waitFor();
    expect(await page.getByTestId('check-in-panel').getAttribute('data-scan-type')).toBe('fast');
  });

  it('E4.70 E8.23 desk search: pick a person, check in; the buttons are disabled once done', async () => {
    const guest = await freshTicket(eventId, 'Deniz', `Deskova${Date.now() % 100000}`);
    const page = await organizer('desktop');
    await openScanner(page);
    await page.getByTestId('check-in-source').getByText('Search').click();
    await page.getByTestId('check-in-lookup-input').fill(guest.name.split(' ')[1] as string);
    const item = page.getByTestId('check-in-lookup-item').filter({ hasText: guest.name });
    await item.getByText('Not inside').waitFor();
    await expectAccessible(page, 'lookup-1280');
    await item.click();
    const panel = outcome(page, 'person');
    await panel.getByText(guest.name).waitFor();
    await panel.getByText('Not checked in').waitFor();
    await page.getByTestId('check-in-act-in').click();
    await outcome(page, 'checkedIn').getByText(`${guest.name} is checked in`).waitFor();
    expect(await page.getByTestId('check-in-act-in').isDisabled()).toBe(true); // E4.70
    expect(await page.getByTestId('check-in-act-out').isDisabled()).toBe(true);
    await result(page).getByTestId('check-in-next').click();
    await page
      .getByTestId('check-in-lookup-item')
      .filter({ hasText: guest.name })
      .getByText('Inside', { exact: true })
      .waitFor();
  });

  it('E4.68 checks in from an attendee profile; "Scan next" closes the check-in there', async () => {
    const guest = await freshTicket(eventId, 'Pelin', 'Profilecheck');
    const page = await organizer('desktop');
    await page.goto(`/event/${eventId}/attendees/${guest.participantId}`);
    await page.getByTestId('attendee-detail').waitFor();
    await page.getByTestId('attendee-detail-check-in').click();
    const dialog = page.getByRole('dialog', { name: `Check-in: ${guest.name}` });
    await dialog.getByTestId('check-in-result').getByText(guest.name).waitFor();
    expect(await dialog.getByTestId('check-in-code').count()).toBe(0); // no scanning here
    await dialog.getByTestId('check-in-act-in').click();
    await dialog.getByText(`${guest.name} is checked in`).waitFor();
    await expectAccessible(page, 'profile-1280');
    await dialog.getByTestId('check-in-next').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('attendee-detail').waitFor(); // back on the profile
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
