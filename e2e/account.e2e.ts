import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxe } from './lib/a11y';
import { ACCOUNT_REGIONS } from './lib/account-checks';
import { baseURL, launchBrowser, newContext, screenshot, waitForMail } from './lib/browser';
import { api, apiLogin, apiSignup, uniqueEmail } from './lib/flows';
import { signInOnPage } from './lib/sign-in';

const PASSWORD = 'Account-pass-123';

interface Profile {
  name: string;
  notificationPreferenceList: { type: string; channels: string[] }[];
  profilePhotoPath: string | null;
}

/** Signs up through the API with the browser's zone already set, so no time zone prompt opens. */
async function signUpWithZone(address: string): Promise<void> {
  await apiSignup(address, PASSWORD);
  const token = await apiLogin(address, PASSWORD);
  await api('/user/profile', {
    method: 'PUT',
    token,
    body: { action: 'timezone', timezone: 'Europe/Istanbul' },
  });
}

describe('account settings in the browser', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  /** One account for the settings flows: signing up is rate limited per address. */
  let email: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    email = uniqueEmail('account');
    await signUpWithZone(email);
  });
  afterAll(async () => browser?.close());
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  async function openPage(viewport: 'mobile' | 'desktop' = 'desktop', consent = true): Promise<Page> {
    context = await newContext(browser, viewport);
    if (consent)
      await context.addCookies([{ name: 'cookieconsent_status', value: 'dismiss', url: baseURL() }]);
    return context.newPage();
  }

  async function signIn(page: Page, as = email): Promise<void> {
    await signInOnPage(page, { email: as, password: PASSWORD }, { landing: 'anywhere' });
  }

  it('A2.97 A2.11 A5.24 A5.26 changes the profile name, keeps it after a reload, with four reachable tabs', async () => {
    const page = await openPage();
    await signIn(page);
    await page.goto('/account/profile');
    await page.getByTestId('profile-name').fill('Selin');
    await page.getByTestId('profile-surname').fill('');
    await page.getByTestId('profile-save').click();
    expect(await page.getByTestId('profile-form').getByText('Surname is required').isVisible()).toBe(true);
    await page.getByTestId('profile-surname').fill('Kaya');
    await page.getByTestId('profile-save').click();
    await page.getByText('Your profile is saved.').waitFor();
    await page.reload();
    await expect.poll(() => page.getByTestId('profile-name').inputValue()).toBe('Selin');
    expect(await page.getByTestId('profile-username').inputValue()).toBe(email);
    expect(await page.getByTestId('profile-username').getAttribute('readonly')).not.toBeNull();

    const token = await apiLogin(email, PASSWORD);
    expect((await api<Profile>('/user/profile', { token })).name).toBe('Selin');

    for (const tab of ['notifications', 'security', 'connected-emails', 'profile']) {
      await page.getByTestId(`account-tab-${tab}`).click();
      await page.waitForURL(`**/account/${tab}`);
    }
    // The tabs work from the keyboard too: arrows move between them.
    await page.getByTestId('account-tab-profile').focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL('**/account/notifications');
    await page.keyboard.press('ArrowRight');
    await page.waitForURL('**/account/security');
    await expectNoSeriousAxe(page, 'profile desktop', { within: ACCOUNT_REGIONS });
  });

  it('A9.43 A9.44 saves notification preferences per type and channel; SMS only for meeting reminders', async () => {
    const page = await openPage('mobile');
    await signIn(page);
    await page.goto('/account/notifications');
    await page.getByTestId('pref-poll-email').waitFor();
    expect(await page.getByTestId('pref-poll-sms').count()).toBe(0);
    expect(await page.getByTestId('pref-meeting_reminder-sms').isChecked()).toBe(true);
    await page.getByTestId('pref-poll-email').uncheck();
    await page.getByTestId('pref-meeting_reminder-sms').uncheck();
    await page.getByTestId('pref-save').click();
    await page.getByText('Your notification preferences are saved.').waitFor();
    await expectNoSeriousAxe(page, 'notifications mobile', { within: ACCOUNT_REGIONS });
    await screenshot(page, 'account-notifications-mobile');

    await page.reload();
    await page.getByTestId('pref-poll-email').waitFor();
    expect(await page.getByTestId('pref-poll-email').isChecked()).toBe(false);
    expect(await page.getByTestId('pref-announcement-email').isChecked()).toBe(true);
    const token = await apiLogin(email, PASSWORD);
    const list = (await api<Profile>('/user/profile', { token })).notificationPreferenceList;
    expect(list.find((p) => p.type === 'poll')?.channels).toEqual([]);
    expect(list.find((p) => p.type === 'meeting_reminder')?.channels).toEqual(['email']);
  });

  it('A4.31–A4.33 A3.27 A5.29 A8.36 adds an e-mail, confirms it by the mailed code, refuses it twice, makes it primary, removes it', async () => {
    const page = await openPage();
    await signIn(page);
    await page.goto('/account/connected-emails');
    const second = uniqueEmail('second');

    await page.getByTestId('add-email-input').fill('not-an-email');
    await page.getByTestId('add-email-submit').click();
    await page.getByText('Please enter a valid e-mail address').waitFor();

    await page.getByTestId('add-email-input').fill(second.toUpperCase());
    await page.getByTestId('add-email-submit').click();
    await page.getByTestId('email-code-form').waitFor();
    const mail = await waitForMail(second, /confirmation code is \d{6}/);
    const code = /confirmation code is (\d{6})/.exec(mail)?.[1] ?? '';
    await page.getByTestId('email-code-input').fill('12ab');
    expect(await page.getByTestId('email-code-input').inputValue()).toBe('12'); // A5.31 digits only
    await page.getByTestId('email-code-input').fill(code);
    await page.getByTestId('email-code-submit').click();
    await page.getByText('Your e-mail is confirmed.').waitFor();
    const row = page.getByTestId('email-row').filter({ hasText: second });
    await row.getByText('Connected').waitFor();
    await expectNoSeriousAxe(page, 'connected e-mails', { within: ACCOUNT_REGIONS });

    await page.getByTestId('add-email-input').fill(second);
    await page.getByTestId('add-email-submit').click();
    await page.getByText('This e-mail is already connected.').waitFor();

    // A4.32: the connected address becomes the login name, and back again.
    await row.getByTestId('email-make-primary').click();
    await page.getByText(`${second} is now your primary e-mail.`).waitFor();
    await row.getByText('Primary').waitFor();
    expect(
      await api<Profile & { username: string }>('/user/profile', { token: await apiLogin(second, PASSWORD) }),
    ).toMatchObject({ username: second });
    const first = page.getByTestId('email-row').filter({ hasText: email });
    await first.getByTestId('email-make-primary').click();
    await page.getByText(`${email} is now your primary e-mail.`).waitFor();
    await expect.poll(() => row.getByTestId('email-remove').count()).toBe(1);

    await row.getByTestId('email-remove').click();
    await page.getByRole('dialog').getByText(`Remove ${second} from your account?`).waitFor();
    await expectNoSeriousAxe(page, 'remove e-mail confirmation', { within: ACCOUNT_REGIONS });
    await page.getByTestId('email-remove-confirm').click();
    await page.getByText(`${second} is removed.`).waitFor();
    await expect.poll(() => page.getByTestId('email-row').filter({ hasText: second }).count()).toBe(0);
  });

  it('A2.92 E2.62 A5.33–A5.37 A5.34 E5.64 A8.34 uploads a photo cropped to a square, and refuses a file over 2 MB', async () => {
    const page = await openPage();
    await signIn(page);
    await page.goto('/account/profile');
    await page.getByTestId('photo-open').click();
    const input = page.getByTestId('photo-dropzone').locator('input[type=file]');

    await input.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(2 * 1024 * 1024 + 10),
    });
    await page.getByText('File is larger than 2 Mb.').waitFor();
    // A5.34: one file; two dropped at once are refused together.
    const twoFiles = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      for (const name of ['one.png', 'two.png'])
        data.items.add(new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' }));
      return data;
    });
    const zone = page.getByTestId('photo-dropzone');
    for (const type of ['dragenter', 'dragover', 'drop'])
      await zone.dispatchEvent(type, { dataTransfer: twoFiles });
    await page.getByText('Please choose one file.').waitFor();
    expect(await page.getByTestId('photo-preview').count()).toBe(0);

    const png = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 1200;
      canvas.height = 800;
      const context = canvas.getContext('2d');
      if (context) {
        context.fillStyle = '#2360b5';
        context.fillRect(0, 0, 1200, 800);
      }
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    });
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    await page.getByTestId('photo-preview').waitFor();
    await expectNoSeriousAxe(page, 'photo modal', { within: ACCOUNT_REGIONS });
    await page.getByTestId('photo-save').click();
    await page.getByText('Your photo is updated.').waitFor();

    const token = await apiLogin(email, PASSWORD);
    const path = (await api<Profile>('/user/profile', { token })).profilePhotoPath ?? '';
    expect(path).toMatch(/^\/uploads\/profile\/.+\.jpg$/);
    const size = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, path);
    expect(size).toEqual([700, 700]);
  });

  it('A5.21 A8.13 A8.15 shows its own text for a wrong old password', async () => {
    const page = await openPage();
    await signIn(page);
    await page.goto('/account/security');
    await page.getByTestId('password-submit').click();
    await page.getByText('Current password is required').waitFor();
    await page.getByTestId('password-old').fill('not-my-password');
    await page.getByTestId('password-new').fill('short');
    await page.getByTestId('password-submit').click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByTestId('password-new').fill('A-new-password-9');
    await page.getByTestId('password-submit').click();
    expect(await page.getByTestId('password-error').textContent()).toBe(
      'The current password is not correct.',
    );
    await expectNoSeriousAxe(page, 'security', { within: ACCOUNT_REGIONS });
  });

  it('A4.34 A5.32 deletes the account in two steps, with its password, and signs out', async () => {
    const doomed = uniqueEmail('delete');
    await signUpWithZone(doomed);
    const page = await openPage('mobile');
    await signIn(page, doomed);
    await page.goto('/account/security');
    await page.getByTestId('delete-open').click();
    await page.getByTestId('delete-word').fill('remove');
    await page.getByTestId('delete-next').click();
    await page.getByText('Type the word delete to continue').waitFor();
    await page.getByTestId('delete-word').fill('delete');
    await page.keyboard.press('Enter');
    // Issue 10: the word alone is not enough; a wrong password keeps the account.
    await page.getByText('Enter your password to continue').waitFor();
    await page.getByTestId('delete-password').fill('Not-my-password-1');
    await page.keyboard.press('Enter');
    await page.getByTestId('delete-confirm').waitFor();
    await page.getByTestId('delete-confirm').click();
    const refused = page.getByTestId('delete-error');
    await refused.waitFor();
    expect(await refused.textContent()).toBe('The password is not correct.');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByTestId('delete-password').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByTestId('delete-confirm').waitFor();
    await expectNoSeriousAxe(page, 'delete step 2', { within: ACCOUNT_REGIONS });
    await page.getByTestId('delete-confirm').click();
    await page.waitForURL('**/login');
    await expect(apiLogin(doomed, PASSWORD)).rejects.toThrow(/401|400|404/);
  });
});
