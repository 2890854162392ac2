import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSentry, startFakeSentry } from './lib/app-server';
import { newContext, screenshot, type ViewportName } from './lib/browser';
import { useOwnApp } from './lib/own-app';

/** A screen whose code cannot load crashes the render like any other error would. */
async function crash(page: Page): Promise<void> {
  await page.route('**/assets/static-page-*.js', (route) => route.abort());
  const config = page.waitForResponse('**/api/v1/client-config');
  await page.goto('/faq');
  await page.getByTestId('crash-screen').waitFor();
  await config;
}

/** A2.64: the crash screen says the error was reported only when the reporting service took it. */
describe('crash reports in the browser', () => {
  let sentry: FakeSentry;
  beforeAll(async () => {
    sentry = await startFakeSentry();
  });
  afterAll(async () => {
    await sentry?.stop();
  });
  const own = useOwnApp(() => ({ SENTRY_DSN: sentry.dsn }));
  const withDsn = (viewport: ViewportName = 'desktop') => own.page(viewport, { cookieChoice: true });

  it('A2.64 without SENTRY_DSN loads no SDK and claims no report', async () => {
    const page = await own.track(await newContext(own.browser)).newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await crash(page);
    await page.getByTestId('crash-report-status').waitFor({ state: 'detached' });
    expect(await page.getByText('reported').count()).toBe(0);
    expect(scripts.filter((url) => url.includes('sentry'))).toEqual([]);

    await page.getByTestId('crash-feedback').click();
    await page.getByRole('dialog').getByLabel('What were you doing when the error appeared?').fill('Reading');
    await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
    await page.getByRole('dialog').getByText('Your note could not be sent.').waitFor();
    expect(sentry.envelopes).toEqual([]);
  });

  it('A2.64 with SENTRY_DSN sends the crash and the note, and says so only then', async () => {
    const page = await withDsn('mobile');
    await crash(page);
    const status = page.getByTestId('crash-report-status');
    await status.getByText('The error has been reported.').waitFor();
    expect(await status.getAttribute('data-outcome')).toBe('sent');
    const envelope = await sentry.waitForEnvelope('"type":"event"');
    expect(envelope).toMatch(/static-page/);
    expect(envelope).toContain(`${own.app.baseURL}/faq`);
    await screenshot(page, 'crash-reported-mobile');

    await page.getByTestId('crash-feedback').click();
    await page
      .getByRole('dialog')
      .getByLabel('What were you doing when the error appeared?')
      .fill('Opening the FAQ');
    await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
    await page.getByText('Thank you. Your note was sent with the error report.').waitFor();
    expect(await sentry.waitForEnvelope('Opening the FAQ')).toContain('"feedback":"Opening the FAQ"');
  });

  it('A2.64 with SENTRY_DSN but the service unreachable says the error could not be reported', async () => {
    const page = await withDsn('desktop');
    await page.route(`${new URL(sentry.dsn).origin}/**`, (route) => route.abort());
    await crash(page);
    const status = page.getByTestId('crash-report-status');
    await status.getByText('The error could not be reported.').waitFor();
    expect(await status.getAttribute('data-outcome')).toBe('failed');
    await screenshot(page, 'crash-not-reported-desktop');
  });

  it('A2.64 with SENTRY_DSN at 1280 px', async () => {
    const page = await withDsn('desktop');
    await crash(page);
    await page.getByTestId('crash-report-status').getByText('The error has been reported.').waitFor();
    await screenshot(page, 'crash-reported-desktop');
  });
});
