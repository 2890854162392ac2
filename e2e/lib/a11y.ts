import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { type AxeViolation, screenshot, seriousAxeViolations, settleAnimations } from './browser';

/** The accessibility and layout checks every screen of the browser tests passes. */

export interface ScreenCheckOptions {
  /** Only violations inside these regions (a CSS selector list) count: the shell around them has its own checks. */
  within?: string;
  /** Assert no sideways scrolling (default true). */
  overflow?: boolean;
  /** Screenshot the whole page (default) or what the person sees, when the page underneath is long. */
  screenshot?: 'full-page' | 'viewport';
}

/** Serious and critical axe violations (WCAG 2.1 A/AA) once animations ended, optionally only `within` regions. */
async function violationsOf(page: Page, within: string | undefined): Promise<AxeViolation[]> {
  const all = await seriousAxeViolations(page); // settles animations first
  if (!within) return all;
  const found: AxeViolation[] = [];
  for (const violation of all) {
    const ours = await page.evaluate(
      ({ targets, regions }) =>
        targets.some((target) => {
          try {
            return document.querySelector(target)?.closest(regions) != null;
          } catch {
            return true;
          }
        }),
      { targets: violation.targets, regions: within },
    );
    if (ours) found.push(violation);
  }
  return found;
}

/** Asserts no serious or critical axe violation on the page as it is now. */
export async function expectNoSeriousAxe(page: Page, name: string, options: ScreenCheckOptions = {}) {
  const violations = await violationsOf(page, options.within);
  expect(violations, `${name}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/** Asserts the page does not scroll sideways. */
export async function expectNoOverflow(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: horizontal overflow`).toBeLessThanOrEqual(0);
}

/**
 * Waits until animations end, saves a screenshot `name` under e2e/artifacts/screens, and
 * asserts no serious axe violation and no sideways scrolling.
 */
export async function expectGoodScreen(page: Page, name: string, options: ScreenCheckOptions = {}) {
  await settleAnimations(page);
  await screenshot(page, name, { fullPage: (options.screenshot ?? 'full-page') === 'full-page' });
  await expectNoSeriousAxe(page, name, options);
  if (options.overflow ?? true) await expectNoOverflow(page, name);
}

/** `expectGoodScreen` for one area: screenshots are named `${area}-${name}`. */
export function screenChecks(area: string, options: ScreenCheckOptions = {}) {
  return (page: Page, name: string) => expectGoodScreen(page, `${area}-${name}`, options);
}
