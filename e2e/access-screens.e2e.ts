import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectNoOverflow, expectNoSeriousAxe } from './lib/a11y';
import {
  launchBrowser,
  newContext,
  screenshot,
  VIEWPORTS,
  type ViewportName,
  withCookieChoice,
} from './lib/browser';
import { demoEventId, demoURL } from './lib/flows';
import { demoLogin, signInOnPage } from './lib/sign-in';

interface Screen {
  name: string;
  /** Spec IDs the screen stands for, cited in the test name. */
  ids: string;
  /** A path on the main host, or a full URL (the branded demo host). */
  url: (eventId: number) => string;
  /** A test id that shows when the screen has finished loading. */
  ready: string;
  loggedIn?: boolean;
}

const SCREENS: Screen[] = [
  { name: 'login', ids: 'A2.16 A2.34 A2.35 A1.13', url: () => '/login', ready: 'login-form' },
  { name: 'registration', ids: 'A2.16 A5.06', url: () => '/registration', ready: 'registration-form' },
  {
    name: 'registration-simplereg',
    ids: 'A2.17 A2.18 A5.12',
    url: (id) => `/registration?type=simplereg&eventId=${id}`,
    ready: 'reg-city',
  },
  { name: 'preregister', ids: 'A1.02', url: () => '/preregister', ready: 'preregister-no-event' },
  { name: 'forgot-password', ids: 'A4.18', url: () => '/forgot-password', ready: 'forgot-password-form' },
  {
    name: 'forgot-password-confirm',
    ids: 'A5.19',
    url: () => '/forgot-password-confirm?username=x@y.io',
    ready: 'confirm-password-form',
  },
  {
    name: 'confirm-signup',
    ids: 'A5.30 A5.31',
    url: () => '/confirm-signup?username=x@y.io&code=123456',
    ready: 'confirm-signup-code',
  },
  {
    name: 'event-preregister',
    ids: 'A2.45',
    url: (id) => `/event-preregister?eventId=${id}`,
    ready: 'registration-form',
  },
  { name: 'demo-login', ids: 'A1.12 A2.38 A2.42', url: () => demoURL('/login'), ready: 'event-side-panel' },
  { name: 'event-list', ids: 'A2.04 A1.05', url: () => '/event/list', ready: 'event-card', loggedIn: true },
  { name: 'not-found', ids: 'A2.19', url: () => '/no/such/page', ready: 'not-found-back' },
];

const VIEWPORT_NAMES: ViewportName[] = ['mobile', 'desktop'];

describe('access screens: screenshots, accessibility and layout', () => {
  let browser: Browser;
  let eventId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    eventId = await demoEventId();
  });
  afterAll(async () => browser?.close());

  /** Waits until the screen is settled enough for a faithful screenshot and a fair axe run. */
  async function settle(page: Page, screen: Screen) {
    await page.getByTestId(screen.ready).first().waitFor();
    await page.getByTestId('page-loader').waitFor({ state: 'detached' });
    // Axe must not see half-faded elements: wait for Mantine transitions and web fonts.
    await page.evaluate(() => document.fonts.ready);
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    );
  }

  for (const screen of SCREENS) {
    for (const viewport of VIEWPORT_NAMES) {
      const { width } = VIEWPORTS[viewport];
      it(`${screen.ids} ${screen.name} at ${width} px has no serious accessibility violations`, async () => {
        const context = await withCookieChoice(await newContext(browser, viewport));
        try {
          const page = await context.newPage();
          if (screen.loggedIn) await signInOnPage(page, demoLogin('attendee'));
          await page.goto(screen.url(eventId));
          await settle(page, screen);
          await screenshot(page, `${screen.name}-${width}`);

          await expectNoSeriousAxe(page, screen.name);
          if (viewport === 'mobile') await expectNoOverflow(page, `${screen.name} at 375 px`);
        } finally {
          await context.close();
        }
      });
    }
  }
});
