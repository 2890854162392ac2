import type { Page } from 'playwright-core';

/** Console steps more than one browser test takes (the settings page of /organizer/:eventId). */

/** Saves the branding section with `primary` once the contrast check calls it readable. */
export async function saveReadableColour(page: Page, primary: string): Promise<void> {
  await page.getByTestId('settings-primary').fill(primary);
  await page
    .getByTestId('settings-contrast')
    .getByText(/is readable/)
    .waitFor();
  await page.getByTestId('settings-branding-save').click();
  await page.getByText('Saved').first().waitFor();
}

/** Adds one required one-choice question "Dietary needs" (None, Vegetarian, Vegan) and saves the form. */
export async function addDietQuestion(page: Page): Promise<void> {
  await page.getByTestId('form-add-field').click();
  await page.getByTestId('form-field-label').fill('Dietary needs');
  await page.getByTestId('form-field-type').click();
  await page.getByRole('option', { name: 'One choice' }).click();
  await page.getByTestId('form-field-options').fill('None\nVegetarian\nVegan');
  await page.getByTestId('form-field-required').check();
  await page.getByTestId('settings-form-save').click();
}
