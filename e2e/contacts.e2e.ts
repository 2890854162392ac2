import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { baseURL, launchBrowser } from './lib/browser';
import { registerAttendee } from './lib/expo';
import { api, demoEventId, type RegisteredAttendee } from './lib/flows';
import { demoLogin, signIn } from './lib/sign-in';

const expectAccessible = screenChecks('contacts');

/**
 * Collected contacts in the browser: scanning a badge asks its holder for an exchange (E4.62), who
 * accepts it on their phone; both then see each other's details. The drawer (list → detail), the
 * /contacts page and the CSV export.
 */
describe('contacts in the browser', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let eventId: number;
  let rita: RegisteredAttendee & { ticketId: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    eventId = await demoEventId();
    const registered = await registerAttendee(eventId, 'contacts-rita', 'Rita', 'Request');
    const me = await api<{ ticketId: string | null }>(`/event/participant/me?eventId=${eventId}`, {
      token: registered.token,
    });
    if (!me.ticketId) throw new Error('a registered attendee has no ticket id');
    rita = { ...registered, ticketId: me.ticketId };
  });
  afterAll(async () => browser?.close());
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  async function open(login: Parameters<typeof signIn>[1], viewport: 'desktop' | 'mobile'): Promise<Page> {
    const { context, page } = await signIn(browser, login, { viewport, landing: 'anywhere' });
    contexts.push(context);
    return page;
  }

  it('E1.11 E1.12 E2.50 E2.80 E4.63 E4.62 E4.64 E5.36 a scanned badge asks its holder, who accepts on her phone; both see the details', async () => {
    const page = await open(demoLogin('attendee'), 'desktop');
    await page.goto(`/event/${eventId}/`);
    await page.getByTestId('nav-contacts').click();
    const drawer = page.getByTestId('contacts-drawer');

    // addContact: nothing is saved without a first name and an e-mail (E5.36).
    await drawer.getByTestId('contact-add').click();
    const form = page.getByTestId('contact-form');
    await form.getByTestId('contact-save').click();
    await form.getByText('First name is required').waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });

    // scanning → foundContact: a handheld scanner types the badge link and presses Enter.
    await drawer.getByTestId('contact-scan-open').click();
    const scan = page.getByTestId('contact-scan');
    await scan.locator('label', { hasText: 'Type or paste' }).click();
    await scan.getByTestId('contact-scan-code').fill('NO-SUCH-TICKET');
    await scan.getByTestId('contact-scan-code').press('Enter');
    await scan.getByText('Ticket not found.').waitFor(); // E5.53
    await scan.getByTestId('contact-scan-code').fill('TICKET#1');
    await scan.getByTestId('contact-scan-code').press('Enter');
    await scan.getByText('The code may not contain #, $, [, ], quotes or ?').waitFor(); // E5.40
    await scan.getByTestId('contact-scan-code').fill(`${baseURL()}/badge/tickets/${rita.ticketId}`);
    await scan.getByTestId('contact-scan-code').press('Enter');
    const found = scan.getByTestId('contact-scan-found');
    await found.waitFor();
    expect(await found.getByTestId('contact-exchange').textContent()).toBe('Request sent');
    expect(await found.textContent()).toContain(rita.fullName);
    expect(await found.textContent()).not.toContain(rita.email); // not shared before she accepts
    await found.getByTestId('contact-scan-note').fill('Wants a demo of the badge printer');
    await found.getByRole('button', { name: 'Save note' }).click();
    await page.getByText('Success').first().waitFor();
    await expectAccessible(page, 'scan-found-1280');
    await found.getByTestId('contact-scan-open').click();

    // The contact opens in the drawer: one-sided, no e-mail yet; another note is added.
    const detail = drawer.getByTestId('contact-detail');
    await detail.getByText('Wants a demo of the badge printer').waitFor();
    expect(await detail.getByTestId('contact-exchange').textContent()).toBe('Request sent');
    await detail.getByTestId('contact-note-input').fill('Follow up on Monday');
    await detail.getByTestId('contact-note-save').click();
    await expect.poll(() => detail.getByTestId('contact-note-item').count()).toBe(2);
    await expectAccessible(page, 'drawer-detail-1280');

    // Rita, on her phone, sees the request on /contacts and accepts it.
    const phone = await open({ email: rita.email, password: rita.password }, 'mobile');
    await phone.goto('/contacts');
    const request = phone.getByTestId('contact-request');
    await request.waitFor();
    expect(await request.textContent()).toContain('would like to exchange contact details');
    await expectAccessible(phone, 'requests-375');
    await request.getByTestId('contact-request-accept').click();
    await phone
      .getByText(/exchanged contact details/)
      .first()
      .waitFor();
    await request.waitFor({ state: 'detached' });
    const row = phone.getByTestId('contact-row').first();
    await row.waitFor();
    await row.click();
    const herView = phone.getByTestId('contact-detail');
    await herView.getByText('Contacts exchanged').waitFor();
    expect(await herView.locator('a[href^="mailto:"]').count()).toBeGreaterThan(0);
    await expectAccessible(phone, 'accepted-detail-375');

    // The scanner's open contact follows live: accepted, with Rita's e-mail.
    await detail.getByText(rita.email).waitFor();
    expect(await detail.getByTestId('contact-exchange').textContent()).toBe('Contacts exchanged');

    // A2.77: back to the list, where the newest note shows on the row.
    await drawer.getByTestId('contact-back').click();
    const listed = drawer.getByTestId('contact-row').filter({ hasText: rita.fullName });
    await listed.waitFor();
    expect(await listed.textContent()).toContain('Follow up on Monday');
    await expectAccessible(page, 'drawer-list-1280');
  }, 120_000);

  it("E8.42 E8.41 a contact added says so; one that cannot be saved says so in a toast with the server's reason, the form keeping what was typed", async () => {
    const gone = await api<{ id: number }>('/contact', {
      token: rita.token,
      body: { events: [eventId], firstName: 'Soon', lastName: 'Gone', emails: ['soon.gone@example.test'] },
    });
    const { context, page } = await signIn(browser, rita, { newAccount: 'if-asked', landing: 'none' });
    contexts.push(context);
    await page.goto('/contacts');

    // E8.42: added by hand from the page.
    await page.getByTestId('contact-add').click();
    const added = page.getByTestId('contact-form');
    await added.getByTestId('contact-first-name').fill('Hand');
    await added.getByTestId('contact-emails').fill('hand.typed@example.test');
    await added.getByTestId('contact-emails').press('Enter');
    await added.getByTestId('contact-save').click();
    await page.getByText('Successfully added contact.').waitFor();
    await added.waitFor({ state: 'detached' });

    await page.getByTestId('contact-row').filter({ hasText: 'Soon Gone' }).click();
    const detail = page.getByTestId('contact-detail');
    await detail.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = page.getByTestId('contact-form');
    await form.getByTestId('contact-first-name').fill('Later');

    // Removed elsewhere (another tab, another device) while this form is open.
    await api(`/contact/${gone.id}`, { method: 'DELETE', token: rita.token });
    await form.getByTestId('contact-save').click();

    await page.getByText('Could not added contact. Contact not found').waitFor();
    expect(await form.getByTestId('contact-first-name').inputValue()).toBe('Later');
  });

  it('A2.13 E2.27 E1.13 E9.53 E9.54 the /contacts page on a phone: list, detail, and the CSV export', async () => {
    const page = await open(demoLogin('attendee'), 'mobile');
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
    expect(csv).toContain(rita.email); // shared once she accepted

    await list.getByTestId('contact-row').filter({ hasText: rita.fullName }).click();
    await page.getByTestId('contact-detail').waitFor();
    expect(await list.isVisible()).toBe(false); // one pane at a time on a phone
    await expectAccessible(page, 'page-detail-375');
    await page.getByTestId('contact-back').click();
    await list.waitFor();
  });
});
