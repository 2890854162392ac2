import { readFileSync } from 'node:fs';
import type { Lead, MemberList } from '@foyer/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { baseURL, launchBrowser } from './lib/browser';
import { registerAttendee } from './lib/expo';
import { api, apiLogin, DEMO_LOGINS, DEMO_PASSWORD, demoEventId, type RegisteredAttendee } from './lib/flows';
import { demoLogin, signIn } from './lib/sign-in';

const expectAccessible = screenChecks('leads');

/**
 * Booth leads in the browser: two members of one booth's team in two browsers. The owner sets a
 * qualification question and scans a visitor's badge; the other member sees the lead appear on
 * her phone at once, adds a note the owner sees; the report downloads as CSV and XLSX. Then the
 * owner edits the questions and removes a lead, and the other member's screen follows both.
 */
describe('booth leads in the browser', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let eventId: number;
  let lena: RegisteredAttendee;
  let visitor: { ticketId: string; fullName: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    eventId = await demoEventId();
    // Arrangement: a second member joins the demo exhibitor's booth team.
    ownerToken = await apiLogin(DEMO_LOGINS.exhibitor, DEMO_PASSWORD);
    const owner = ownerToken;
    const team = await api<MemberList>(`/event/member?eventId=${eventId}`, { token: owner });
    if (!team.boothId) throw new Error('the demo exhibitor has no booth');
    lena = await registerAttendee(eventId, 'leads-lena', 'Lena', 'Teammate');
    await api('/event/member', { token: owner, body: { eventId, id: lena.participantId, role: 'user' } });
    await api('/event/member/confirm', {
      token: lena.token,
      body: { eventId, boothId: team.boothId, accepted: true },
    });
    const attendee = await apiLogin(DEMO_LOGINS.attendee, DEMO_PASSWORD);
    const me = await api<{ ticketId: string | null; fullName: string }>(
      `/event/participant/me?eventId=${eventId}`,
      { token: attendee },
    );
    if (!me.ticketId) throw new Error('the demo attendee has no ticket id');
    visitor = { ticketId: me.ticketId, fullName: me.fullName };
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  let ownerToken: string;

  async function open(login: Parameters<typeof signIn>[1], viewport: 'desktop' | 'mobile'): Promise<Page> {
    const { context, page } = await signIn(browser, login, { viewport, landing: 'none' });
    contexts.push(context);
    await page.goto(`/event/${eventId}/company/profile?tab=leads`);
    await page.getByTestId('leads-panel').waitFor();
    return page;
  }

  it("E1.11 E9.53 E9.54 a lead one member scans is the whole team's: the other sees it live and adds a note", async () => {
    const member = await open({ email: lena.email, password: lena.password }, 'mobile');
    const owner = await open(demoLogin('exhibitor'), 'desktop');
    await expectAccessible(member, 'list-375');
    // The scanner on her phone: camera or typed code (no camera here, so the typed one).
    await member.getByTestId('lead-scan-open').click();
    const phoneScan = member.getByTestId('lead-scan');
    await phoneScan.locator('label', { hasText: 'Type or paste' }).click();
    await phoneScan.getByTestId('lead-scan-code').waitFor();
    await expectAccessible(member, 'scan-375');
    await member.getByRole('button', { name: 'Close' }).click();
    await phoneScan.waitFor({ state: 'detached' });

    // The owner sets a qualification question (single choice).
    await owner.getByTestId('lead-questions-open').click();
    const questions = owner.getByTestId('lead-questions');
    await questions.getByTestId('lead-question-add').click();
    await questions.getByTestId('lead-question-label').fill('Interested in');
    await questions.getByTestId('lead-question-kind').click();
    await owner.getByRole('option', { name: 'Single choice' }).click();
    const options = questions.getByTestId('lead-question-options');
    await options.fill('Badges');
    await options.press('Enter');
    await options.fill('Printers');
    await options.press('Enter');
    await expectAccessible(owner, 'questions-1280');
    await questions.getByTestId('lead-questions-save').click();
    await owner.getByText('Questions saved.').waitFor();

    // The owner scans the visitor's badge (a handheld scanner types the link and presses Enter).
    await owner.getByTestId('lead-scan-open').click();
    const scan = owner.getByTestId('lead-scan');
    await scan.locator('label', { hasText: 'Type or paste' }).click();
    await scan.getByTestId('lead-scan-code').fill(`${baseURL()}/badge/tickets/${visitor.ticketId}`);
    await scan.getByTestId('lead-scan-code').press('Enter');
    await owner.getByText(`${visitor.fullName} is a lead of your booth.`).waitFor();
    const detail = owner.getByTestId('lead-detail');
    await detail.waitFor();
    const four = detail.getByRole('radio', { name: 'Rating: 4 of 5' });
    await four.focus(); // the rating by keyboard
    await owner.keyboard.press('Space');
    await expect.poll(() => four.isChecked()).toBe(true);
    await detail.getByTestId('lead-answer').click();
    await owner.getByRole('option', { name: 'Printers' }).click();
    await detail.getByTestId('lead-answers-save').click();
    await owner.getByText('Saved.').first().waitFor();
    await detail.getByTestId('lead-note-input').fill('Met at the booth, wants pricing');
    await detail.getByTestId('lead-note-save').click();
    await detail.getByTestId('lead-note').filter({ hasText: 'wants pricing' }).waitFor();
    await expectAccessible(owner, 'detail-1280');

    // The other member, on her phone, sees it arrive without reloading, with the owner's note.
    const row = member.getByTestId('lead-row').filter({ hasText: visitor.fullName });
    await row.waitFor();
    expect(await row.textContent()).toContain('Rating: 4 of 5');
    await row.click();
    const hers = member.getByTestId('lead-detail');
    await hers.getByText('Met at the booth, wants pricing').waitFor();
    expect(await hers.getByTestId('lead-answer').inputValue()).toBe('Printers');
    await hers.getByTestId('lead-note-input').fill('Sent the brochure');
    await hers.getByTestId('lead-note-save').click();
    await expectAccessible(member, 'detail-375');

    // ... and the owner sees her note.
    await detail.getByTestId('lead-note').filter({ hasText: 'Sent the brochure' }).waitFor();

    // E9.53, E9.54: the report, as CSV (notes separated by a line of equals signs) and as XLSX.
    await detail.getByTestId('lead-back').click();
    await owner.getByTestId('lead-report').click();
    const [csvDownload] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByTestId('lead-report-leads').click(),
    ]);
    expect(csvDownload.suggestedFilename()).toBe('booth_leads.csv');
    const csv = readFileSync((await csvDownload.path()) as string, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'First name,Last name,E-mails,Phones,Company,Job title,Website,Rating,Interested in,Scanned by,Added,Notes',
    );
    expect(csv).toContain(`Met at the booth, wants pricing\n${'='.repeat(20)}\nSent the brochure`);
    await owner.getByTestId('lead-report').click();
    const [xlsxDownload] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByTestId('lead-report-xlsx').click(),
    ]);
    expect(xlsxDownload.suggestedFilename()).toBe('booth_report.xlsx');
    expect(
      readFileSync((await xlsxDownload.path()) as string)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK'); // a zip
    await expectAccessible(owner, 'list-1280');
  }, 180_000);

  it("questions the owner edits and a lead she removes change on the other member's screen live", async () => {
    // Arrangement: one question, and a new visitor's badge scanned as a lead (API).
    await api('/event/lead/questions', {
      method: 'PUT',
      token: ownerToken,
      body: {
        eventId,
        questions: [{ label: 'Interested in', kind: 'choice', options: ['Badges', 'Printers'] }],
      },
    });
    const guest = await registerAttendee(eventId, 'leads-guest', 'Gus', 'Goner');
    const { ticketId } = await api<{ ticketId: string | null }>(`/event/participant/me?eventId=${eventId}`, {
      token: guest.token,
    });
    if (!ticketId) throw new Error('the new visitor has no ticket id');
    await api<Lead>('/event/lead/scan', { token: ownerToken, body: { eventId, code: ticketId } });

    const member = await open({ email: lena.email, password: lena.password }, 'mobile');
    const owner = await open(demoLogin('exhibitor'), 'desktop');
    // Nothing below reloads her page: this mark would be gone.
    await member.evaluate(() => {
      (window as unknown as { stayed?: boolean }).stayed = true;
    });
    const count = async (page: Page) =>
      Number(/\d+/.exec((await page.getByTestId('lead-count').textContent()) ?? '')?.[0]);
    const leadsBefore = await count(member);

    // She has the lead open on her phone; removing is for the owner and admins only.
    await member.getByTestId('lead-row').filter({ hasText: guest.fullName }).click();
    const hers = member.getByTestId('lead-detail');
    await hers.getByLabel('Interested in', { exact: true }).waitFor();
    expect(await hers.getByTestId('lead-remove').count()).toBe(0);

    // The owner renames the question and adds one.
    await owner.getByTestId('lead-questions-open').click();
    const questions = owner.getByTestId('lead-questions');
    await questions.getByTestId('lead-question-label').first().fill('Main interest');
    await questions.getByTestId('lead-question-add').click();
    await questions.getByTestId('lead-question-label').nth(1).fill('Budget');
    await questions.getByTestId('lead-questions-save').click();
    await owner.getByText('Questions saved.').waitFor();

    // Her open lead asks the new questions at once.
    await hers.getByLabel('Main interest', { exact: true }).waitFor();
    await hers.getByLabel('Budget', { exact: true }).waitFor();
    expect(await hers.getByText('Interested in').count()).toBe(0);
    await expectAccessible(member, 'questions-live-375');

    // The owner removes the lead, after confirming.
    await owner.getByTestId('lead-row').filter({ hasText: guest.fullName }).click();
    await owner.getByTestId('lead-detail').getByTestId('lead-remove').click();
    const dialog = owner.getByRole('dialog', { name: 'Remove this lead?' });
    await dialog.getByText(`${guest.fullName} and the team's notes`).waitFor();
    await expectAccessible(owner, 'remove-1280');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await owner.getByText(`${guest.fullName} is no longer a lead.`).waitFor();
    await owner.getByTestId('lead-list').waitFor();
    expect(await owner.getByTestId('lead-row').filter({ hasText: guest.fullName }).count()).toBe(0);

    // Her screen leaves the lead that is gone, says why, and lists one lead fewer.
    await member.getByText('Someone on your team removed this lead.').waitFor();
    await hers.waitFor({ state: 'detached' });
    await expect.poll(() => count(member)).toBe(leadsBefore - 1);
    expect(await member.getByTestId('lead-row').filter({ hasText: guest.fullName }).count()).toBe(0);
    expect(await member.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expectAccessible(member, 'removed-375');
    expect(await count(owner)).toBe(leadsBefore - 1);
  }, 180_000);
});
