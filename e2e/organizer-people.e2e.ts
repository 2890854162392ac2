import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { browserPerSuite, newContext, waitForMail, withCookieChoice } from './lib/browser';
import { demoEventId, uniqueEmail } from './lib/flows';
import { demoLogin, signIn } from './lib/sign-in';

const expectGood = screenChecks('organizer-people');

/** The console's people area: list, search, export, invite by e-mail, and the invitee registering from the link. */
describe('organizer console: people in the browser', () => {
  const suite = browserPerSuite();

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`E5.61 E5.62 E8.43 lists, searches, exports and invites; the invitee registers from the mailed link (${viewport})`, async () => {
      const eventId = await demoEventId();
      const { context, page } = await signIn(suite.browser, demoLogin('organizer'), {
        viewport,
        landing: 'none',
      });
      suite.contexts.push(context);
      await page.goto(`/organizer/${eventId}/people`);
      await page.getByTestId('people-table').waitFor();
      expect(await page.getByTestId('people-row').count()).toBe(50);
      await expectGood(page, `list-${viewport}`);

      await page.getByTestId('people-search').fill('attendee@foyer.test');
      await expect.poll(() => page.getByTestId('people-row').count()).toBe(1);
      const download = page.waitForEvent('download');
      await page.getByTestId('people-export').click();
      expect((await download).suggestedFilename()).toMatch(/\.csv$/);

      await page.getByTestId('people-invite-open').click();
      await page.getByTestId('invite-submit').click();
      await page.getByText('E-mail is required').waitFor();
      await expectGood(page, `invite-errors-${viewport}`);
      const email = uniqueEmail(`invitee-${viewport}`);
      await page.getByTestId('invite-name').fill('Ivy');
      await page.getByTestId('invite-surname').fill('Invitee');
      await page.getByTestId('invite-email').fill(email);
      await page.locator('input[value="venue"]').check(); // E5.61: the demo event is hybrid
      await page.getByTestId('invite-submit').click();
      await page.getByText('Successfully invited participant.').waitFor();

      const mail = await waitForMail(email, /invite=/);
      const link = /(http\S+invite=[A-Za-z0-9_-]+)/.exec(mail)?.[1];
      expect(link).toBeTruthy();
      const guestContext = await withCookieChoice(await newContext(suite.browser, viewport));
      suite.contexts.push(guestContext);
      const guest: Page = await guestContext.newPage();
      await guest.goto(link as string);
      await guest.getByTestId('invite-for').waitFor();
      await expectGood(guest, `register-${viewport}`);
      expect(await guest.locator('input[type="email"]').first().inputValue()).toBe(email);
      await guest.getByTestId('reg-password').fill('Invited-2027');
      await guest.getByRole('checkbox').check();
      await guest.getByPlaceholder('Your industry').click();
      await guest.getByRole('option').first().click();
      await guest.getByTestId('reg-submit').click();
      await guest.getByTestId('registration-success').waitFor();

      // The invitee is now an active participant of the event.
      await page.getByTestId('people-search').fill(email);
      await expect
        .poll(async () => (await page.getByTestId('people-row').first().textContent()) ?? '')
        .toContain('Ivy');
    });
  }
});
