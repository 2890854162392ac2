import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { screenChecks } from './a11y';
import { launchBrowser, type ViewportName } from './browser';
import { DEMO_LOGINS, DEMO_PASSWORD, demoEventId } from './flows';
import { signIn } from './sign-in';

/** Set-up shared by the application shell's browser tests (shell-*.e2e.ts, issue "shell"). */

export interface ShellSuite {
  readonly browser: Browser;
  /** The demo event. */
  readonly eventId: number;
  /** The context of the current test; closed after each test. */
  context: BrowserContext | undefined;
  /**
   * A page signed in as `login` (a demo account unless a password is given) in a new context: on the
   * event list, or on no page yet with `landing: 'none'` (lib/sign-in.ts).
   */
  signedIn(
    viewport?: ViewportName,
    login?: string,
    options?: { timezoneId?: string; password?: string; landing?: 'none' },
  ): Promise<Page>;
}

/** Registers the hooks of a shell suite (one browser; one context per test) and returns its handle. */
export function shellSuite(): ShellSuite {
  let browser: Browser | undefined;
  let eventId: number | undefined;
  const suite: ShellSuite = {
    get browser() {
      if (!browser) throw new Error('the browser starts in beforeAll');
      return browser;
    },
    get eventId() {
      if (eventId === undefined) throw new Error('the demo event is looked up in beforeAll');
      return eventId;
    },
    context: undefined,
    async signedIn(viewport = 'desktop', login = DEMO_LOGINS.attendee, options = {}) {
      const session = await signIn(
        suite.browser,
        { email: login, password: options.password ?? DEMO_PASSWORD },
        {
          viewport,
          ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
          ...(options.landing ? { landing: options.landing } : {}),
        },
      );
      suite.context = session.context;
      return session.page;
    },
  };
  beforeAll(async () => {
    browser = await launchBrowser();
    eventId = await demoEventId();
  });
  afterAll(async () => browser?.close());
  afterEach(async () => {
    await suite.context?.close();
    suite.context = undefined;
  });
  return suite;
}

/** Two frames after `response` has come: what the app decides from it has rendered by then. */
export async function renderedAfter(page: Page, response: Promise<unknown>): Promise<void> {
  await response;
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** Drawers and modals animate for up to 500 ms (A2.85): the check waits for them to end. */
export const expectAccessible = screenChecks('shell');
