import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type AppServer, startAppServer } from './app-server';
import { launchBrowser, VIEWPORTS, type ViewportName } from './browser';

export interface OwnApp {
  /** The app process of this file (started before the first test). */
  readonly app: AppServer;
  readonly browser: Browser;
  /** A page in a fresh context on this app, in English; the context is closed after the test. */
  page(viewport?: ViewportName, options?: { cookieChoice?: boolean }): Promise<Page>;
  /** Keeps a context made elsewhere (on the shared app) to close it after the test. */
  track(context: BrowserContext): BrowserContext;
}

/**
 * A browser and an app process of the file's own, for tests of a configuration the shared app does
 * not have (SENTRY_DSN, VITE_SUPPORT_WIDGET_URL): registers the hooks that start and stop both and
 * close each test's contexts. `env` is read when the app starts, after the `beforeAll` hooks the file
 * registered before calling this (a stand-in host they start can give its address).
 */
export function useOwnApp(env: () => Record<string, string>): OwnApp {
  let app: AppServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`${name} is used before beforeAll started it`);
    return value;
  };

  beforeAll(async () => {
    [browser, app] = await Promise.all([launchBrowser(), startAppServer(env())]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  const own: OwnApp = {
    get app() {
      return started(app, 'the app');
    },
    get browser() {
      return started(browser, 'the browser');
    },
    track(context) {
      contexts.push(context);
      return context;
    },
    async page(viewport = 'desktop', options = {}) {
      const { baseURL } = own.app;
      const context = own.track(
        await own.browser.newContext({ viewport: VIEWPORTS[viewport], baseURL, locale: 'en-US' }),
      );
      if (options.cookieChoice) {
        await context.addCookies([{ name: 'cookieconsent_status', value: 'allow', url: baseURL }]);
      }
      return context.newPage();
    },
  };
  return own;
}
