import type { Page } from 'playwright-core';
import { demoURL, signupCodeFor } from './flows';

/** Registers on the demo event's own domain and confirms the mailed code (the session starts). */
export async function registerOnDemo(page: Page, person: { name: string; surname: string; email: string }) {
  await page.goto(demoURL('/registration'));
  await page.getByTestId('registration-form').waitFor();
  await page.getByTestId('reg-name').fill(person.name);
  await page.getByTestId('reg-surname').fill(person.surname);
  await page.getByTestId('reg-email').fill(person.email);
  await page.getByTestId('reg-password').fill('Newcomer-pass-1');
  await page.getByTestId('reg-field-0').click();
  await page.getByRole('option', { name: 'Education' }).click();
  await page.getByTestId('reg-consent').check();
  await page.getByTestId('reg-submit').click();
  await page.getByTestId('registration-success').waitFor();
  await page.getByTestId('confirm-signup-code').fill(await signupCodeFor(person.email));
  await page.getByTestId('confirm-signup-submit').click();
}

/** The event-profile wizard's first steps: company and job title, then what one offers and seeks. */
export async function wizardToCategories(
  page: Page,
  answers: { company: string; jobTitle: string; offer: string; seek: string },
) {
  const wizard = page.getByTestId('profile-wizard');
  await wizard.waitFor();
  await page.getByTestId('wizard-company').fill(answers.company);
  await page.getByTestId('wizard-job-title').fill(answers.jobTitle);
  await page.getByTestId('wizard-next').click();
  await wizard.and(page.locator('[data-step="offerSeek"]')).waitFor();
  await page.getByTestId('wizard-offer').fill(answers.offer);
  await page.getByTestId('wizard-seek').fill(answers.seek);
  await page.getByTestId('wizard-next').click();
  await wizard.and(page.locator('[data-step="participantType"]')).waitFor();
  await page.getByTestId('wizard-next').click();
  await wizard.and(page.locator('[data-step="categories"]')).waitFor();
}
