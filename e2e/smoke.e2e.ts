import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newContext } from './lib/browser';

describe('the running app', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('serves health with the embedded database', async () => {
    const res = await fetch(`${baseURL()}/api/v1/health`);
    // The e2e server sends through a real SMTP server, so mail is deliverable.
    expect(await res.json()).toEqual({
      success: true,
      data: { status: 'ok', database: 'pglite', mail: 'smtp' },
    });
  });

  it('A2.19 serves the SPA on unknown paths and 404s unknown API paths', async () => {
    const api = await fetch(`${baseURL()}/api/v1/does-not-exist`);
    expect(api.status).toBe(404);
    const context = await newContext(browser);
    const page = await context.newPage();
    const response = await page.goto('/some/unknown/path');
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.locator('#root').innerHTML()).not.toBe('');
    await context.close();
  });
});
