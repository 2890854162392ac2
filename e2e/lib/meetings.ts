import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  ARTIFACTS,
  newContext,
  seriousAxeViolations,
  settleAnimations,
  type ViewportName,
  withCookieChoice,
} from './browser';
import { api, apiRegisterVerified, submitLogin, uniqueEmail } from './flows';

/** A fresh attendee of an event, registered through the API (arrangement only). */
export interface Attendee {
  email: string;
  password: string;
  name: string;
  surname: string;
  fullName: string;
  token: string;
  participantId: number;
}

export async function registerAttendee(eventId: number, name: string, surname: string): Promise<Attendee> {
  const email = uniqueEmail(`meet-${name.toLowerCase()}`);
  const password = 'Meetings-pass-1';
  const token = await apiRegisterVerified({
    eventId,
    name,
    surname,
    email,
    password,
    fields: { industry: 'Health' },
  });
  const me = await api<{ id: number }>(`/event/participant/me?eventId=${eventId}`, { token });
  return { email, password, name, surname, fullName: `${name} ${surname}`, token, participantId: me.id };
}

/** A signed-in browser context for an attendee; a fresh account keeps its device time zone. */
export async function signIn(
  browser: Browser,
  who: Attendee,
  viewport: ViewportName,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await withCookieChoice(await newContext(browser, viewport));
  const page = await context.newPage();
  await page.goto('/login');
  await submitLogin(page, who.email, who.password);
  await page.waitForURL('**/event/list');
  const keep = page.getByTestId('timezone-keep');
  try {
    await keep.waitFor({ timeout: 5000 });
    await keep.click();
    await keep.waitFor({ state: 'detached' });
  } catch {
    // no time zone question for this account
  }
  return { context, page };
}

/** The status a meeting card shows (E4.14), for polling. */
export function cardStatus(scope: Page): Promise<string | null> {
  return scope.getByTestId('meeting-card').first().getAttribute('data-status');
}

export async function waitForStatus(page: Page, status: string, timeout = 15_000): Promise<void> {
  await expect.poll(() => cardStatus(page).catch(() => null), { timeout }).toBe(status);
}

/** Waits for animations to end, saves the screenshot, and asserts no serious axe findings or overflow. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  await settleAnimations(page);
  // What the person sees (the viewport): the pages underneath are long lists of other features.
  const dir = join(ARTIFACTS, 'screens');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `meetings-${name}.png`) });
  const violations = await seriousAxeViolations(page);
  expect(violations, `${name}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: horizontal overflow`).toBeLessThanOrEqual(0);
}

/** Seeded attendees (not booth staff, not organizers) to address requests to, via search2. */
export async function demoAttendeeIds(eventId: number, token: string, count: number): Promise<number[]> {
  const result = await api<{ props: string[]; results: unknown[][] }>('/event/participant/search2', {
    token,
    body: { eventId, length: 60 },
  });
  const col = (name: string) => result.props.indexOf(name);
  return result.results
    .filter((row) => row[col('boothId')] === null && row[col('organizer')] !== true)
    .map((row) => Number(row[col('id')]))
    .slice(0, count);
}
