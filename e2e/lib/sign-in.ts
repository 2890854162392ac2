import { timezoneCheck } from '@foyer/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext, type ViewportName, withCookieChoice } from './browser';
import { callerAddress, DEMO_LOGINS, DEMO_PASSWORD, submitLogin } from './flows';

/** Who signs in: a demo login or an account a test registered. */
export interface Login {
  email: string;
  password: string;
}

/** A demo account of the seeded event (README, "Demo logins"). */
export function demoLogin(who: keyof typeof DEMO_LOGINS): Login {
  return { email: DEMO_LOGINS[who], password: DEMO_PASSWORD };
}

export interface SignInOptions {
  viewport?: ViewportName;
  /**
   * A new account is asked to confirm its time zone right after its first login (A4.24): `true`
   * answers it, `'if-asked'` answers it when the app's rule (A4.23–A4.27, read from the profile
   * before the form is sent) says it will be asked; demo accounts answered long ago (the default,
   * `false`).
   */
  newAccount?: boolean | 'if-asked';
  /** Where the login lands: the event list (default), or anywhere but the login page. */
  landing?: 'event-list' | 'anywhere';
  /** The browser's time zone, when a test needs one other than the default. */
  timezoneId?: string;
  /** The login page to start from (default /login). */
  loginPath?: string;
}

/** Logs in through the form on `page` and waits until it has landed (and the zone question is answered). */
export async function signInOnPage(page: Page, login: Login, options: SignInOptions = {}): Promise<void> {
  await page.goto(options.loginPath ?? '/login');
  const asked = options.newAccount === 'if-asked' ? await willBeAsked(page, login) : options.newAccount;
  await submitLogin(page, login.email, login.password);
  if ((options.landing ?? 'event-list') === 'event-list') await page.waitForURL('**/event/list');
  else await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const keep = page.getByTestId('timezone-keep');
  if (asked) {
    await keep.click();
    await keep.waitFor({ state: 'detached' });
    await zoneSaved(page);
  }
}

/**
 * Whether the app will ask this login about its time zone on this page: the app's own rule, on the
 * profile read from the server the page is on (a test may run a second app process).
 */
async function willBeAsked(page: Page, login: Login): Promise<boolean> {
  const server = new URL(page.url());
  // An event's label host (<label>.localhost) is loopback to the browser, unknown to Node's resolver.
  if (server.hostname.endsWith('.localhost')) server.hostname = '127.0.0.1';
  const origin = server.origin;
  const call = async <T>(path: string, options: { body?: unknown; token?: string } = {}): Promise<T> => {
    const headers: Record<string, string> = { ...callerAddress() };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await fetch(`${origin}/api/v1${path}`, {
      method: options.body === undefined ? 'GET' : 'POST',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const envelope = (await res.json()) as { success: boolean; data: T; error?: unknown };
    if (!envelope.success) throw new Error(`${path} → ${res.status} ${JSON.stringify(envelope.error)}`);
    return envelope.data;
  };
  const { accessToken } = await call<{ accessToken: string }>('/auth/login', {
    body: { username: login.email, password: login.password },
  });
  const profile = await call<{ timezone: string | null; uiSettings: { timezoneCheck?: TimezonePair } }>(
    '/user/profile',
    { token: accessToken },
  );
  const localTimezone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const decision = timezoneCheck({
    userTimezone: profile.timezone,
    localTimezone,
    skipped: profile.uiSettings.timezoneCheck ?? null,
  });
  return decision.action !== 'none';
}

type TimezonePair = { userTimezone: string; localTimezone: string };

/**
 * Until the zone the check saved for a new account (the device's) is on the server: a page load
 * before that would cut the request and ask again.
 */
async function zoneSaved(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      const token = localStorage.getItem('token');
      const response = await fetch('/api/v1/user/profile', { headers: { authorization: `Bearer ${token}` } });
      const body = (await response.json()) as { data?: { timezone?: string | null } };
      return Boolean(body.data?.timezone);
    },
    undefined,
    { polling: 100 },
  );
}

/** A new browser context (cookie choice made) signed in as `login`, with its page. */
export async function signIn(
  browser: Browser,
  login: Login,
  options: SignInOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await withCookieChoice(
    await newContext(
      browser,
      options.viewport ?? 'desktop',
      options.timezoneId ? { timezoneId: options.timezoneId } : {},
    ),
  );
  const page = await context.newPage();
  await signInOnPage(page, login, options);
  return { context, page };
}
