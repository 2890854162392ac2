import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { launchBrowser } from './lib/browser';
import { apiSignup, uniqueEmail } from './lib/flows';
import { demoLogin, signIn } from './lib/sign-in';

const expectGood = screenChecks('organizer-programme');
const PASSWORD = 'Organizer-2027';

describe('organizer console: programme in the browser', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`rooms with capacity, sessions with a clash shown before saving, the day × room grid (${viewport})`, async () => {
      const email = uniqueEmail('programmer');
      await apiSignup(email, PASSWORD);
      let page: Page;
      ({ context, page } = await signIn(
        browser,
        { email, password: PASSWORD },
        { viewport, newAccount: 'if-asked', landing: 'none' },
      ));
      await page.goto('/organizer');
      await page.getByTestId('console-create').click();
      await page.getByTestId('event-name').fill('Programme Fest');
      await page.getByTestId('event-sdt').fill('2031-06-02T09:00');
      await page.getByTestId('event-edt').fill('2031-06-03T18:00');
      await page.getByTestId('event-create-submit').click();
      await page.waitForURL(/\/organizer\/\d+\/settings$/);
      const id = Number(/\/organizer\/(\d+)\//.exec(page.url())?.[1]);
      await page.goto(`/organizer/${id}/programme`);
      await page.getByTestId('programme-add-room').click();
      await page.getByTestId('room-name').fill('Hall A');
      await page.getByTestId('room-capacity').fill('0');
      await page.getByTestId('room-save').click();
      await page.getByText('Please enter a valid number').waitFor();
      await expectGood(page, `room-error-${viewport}`);
      await page.getByTestId('room-capacity').fill('80');
      await page.getByTestId('room-save').click();
      await page.getByTestId('programme-rooms').getByText('Hall A').waitFor();
      for (const [name, from, to] of [
        ['Keynote', '2031-06-02T09:00', '2031-06-02T10:00'],
        ['Workshop', '2031-06-02T09:30', '2031-06-02T11:00'],
      ] as const) {
        await page.getByTestId('programme-add-session').click();
        await page.getByTestId('session-name').fill(name);
        await page.getByTestId('session-sdt').fill(from);
        await page.getByTestId('session-edt').fill(to);
        await page.getByTestId('session-room').click();
        await page.getByRole('option', { name: 'Hall A' }).click();
        await page.getByTestId('session-capacity').fill('50');
        if (name === 'Workshop') {
          await page.getByTestId('session-clashes').waitFor();
          await expectGood(page, `clash-${viewport}`);
          await page.getByTestId('session-save').click();
          await page.getByText('tick "Save anyway"').waitFor();
          await page.getByTestId('session-allow-clash').click();
        }
        await page.getByTestId('session-save').click();
        await page.getByTestId('session-name').waitFor({ state: 'detached' });
      }
      await page.getByTestId('programme-grid').waitFor();
      await expect.poll(() => page.locator('[data-clash]').count()).toBe(2);
      await expectGood(page, `page-${viewport}`);
    });
  }

  it('the demo programme opens and its sessions edit (desktop)', async () => {
    let page: Page;
    ({ context, page } = await signIn(browser, demoLogin('organizer'), { landing: 'none' }));
    await page.goto('/organizer');
    await page.getByText('Foyer Demo Summit').first().click();
    await page.waitForURL(/\/organizer\/\d+/);
    const id = Number(/\/organizer\/(\d+)/.exec(page.url())?.[1]);
    await page.goto(`/organizer/${id}/programme`);
    await page.getByTestId('programme-grid').waitFor();
    await expectGood(page, 'demo-desktop');
    await page.getByTestId('programme-sessions').getByRole('button', { name: 'Edit' }).first().click();
    await page.getByTestId('session-name').waitFor();
    await expectGood(page, 'demo-edit');
  });
});
