import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { baseURL, launchBrowser } from './lib/browser';
import { api, apiLogin, DEMO_LOGINS, DEMO_PASSWORD, demoEventId } from './lib/flows';
import { demoLogin, signIn } from './lib/sign-in';

const expectAccessible = screenChecks('contacts');

/** Collected contacts in the browser: the drawer (list → detail) and the /contacts page. */
describe('contacts in the browser', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let eventId: number;
  let exhibitor: { ticketId: string; name: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    eventId = await demoEventId();
    const token = await apiLogin(DEMO_LOGINS.exhibitor, DEMO_PASSWORD);
    const me = await api<{ ticketId: string | null; fullName: string }>(
      `/event/participant/me?eventId=${eventId}`,
      { token },
    );
    if (!me.ticketId) throw new Error('the demo exhibitor has no ticket id');
    exhibitor = { ticketId: me.ticketId, name: me.fullName };
  });
  afterAll(async () => browser?.close());
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  async function signedIn(viewport: 'desktop' | 'mobile'): Promise<Page> {
    let page: Page;
    ({ context, page } = await signIn(browser, demoLogin('attendee'), { viewport }));
    return page;
  }

  it('A2.77 E2.50 E4.64 E5.36 E8.42 adds a contact from a badge code in the drawer, with notes, then back to the list', async () => {
    const page = await signedIn('desktop');
    await page.goto(`/event/${eventId}/`);
    await page.getByTestId('nav-contacts').click();
    const drawer = page.getByTestId('contacts-drawer');
    await drawer.getByTestId('contact-add').click();
    const form = page.getByTestId('contact-form');
    await form.waitFor();

    // E5.36: nothing saved without a first name and an e-mail.
    await form.getByTestId('contact-save').click();
    await form.getByText('First name is required').waitFor();

    // A handheld scanner types the code and presses Enter: the form fills from the badge's owner.
    await form.getByTestId('badge-lookup').fill('NO-SUCH-TICKET');
    await form.getByTestId('badge-lookup').press('Enter');
    await form.getByText('Ticket not found.').waitFor(); // E5.53
    await form.getByTestId('badge-lookup').fill(`${baseURL()}/badge/tickets/${exhibitor.ticketId}`);
    await form.getByTestId('badge-lookup').press('Enter');
    await form.getByTestId('badge-lookup-found').waitFor();
    expect(await form.getByTestId('contact-first-name').inputValue()).toBe(exhibitor.name.split(' ')[0]);
    expect(await form.getByText('First name is required').count()).toBe(0); // the filled form is valid again
    await form.getByTestId('contact-note').fill('Wants a demo of the badge printer');
    await expectAccessible(page, 'add-1280');
    await form.getByTestId('contact-save').click();
    await page.getByText('Successfully added contact.').waitFor(); // E8.42

    // The new contact opens in the drawer with its note; another note is added.
    const detail = drawer.getByTestId('contact-detail');
    await detail.getByText('Wants a demo of the badge printer').waitFor();
    await detail.getByTestId('contact-note-input').fill('Follow up on Monday');
    await detail.getByTestId('contact-note-save').click();
    await expect.poll(() => detail.getByTestId('contact-note-item').count()).toBe(2);
    await expectAccessible(page, 'drawer-detail-1280');

    // A2.77: back to the list, where the newest note shows on the row.
    await drawer.getByTestId('contact-back').click();
    const row = drawer.getByTestId('contact-row').filter({ hasText: exhibitor.name });
    await row.waitFor();
    expect(await row.textContent()).toContain('Follow up on Monday');
    await expectAccessible(page, 'drawer-list-1280');
  }, 120_000);

  it('A2.13 E1.13 E9.53 the /contacts page on a phone: list, detail, and the CSV export', async () => {
    const page = await signedIn('mobile');
    await page.goto('/contacts');
    const list = page.getByTestId('contact-list');
    await list.getByTestId('contact-row').first().waitFor();
    await expectAccessible(page, 'page-list-375');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('contact-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe('scanned_contacts.csv');
    const csv = readFileSync((await download.path()) as string, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'First name,Last name,E-mails,Phones,Company,Job title,Website,Ticket,Events,Added,Notes',
    );
    expect(csv).toContain(`Wants a demo of the badge printer\n${'='.repeat(20)}\nFollow up on Monday`);

    await list.getByTestId('contact-row').filter({ hasText: exhibitor.name }).click();
    await page.getByTestId('contact-detail').waitFor();
    expect(await list.isVisible()).toBe(false); // one pane at a time on a phone
    await expectAccessible(page, 'page-detail-375');
    await page.getByTestId('contact-back').click();
    await list.waitFor();
  });
});
