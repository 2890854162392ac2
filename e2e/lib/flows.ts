import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { baseURL, waitForMail } from './browser';

export const DEMO_PASSWORD = 'foyer-demo';
export const DEMO_LOGINS = {
  attendee: 'attendee@foyer.test',
  organizer: 'organizer@foyer.test',
  exhibitor: 'exhibitor@foyer.test',
} as const;
export const DEMO_EVENT_NAME = 'Foyer Demo Summit';
export const PAST_EVENT_NAME = 'Foyer Autumn Forum';

/** An address no earlier run used: the data dir is fresh per run, but tests in a run must not collide. */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${randomUUID().slice(0, 8)}@example.test`;
}

/** The same app under the demo event's domain label (A1.12): `http://demo.localhost:<port>`. */
export function demoURL(path = '/'): string {
  const url = new URL(path, baseURL());
  url.hostname = 'demo.localhost';
  return url.toString();
}

interface Envelope<T> {
  success: boolean;
  data: T;
  error?: { code: string; msg: string };
}

let caller = 0;

/** A new address for an arrangement call (the app trusts X-Forwarded-For in tests). */
export function callerAddress(): { 'x-forwarded-for': string } {
  caller++;
  return { 'x-forwarded-for': `10.${(caller >> 16) & 255}.${(caller >> 8) & 255}.${caller & 255}` };
}

/**
 * Calls the API directly (arrangement only; the flows under test go through the browser). Each call
 * comes from an address of its own, as the many people it stands for would: the per-address limits
 * (20 registrations a minute) are for a browser, and a fast machine made arrangement reach them.
 */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string; origin?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { ...callerAddress() };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${init.origin ?? baseURL()}/api/v1${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (!envelope.success) throw new Error(`${path} → ${res.status} ${JSON.stringify(envelope.error)}`);
  return envelope.data;
}

export async function demoEventId(): Promise<number> {
  const info = await api<{ event: { id: number } }>('/event/domain/demo');
  return info.event.id;
}

export async function apiLogin(username: string, password: string): Promise<string> {
  const result = await api<{ accessToken: string }>('/auth/login', { body: { username, password } });
  return result.accessToken;
}

/** The newest sign-up code mailed to `email` (the real SMTP server of the e2e setup). */
export async function signupCodeFor(email: string): Promise<string> {
  const mail = await waitForMail(email, /confirmation code is \d{6}/);
  const code = /confirmation code is (\d{6})/.exec(mail)?.[1];
  if (!code) throw new Error(`no sign-up code in the mail to ${email}`);
  return code;
}

/** Confirms a new account with its mailed code; answers its access token (it is logged in). */
export async function apiConfirmSignup(email: string): Promise<string> {
  const code = await signupCodeFor(email);
  const result = await api<{ accessToken: string }>('/auth/confirm-signup', {
    body: { username: email, code },
  });
  return result.accessToken;
}

/** Signs up through the API and confirms the e-mail: a verified account that can log in. */
export async function apiSignup(email: string, password: string): Promise<void> {
  await api('/user/signup', {
    body: { provider: 'cognito', name: 'Reset', surname: 'Tester', email, password, consent: true },
  });
  await apiConfirmSignup(email);
}

/**
 * Registers a new person for an event through the API (POST /event/register) and confirms the
 * mailed code, as every new account must: answers the access token of the verified account.
 */
export async function apiRegisterVerified(body: {
  eventId: number;
  email: string;
  password: string;
  [field: string]: unknown;
}): Promise<string> {
  await api('/event/register', { body: { consent: true, ...body } });
  return apiConfirmSignup(body.email);
}

/** A new attendee of an event, registered through the API with its e-mail confirmed (arrangement). */
export interface RegisteredAttendee {
  email: string;
  password: string;
  name: string;
  surname: string;
  fullName: string;
  token: string;
  participantId: number;
}

/**
 * Registers a new account for the event (POST /event/register) and confirms it; `tag` starts its
 * unique e-mail. Its first login still asks to confirm the time zone unless `timezone` is set here.
 */
export async function apiRegisterAttendee(
  eventId: number,
  o: { tag: string; name: string; surname: string; timezone?: string },
): Promise<RegisteredAttendee> {
  const email = uniqueEmail(o.tag);
  const password = 'Attendee-pass-1';
  const token = await apiRegisterVerified({
    eventId,
    name: o.name,
    surname: o.surname,
    email,
    password,
    fields: { industry: 'Health' },
  });
  if (o.timezone) {
    await api('/user/profile', { method: 'PUT', token, body: { action: 'timezone', timezone: o.timezone } });
  }
  const me = await api<{ id: number }>(`/event/participant/me?eventId=${eventId}`, { token });
  const fullName = `${o.name} ${o.surname}`;
  return { email, password, name: o.name, surname: o.surname, fullName, token, participantId: me.id };
}

/** Fills and submits the login form on the current page. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Path plus query of the page's URL, for asserting where a flow landed. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}
