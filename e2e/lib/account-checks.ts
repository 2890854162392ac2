import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousAxeViolations } from './browser';

/** The regions these screens own; the shell around them has its own checks. */
const OWN_REGIONS = [
  '[data-testid="account-page"]',
  '[role="dialog"]',
  '[data-testid="static-header"]',
  '[data-testid="static-menu"]',
  '[data-testid="static-content"]',
  '[data-testid="cookie-banner"]',
  '[data-testid="crash-screen"]',
  '[data-testid="offline-notice"]',
].join(', ');

export async function expectNoSeriousAxe(page: Page, name: string) {
  // A modal fading in has low contrast for a moment: check what a person sees once it settles.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  const found = [];
  for (const violation of await seriousAxeViolations(page)) {
    const ours = await page.evaluate(
      ({ targets, regions }) =>
        targets.some((target) => {
          try {
            return document.querySelector(target)?.closest(regions) != null;
          } catch {
            return true;
          }
        }),
      { targets: violation.targets, regions: OWN_REGIONS },
    );
    if (ours) found.push(violation);
  }
  expect(found, `${name}: ${JSON.stringify(found, null, 2)}`).toEqual([]);
}
