import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  newContext,
  screenshot,
  seriousAxeViolations,
  settleAnimations,
  type ViewportName,
  withCookieChoice,
} from './browser';
import { api, apiRegisterVerified, submitLogin, uniqueEmail } from './flows';

/** A fresh attendee of the event (so favourites and the wizard do not clash between tests). */
export async function registerAttendee(
  eventId: number,
  name: string,
  surname: string,
): Promise<{ email: string; password: string; token: string; participantId: number }> {
  const email = uniqueEmail('attendees');
  const password = 'Attendee-pass-1';
  const token = await apiRegisterVerified({
    eventId,
    name,
    surname,
    email,
    password,
    fields: { industry: 'Health' },
  });
  const me = await api<{ id: number }>(`/event/participant/me?eventId=${eventId}`, { token });
  return { email, password, token, participantId: me.id };
}

/** Signs in through the login form; a new account confirms its time zone first (A4.24). */
export async function signIn(
  browser: Browser,
  viewport: ViewportName,
  email: string,
  password: string,
  options: { newAccount?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await withCookieChoice(await newContext(browser, viewport));
  const page = await context.newPage();
  await page.goto('/login');
  await submitLogin(page, email, password);
  await page.waitForURL('**/event/list');
  if (options.newAccount) await page.getByTestId('timezone-keep').click();
  return { context, page };
}

/** Waits until transitions end, so axe and screenshots see the final state. */
export async function settle(page: Page): Promise<void> {
  await settleAnimations(page);
}

/** Screenshot, no serious axe violations, no sideways scrolling. */
export async function expectGoodScreen(page: Page, name: string): Promise<void> {
  await settle(page);
  await screenshot(page, `attendees-${name}`);
  const violations = await seriousAxeViolations(page);
  expect(violations, `${name}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: horizontal overflow`).toBeLessThanOrEqual(0);
}

interface SearchAnswer {
  props: string[];
  results: unknown[][];
}

/** Cards of a search2 answer, as objects (E7.33). */
export async function searchCards(
  token: string,
  body: Record<string, unknown>,
): Promise<{ id: number; fullName: string; tags: string[]; canInvite: boolean }[]> {
  const answer = await api<SearchAnswer>('/event/participant/search2', { token, body });
  return answer.results.map(
    (row) =>
      Object.fromEntries(answer.props.map((p, i) => [p, row[i]])) as {
        id: number;
        fullName: string;
        tags: string[];
        canInvite: boolean;
      },
  );
}
