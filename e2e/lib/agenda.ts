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

/** A fresh attendee of the event, so agenda changes of one test do not show up in another. */
export async function registerAgendaAttendee(
  eventId: number,
  name: string,
): Promise<{ email: string; password: string; token: string; participantId: number }> {
  const email = uniqueEmail('agenda');
  const password = 'Agenda-pass-1';
  const token = await apiRegisterVerified({
    eventId,
    name,
    surname: 'Planner',
    email,
    password,

    fields: { industry: 'Health' },
  });
  const me = await api<{ id: number }>(`/event/participant/me?eventId=${eventId}`, { token });
  return { email, password, token, participantId: me.id };
}

/** Signs in through the form; a new account keeps its time zone first (A4.24). */
export async function signInAgenda(
  browser: Browser,
  viewport: ViewportName,
  email: string,
  password: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await withCookieChoice(await newContext(browser, viewport));
  const page = await context.newPage();
  await page.goto('/login');
  await submitLogin(page, email, password);
  await page.waitForURL('**/event/list');
  await page.getByTestId('timezone-keep').click();
  return { context, page };
}

/** Waits until transitions end, so axe and screenshots see the final state. */
export async function settleAgenda(page: Page): Promise<void> {
  await settleAnimations(page);
}

/** Screenshot, no serious axe violations, no sideways scrolling. */
export async function expectGoodAgendaScreen(page: Page, name: string): Promise<void> {
  await settleAgenda(page);
  await screenshot(page, `agenda-${name}`);
  const violations = await seriousAxeViolations(page);
  expect(violations, `${name}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: horizontal overflow`).toBeLessThanOrEqual(0);
}

export interface AgendaItemLike {
  type: string;
  id: number;
  name: string;
  isOffTime: boolean;
}

export async function agendaOf(token: string, eventId: number): Promise<AgendaItemLike[]> {
  return (await api<{ items: AgendaItemLike[] }>(`/event/agenda?eventId=${eventId}`, { token })).items;
}
