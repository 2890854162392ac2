import type { BoothDetails, BoothSummary } from '@foyer/contract';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { launchBrowser, type ViewportName } from './lib/browser';
import { pngFile, registerAttendee } from './lib/expo';
import { api, apiLogin, DEMO_LOGINS, DEMO_PASSWORD, demoEventId, pathOf } from './lib/flows';
import { signIn } from './lib/sign-in';

const expectAccessible = screenChecks('expo');

/** The expo: booth list, booth detail, booth edit and team (issue 5, exhibitors). */
describe('expo in the browser', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let eventId: number;
  let booths: BoothSummary[];
  const boothNamed = (name: string) => booths.find((b) => b.boothName === name)!;

  beforeAll(async () => {
    browser = await launchBrowser();
    eventId = await demoEventId();
    const token = await apiLogin(DEMO_LOGINS.attendee, DEMO_PASSWORD);
    booths = await api<BoothSummary[]>(`/event/booth?eventId=${eventId}`, { token });
  });
  afterAll(async () => browser?.close());
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  async function open(
    viewport: ViewportName,
    email: string = DEMO_LOGINS.attendee,
    password = DEMO_PASSWORD,
  ) {
    const signed = await signIn(browser, { email, password }, { viewport, landing: 'none' });
    context = signed.context;
    return signed.page;
  }

  it('E1.02 A2.67 E3.18 E9.44 lists sponsors, partners and exhibitors in sections and searches them by name', async () => {
    const page = await open('desktop');
    await page.goto(`/event/${eventId}/expo`);
    await page.getByTestId('expo-tab').waitFor();
    const sections = page.locator('[data-testid^="expo-section-"]');
    await sections.first().waitFor();
    expect(await sections.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual([
      'expo-section-sponsor',
      'expo-section-partner',
      'expo-section-booth',
    ]);
    const ledgerline = page.getByTestId(`booth-card-${boothNamed('Ledgerline').id}`);
    expect(await ledgerline.textContent()).toContain('Exhibitor');
    await expectAccessible(page, 'list-desktop');

    await page.getByTestId('expo-search').fill('learn');
    await expect.poll(() => page.locator('[data-testid^="booth-card-"]').count()).toBe(1);
    expect(await page.getByTestId(`booth-card-${boothNamed('Learnly').id}`).isVisible()).toBe(true);
    await page.getByTestId('expo-search').fill('zzz-no-such-booth');
    await page.getByTestId('expo-empty').waitFor();
    expect(await page.getByTestId('expo-empty').textContent()).toContain('zzz-no-such-booth');
  });

  it('A2.25 E2.10 E2.11 E2.56 E6.23 opens a booth over the list with its team; Escape returns to the list', async () => {
    const booth = boothNamed('Ledgerline');
    const page = await open('desktop');
    await page.goto(`/event/${eventId}/expo`);
    await page.getByTestId(`booth-card-${booth.id}`).click();
    await page.waitForURL(`**/event/${eventId}/expo/${booth.id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('booth-detail').waitFor();
    expect(await page.getByTestId('expo-tab').isVisible()).toBe(true); // the list stays underneath
    expect(await dialog.textContent()).toContain('Ledgerline');
    expect(await dialog.textContent()).toContain('Hall A, stand 12');
    const members = dialog.locator('[data-testid^="booth-member-"]');
    expect(await members.count()).toBeGreaterThanOrEqual(2);
    expect(await members.first().textContent()).toContain('Owner'); // owner first
    await expectAccessible(page, 'detail-desktop');

    await page.keyboard.press('Escape');
    await page.waitForURL(`**/event/${eventId}/expo`);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('A2.22 E2.12 E2.11 on a phone the list is one column and the booth opens as a full page', async () => {
    const booth = boothNamed('CareBridge Health');
    const page = await open('mobile');
    await page.goto(`/event/${eventId}/expo`);
    await page.getByTestId(`booth-card-${booth.id}`).waitFor();
    await expectAccessible(page, 'list-mobile');
    await page.getByTestId(`booth-card-${booth.id}`).click();
    await page.waitForURL(`**/event/${eventId}/expo/${booth.id}`);
    await page.getByTestId('booth-detail').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1, name: 'CareBridge Health' }).isVisible()).toBe(true);
    await expectAccessible(page, 'detail-mobile');
  });

  it('A2.07 E2.25 E6.25 E7.34 E5.01 E2.57 E9.41 the owner edits the booth with errors per field and sees it in the detail', async () => {
    const booth = boothNamed('Ledgerline');
    const page = await open('desktop', DEMO_LOGINS.exhibitor);
    await page.goto(`/event/${eventId}/expo`);
    await page.getByTestId('expo-edit-my-booth').click();
    await page.waitForURL(`**/event/${eventId}/company/profile`);
    const form = page.getByTestId('booth-form');
    await form.waitFor();

    // E5.01: a required field left empty, and a document link that is not a web address.
    await page.getByTestId('booth-form-name').fill('');
    await page.getByTestId('booth-form-add-document').click();
    const doc = page.getByTestId('booth-form-document-0');
    await doc.getByLabel('Name').fill('Intro video');
    await doc.getByLabel('Link').fill('javascript:alert(1)');
    await page.getByTestId('booth-form-save').click();
    await form.getByText('Booth name is required').waitFor();
    await form.getByText('Link must be a web address (https://…)').waitFor();
    await expectAccessible(page, 'edit-errors-desktop');

    const description =
      `Open banking for small shops, updated ${Date.now()}. ${'Invoices, payroll and taxes in one place. '.repeat(6)}`.trim();
    await page.getByTestId('booth-form-name').fill('Ledgerline');
    await page.getByTestId('booth-form-description').fill(description);
    await doc.getByLabel('Link').fill('/demo/ledgerline-intro.mp4');
    await doc.getByLabel('Type').click();
    await page.getByRole('option', { name: 'Video' }).click();
    await page.getByTestId('booth-form-save').click();
    await page.getByText('The booth is saved.').waitFor();
    const token = await apiLogin(DEMO_LOGINS.exhibitor, DEMO_PASSWORD);
    const saved = await api<BoothDetails>(`/event/booth/${booth.id}?eventId=${eventId}`, { token });
    expect(saved.description).toBe(description);
    expect(saved.documents).toEqual([
      { name: 'Intro video', url: '/demo/ledgerline-intro.mp4', type: 'bvideo' },
    ]);

    await page.getByTestId('company-view-booth').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('booth-detail').waitFor();
    // E9.41: 200 characters in the modal, the rest behind "Read more".
    const text = dialog.getByTestId('booth-description');
    expect(await text.locator('p').textContent()).toBe(`${description.slice(0, 200).trimEnd()}…`);
    await text.getByRole('button', { name: 'Read more' }).click();
    expect(await text.locator('p').textContent()).toBe(description);
    expect(await dialog.locator('[data-testid="booth-video"] video').getAttribute('src')).toBe(
      '/demo/ledgerline-intro.mp4',
    );
    // E6.25: on their own booth the staff get the edit button, not meet buttons.
    expect(await dialog.getByTestId('booth-edit').isVisible()).toBe(true);
    await expectAccessible(page, 'detail-own-desktop');
    await dialog.getByTestId('booth-edit').click();
    await page.waitForURL(`**/event/${eventId}/company/profile`);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByTestId('booth-form').isVisible()).toBe(true);
  });

  it('A2.93 A9.08 A9.09 E2.65 the owner crops and uploads a logo and a banner', async () => {
    const booth = boothNamed('Ledgerline');
    const page = await open('mobile', DEMO_LOGINS.exhibitor);
    await page.goto(`/event/${eventId}/company/profile`);
    await page.getByTestId('booth-form').waitFor();
    await expectAccessible(page, 'edit-mobile');

    await page.getByTestId('booth-change-banner').click();
    await page.getByTestId('booth-image-input').setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: await pngFile(page, 2000, 800),
    });
    await page.getByTestId('booth-image-preview').waitFor();
    const size = await page
      .getByTestId('booth-image-preview')
      .locator('img')
      .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(size).toEqual([1260, 250]);
    await expectAccessible(page, 'banner-crop-mobile');
    await page.getByTestId('booth-image-save').click();
    await page.getByText('The banner is saved.').waitFor();

    await page.getByTestId('booth-change-logo').click();
    await page.getByTestId('booth-image-input').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await pngFile(page, 900, 600),
    });
    await page.getByTestId('booth-image-preview').waitFor();
    const logo = await page
      .getByTestId('booth-image-preview')
      .locator('img')
      .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(logo).toEqual([600, 600]);
    await page.getByTestId('booth-image-save').click();
    await page.getByText('The logo is saved.').waitFor();

    const token = await apiLogin(DEMO_LOGINS.exhibitor, DEMO_PASSWORD);
    const saved = await api<BoothDetails>(`/event/booth/${booth.id}?eventId=${eventId}`, { token });
    expect(saved.images.banner).toMatch(/^\/uploads\/booths\//);
    expect(saved.images.logo).toMatch(/^\/uploads\/booths\//);
    await page.goto(`/event/${eventId}/expo/${booth.id}`);
    await page.getByTestId('booth-banner').waitFor();
    await expectAccessible(page, 'detail-own-mobile');
  });

  it('E6.26 E6.27 E7.36 E8.46 E5.24 the owner invites a person, who is not confirmed until they accept', async () => {
    const booth = boothNamed('Ledgerline');
    const surname = `Expo${Date.now() % 100000}`;
    const guest = await registerAttendee(eventId, 'expo-team', 'Tomasz', surname);
    const owner = await open('desktop', DEMO_LOGINS.exhibitor);
    await owner.goto(`/event/${eventId}/company/profile`);
    await owner.getByTestId('team-add').click();
    const modal = owner.getByTestId('add-member-modal');
    await modal.waitFor();
    expect(await owner.getByTestId('add-member-submit').isDisabled()).toBe(true); // E5.24
    await owner.getByTestId('add-member-person').fill(surname); // E6.26: searched among free people
    await owner.getByRole('option', { name: new RegExp(`Tomasz ${surname}`) }).click();
    await owner.getByTestId('add-member-role-user').check();
    await expectAccessible(owner, 'add-member-desktop');
    await owner.getByTestId('add-member-submit').click();
    await owner.getByText(/is invited to the team/).waitFor();
    const row = owner.getByTestId(`team-member-${guest.participantId}`);
    await row.waitFor();
    expect(await row.getAttribute('data-role')).toBe('not_confirmed');
    expect(await row.textContent()).toContain('Not confirmed');
    await expectAccessible(owner, 'team-desktop');
    await context?.close();

    const page = await open('mobile', guest.email, guest.password);
    await page.goto(`/event/${eventId}/expo`);
    const invitation = page.getByTestId('team-invitation');
    await invitation.waitFor();
    expect(await invitation.textContent()).toContain('You are invited to the Ledgerline team');
    await expectAccessible(page, 'invitation-mobile');
    await page.getByTestId('team-invitation-accept').click();
    await page.getByText('You have been added to the Ledgerline team').waitFor(); // E8.46
    await invitation.waitFor({ state: 'detached' });
    const detail = await api<BoothDetails>(`/event/booth/${booth.id}?eventId=${eventId}`, {
      token: guest.token,
    });
    expect(detail.members.find((m) => m.id === guest.participantId)?.role).toBe('user');
    expect(pathOf(page)).toBe(`/event/${eventId}/expo`);
  });

  it('E8.45 a team invitation whose answer the server refuses says why, goes to the error list, and stays', async () => {
    const ownerToken = await apiLogin(DEMO_LOGINS.exhibitor, DEMO_PASSWORD);
    const guest = await registerAttendee(eventId, 'expo-refused', 'Vera', `Refused${Date.now() % 100000}`);
    await api('/event/member', {
      token: ownerToken,
      body: { eventId, id: guest.participantId, role: 'user' },
    });
    const page = await open('desktop', guest.email, guest.password);
    await page.goto(`/event/${eventId}/expo`);
    const invitation = page.getByTestId('team-invitation');
    await invitation.waitFor();
    // The refusal is made at the network (a server that cannot take the answer just now).
    const refusal = 'The team could not be changed just now';
    await page.route('**/api/v1/event/member/confirm', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: { code: 'MST-00409', msg: refusal } }),
      }),
    );
    await page.getByTestId('team-invitation-accept').click();
    await page.getByTestId('error-list-item').filter({ hasText: refusal }).waitFor();
    expect(await invitation.isVisible()).toBe(true);
    await page.unroute('**/api/v1/event/member/confirm');
  });

  it('E7.38 E7.39 A6.03 E3.22 the owner makes a member admin, then removes them from the team', async () => {
    const booth = boothNamed('Ledgerline');
    const ownerToken = await apiLogin(DEMO_LOGINS.exhibitor, DEMO_PASSWORD);
    const member = await registerAttendee(eventId, 'expo-role', 'Rita', `Role${Date.now() % 100000}`);
    await api('/event/member', {
      token: ownerToken,
      body: { eventId, id: member.participantId, role: 'user' },
    });
    await api('/event/member/confirm', {
      token: member.token,
      body: { eventId, boothId: booth.id, accepted: true },
    });

    const page = await open('desktop', DEMO_LOGINS.exhibitor);
    await page.goto(`/event/${eventId}/company/profile`);
    const row = page.getByTestId(`team-member-${member.participantId}`);
    await row.waitFor();
    expect(await row.getAttribute('data-role')).toBe('user');
    // Nobody manages the owner: no role choice or remove button on the owner's own row.
    const ownerRow = page.locator('[data-role="owner"]');
    expect(await ownerRow.locator('[data-testid^="team-remove-"]').count()).toBe(0);

    await page.getByTestId(`team-role-${member.participantId}`).click();
    await page.getByRole('option', { name: 'Admin' }).click();
    await page.getByText(/The role of Rita .* is changed\./).waitFor();
    await expect.poll(() => row.getAttribute('data-role')).toBe('admin');

    await page.getByTestId(`team-remove-${member.participantId}`).click();
    await page.getByTestId('team-remove-confirm').click();
    await page.getByText(/is removed from the team\./).waitFor();
    await row.waitFor({ state: 'detached' });
    const detail = await api<BoothDetails>(`/event/booth/${booth.id}?eventId=${eventId}`, {
      token: ownerToken,
    });
    expect(detail.members.some((m) => m.id === member.participantId)).toBe(false);
  });

  it('E6.25 an organizer edits any booth page; the team stays with the booth', async () => {
    const booth = boothNamed('Learnly');
    const page = await open('desktop', DEMO_LOGINS.organizer);
    await page.goto(`/event/${eventId}/expo/${booth.id}`);
    await page.getByTestId('booth-edit').click();
    await page.waitForURL(`**/event/${eventId}/company/profile?booth=${booth.id}`);
    await page.getByTestId('booth-form').waitFor();
    expect(await page.getByTestId('booth-form-name').inputValue()).toBe('Learnly');
    expect(await page.getByTestId('team-members').count()).toBe(0);
  });
});
