import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenChecks } from './lib/a11y';
import { launchBrowser } from './lib/browser';
import { api, apiLogin, apiSignup, uniqueEmail } from './lib/flows';
import { addDietQuestion, saveReadableColour } from './lib/organizer';
import { signIn } from './lib/sign-in';

const expectGood = screenChecks('organizer');
const PASSWORD = 'Organizer-2027';

/** The organizer console in the browser (issue 12): a new account sets up an event from nothing. */
describe('organizer console in the browser', () => {
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

  async function newOrganizer(viewport: 'desktop' | 'mobile'): Promise<{ page: Page; email: string }> {
    const email = uniqueEmail('organizer');
    await apiSignup(email, PASSWORD);
    let page: Page;
    ({ context, page } = await signIn(
      browser,
      { email, password: PASSWORD },
      { viewport, newAccount: 'if-asked', landing: 'none' },
    ));
    return { page, email };
  }

  async function createEvent(page: Page, name: string, domain: string) {
    await page.goto('/organizer');
    await page.getByTestId('console-empty').waitFor();
    await page.getByTestId('console-create').click();
    await page.getByTestId('event-name').fill(name);
    await page.getByTestId('event-sdt').fill('2031-06-02T09:00');
    await page.getByTestId('event-edt').fill('2031-06-03T18:00');
    await page.getByTestId('event-domain').fill(domain);
    await page.getByTestId('event-create-submit').click();
    await page.waitForURL(/\/organizer\/\d+\/settings$/);
    await page.getByTestId('console-settings').waitFor();
    return Number(/\/organizer\/(\d+)\//.exec(page.url())?.[1]);
  }

  it('E5.02 a new account creates an event, brands it and builds its registration form (desktop)', async () => {
    const { page, email } = await newOrganizer('desktop');
    const domain = `e2e${Date.now().toString(36)}`;
    await page.goto('/organizer');
    await page.getByTestId('console-empty').waitFor();
    await expectGood(page, 'home-empty-1280');

    // The form refuses an end before the start, in words, before anything is sent.
    await page.getByTestId('console-create').click();
    await page.getByTestId('event-name').fill('Harbour Summit');
    await page.getByTestId('event-sdt').fill('2031-06-03T09:00');
    await page.getByTestId('event-edt').fill('2031-06-02T18:00');
    await page.getByTestId('event-create-submit').click();
    await page.getByText('The end must be after the start').waitFor();
    await expectGood(page, 'create-1280');

    const eventId = await createEvent(page, 'Harbour Summit', domain);
    expect(eventId).toBeGreaterThan(0);

    // Branding: a light colour is accepted with a warning naming the darker shade that will be used.
    const primary = page.getByTestId('settings-primary');
    await primary.fill('#ffd43b');
    await page
      .getByTestId('settings-contrast')
      .getByText(/hard to read/)
      .waitFor();
    await saveReadableColour(page, '#0b7285');

    // Registration form: one required choice question.
    await addDietQuestion(page);
    await expect
      .poll(
        async () =>
          (await api<{ event: { registrationForm: unknown[] } }>(`/event/${eventId}/public`)).event
            .registrationForm,
      )
      .toEqual([
        {
          fieldName: 'field1',
          label: 'Dietary needs',
          type: 'select',
          required: true,
          dataList: ['None', 'Vegetarian', 'Vegan'],
        },
      ]);
    // E5.02: the question may say "(required)" after its label on the registration form.
    await page.getByTestId('form-field-required-label').check();
    await page.getByTestId('settings-form-save').click();
    await expect
      .poll(
        async () =>
          (
            await api<{ event: { registrationForm: { requiredLabel?: boolean }[] } }>(
              `/event/${eventId}/public`,
            )
          ).event.registrationForm[0]?.requiredLabel,
      )
      .toBe(true);
    await expectGood(page, 'settings-1280');

    // The public page by domain label carries the branding.
    const byDomain = await api<{ event: { name: string; colors: { primary: string } } }>(
      `/event/domain/${domain}`,
    );
    expect(byDomain.event).toMatchObject({ name: 'Harbour Summit', colors: { primary: '#0b7285' } });

    // The console lists it with the owner role.
    await page.goto('/organizer');
    await expect.poll(() => page.getByTestId('console-event-card').count()).toBe(1);
    await expect(page.getByTestId('console-event-card').textContent()).resolves.toContain('Owner');
    expect(email).toContain('@');
  });

  it('the console fits a phone: create and settings at 375 px', async () => {
    const { page } = await newOrganizer('mobile');
    await createEvent(page, 'Pocket Forum', `m${Date.now().toString(36)}`);
    await expectGood(page, 'settings-375');
    await page.goto('/organizer');
    await page.getByTestId('console-event-card').waitFor();
    await expectGood(page, 'home-375');
  });
  it('A1.10 A7.41 an attendee looking at the event sees the organizer rename it, without reloading', async () => {
    const organizerEmail = uniqueEmail('renamer');
    await apiSignup(organizerEmail, PASSWORD);
    const organizerToken = await apiLogin(organizerEmail, PASSWORD);
    const event = await api<{ id: number }>('/organizer/event', {
      token: organizerToken,
      body: {
        name: 'Quayside Meetup',
        eventType: 'online',
        timezone: 'Europe/Istanbul',
        sdt: '2031-09-01T07:00:00.000Z',
        edt: '2031-09-01T15:00:00.000Z',
      },
    });
    const { page, email } = await newOrganizer('desktop'); // any new account: it joins the public event
    await api(`/event/${event.id}?attendEvent=true`, { token: await apiLogin(email, PASSWORD) });
    await page.goto(`/event/${event.id}/`);
    await page.getByRole('heading', { name: 'Quayside Meetup' }).first().waitFor();
    await api(`/organizer/event/${event.id}`, {
      method: 'PUT',
      token: organizerToken,
      body: { name: 'Quayside Summit' },
    });
    await page.getByRole('heading', { name: 'Quayside Summit' }).first().waitFor();
  });
});
