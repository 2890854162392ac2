import { timezoneCheck } from '@foyer/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseURL, DEFAULT_TIMEZONE, newContext, type ViewportName, withCookieChoice } from './browser';
import { api, callerAddress, DEMO_LOGINS, DEMO_PASSWORD, submitLogin } from './flows';

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
  /**
   * Where the login lands: the event list (default), or anywhere but the login page; or `'none'`:
   * the session is made through the API (the login call, the refresh cookie, the stored session, the
   * zone question answered as `newAccount` says) and no page is loaded, for a test whose subject is
   * not the login and whose next step opens its own page. A signed-in screen's cold load is ~3 s of
   * the 2-core CI machine's CPU, and the form's way costs two (/login, then the event list), which
   * also stays open in the background with its own socket.
   */
  landing?: 'event-list' | 'anywhere' | 'none';
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
  const { accessToken } = await api<{ accessToken: string }>('/auth/login', {
    body: { username: login.email, password: login.password },
    origin,
  });
  const profile = await api<UserProfileAnswer>('/user/profile', { token: accessToken, origin });
  const localTimezone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  return zoneQuestion(profile, localTimezone).action !== 'none';
}

type TimezonePair = { userTimezone: string; localTimezone: string };

type UserProfileAnswer = SessionUser & {
  uiSettings: { timezoneCheck?: TimezonePair };
};

/** The app's rule for the zone question after a login (A4.23–A4.27), on a profile and a device zone. */
function zoneQuestion(profile: UserProfileAnswer, localTimezone: string): ReturnType<typeof timezoneCheck> {
  return timezoneCheck({
    userTimezone: profile.timezone,
    localTimezone,
    skipped: profile.uiSettings.timezoneCheck ?? null,
  });
}

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
  const viewport = options.viewport ?? 'desktop';
  const storageState = options.landing === 'none' ? await apiSession(browser, login, options) : undefined;
  const context = await withCookieChoice(
    await newContext(browser, viewport, { timezoneId: options.timezoneId, storageState }),
  );
  const page = await context.newPage();
  if (options.landing !== 'none') await signInOnPage(page, login, options);
  return { context, page };
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

interface SessionUser {
  id: number;
  name: string;
  surname: string;
  username: string;
  timezone: string | null;
}

/**
 * What the login form leaves in a browser, made through the API: the refresh cookie (set by the login
 * call in a context of its own), and the token and user the app stores (lib/session-store.ts). When
 * `newAccount` asks it, the zone question is answered as "keep" would (timezone-check.tsx): a new
 * account takes the device's zone, an account in another zone remembers the pair.
 */
async function apiSession(browser: Browser, login: Login, options: SignInOptions): Promise<StorageState> {
  const scratch = await newContext(browser);
  try {
    const response = await scratch.request.post('/api/v1/auth/login', {
      data: { username: login.email, password: login.password },
      headers: callerAddress(),
    });
    const envelope = (await response.json()) as {
      success: boolean;
      data: { accessToken: string; user: SessionUser };
    };
    if (!envelope.success)
      throw new Error(`login of ${login.email} → ${response.status()} ${JSON.stringify(envelope)}`);
    const token = envelope.data.accessToken;
    let user = envelope.data.user;
    if (options.newAccount) {
      const profile = await api<UserProfileAnswer>('/user/profile', { token });
      const localTimezone = options.timezoneId ?? DEFAULT_TIMEZONE;
      const decision = zoneQuestion(profile, localTimezone);
      const answer =
        decision.action === 'setLocalAndAsk'
          ? { action: 'timezone', timezone: localTimezone }
          : decision.action === 'ask'
            ? {
                action: 'profile',
                name: profile.name,
                surname: profile.surname,
                uiSettings: { timezoneCheck: { userTimezone: profile.timezone, localTimezone } },
              }
            : null;
      if (answer)
        user = await api<UserProfileAnswer>('/user/profile', { method: 'PUT', body: answer, token });
    }
    const { id, name, surname, username, timezone } = user;
    const localStorage = [
      { name: 'token', value: token },
      { name: 'sessionUser', value: JSON.stringify({ id, name, surname, username, timezone }) },
      ...(timezone ? [{ name: 'timezone', value: timezone }] : []),
    ];
    const { cookies } = await scratch.storageState();
    return { cookies, origins: [{ origin: new URL(baseURL()).origin, localStorage }] };
  } finally {
    await scratch.close();
  }
}
