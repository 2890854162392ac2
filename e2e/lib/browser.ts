import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { WorkerApp } from './workers';

/** The app of this test file's worker (global-setup starts one per worker, lib/workers.ts). */
export function workerApp(): WorkerApp {
  const apps = inject('apps');
  const app = apps[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % apps.length];
  if (!app) throw new Error('global-setup started no app');
  return app;
}
export const baseURL = (): string => workerApp().baseURL;
export const ARTIFACTS = resolve(import.meta.dirname, '../artifacts');

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser the tests drive: CHROMIUM_PATH, else Debian's Chromium headless shell (package
 * chromium-headless-shell, scripts/ensure-chromium.sh), else Debian's Chromium. The shell is the same
 * Blink and V8 without the desktop browser around them: on the 2-core CI machine the meetings file
 * took 89 s of test time in it where full Chromium in headless mode took 121 s (the browser process
 * used 14 s of CPU instead of 43, the pages' renderers 58 s instead of 87).
 */
const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', FULL_CHROMIUM].find((path) => existsSync(path)) ??
  FULL_CHROMIUM;

export interface LaunchOptions {
  /** Flags for all of the browser's pages (a fake camera, say). */
  extraArgs?: string[];
  /**
   * Full Chromium: the headless shell keeps notifications denied whatever is granted, so the app
   * says push is blocked there (lib/web-push.ts in the web app).
   */
  notifications?: boolean;
}

/** Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: options.notifications ? FULL_CHROMIUM : CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // *.localhost resolves to loopback in Chromium; keep it explicit for demo.localhost (A2.41).
      '--host-resolver-rules=MAP *.localhost 127.0.0.1',
      ...(options.extraArgs ?? []),
    ],
  });
}

/** One Chromium for a describe block, and the contexts its tests open (closed after each test). */
export interface SuiteBrowser {
  readonly browser: Browser;
  readonly contexts: BrowserContext[];
}

/**
 * Called inside a `describe`: launches Chromium before its tests, closes each test's contexts after
 * it (push them to `contexts`) and the browser after the last one.
 */
export function browserPerSuite(options: LaunchOptions = {}): SuiteBrowser {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser(options);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => browser?.close());
  return {
    get browser() {
      if (!browser) throw new Error('browserPerSuite: the browser starts in beforeAll');
      return browser;
    },
    contexts,
  };
}

/** The browser's time zone in the tests, unless a test sets another. */
export const DEFAULT_TIMEZONE = 'Europe/Istanbul';

export function newContext(
  browser: Browser,
  viewport: ViewportName = 'desktop',
  options: { timezoneId?: string; storageState?: BrowserContextOptions['storageState'] } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: VIEWPORTS[viewport],
    baseURL: baseURL(),
    locale: 'en-US',
    timezoneId: options.timezoneId ?? DEFAULT_TIMEZONE,
    ...(options.storageState ? { storageState: options.storageState } : {}),
  });
}

/** Saves a PNG (full page unless told otherwise) under e2e/artifacts/screens, kept by CI as a test artifact. */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  const dir = join(ARTIFACTS, 'screens');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.bringToFront(); // a background tab draws slowly (settleAnimations)
  await page.screenshot({ path, fullPage: options.fullPage ?? true });
  return path;
}

/**
 * Waits until no finite animation or transition has run for 10 frames in a row, so screenshots and
 * axe see the end state (endless ones such as spinners are not waited for). Mantine's transitions
 * are CSS transitions, which getAnimations() lists only once they have started: a quiet run of
 * frames, not a single look, catches one that starts a frame after another ended. Frames slow down
 * with the machine, so this waits longer under load where a fixed sleep would not.
 */
export async function settleAnimations(page: Page): Promise<void> {
  // A page behind a newer one of its context is a background tab, though it says it is visible and
  // focused: Chromium gives it about one frame a second (ten quiet frames took 8 s, a screenshot 2 s
  // instead of 0.2). A screen is checked as the person looking at it sees it: in front.
  await page.bringToFront();
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let quiet = 0;
        const tick = () => {
          const running = document
            .getAnimations()
            .some(
              (a) =>
                a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
            );
          quiet = running ? 0 : quiet + 1;
          if (quiet >= 10) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: number;
  targets: string[];
}

/** Runs axe-core in the page; returns the serious and critical violations (WCAG 2.1 A/AA rules). */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // A dialog or drawer still fading in has half-transparent text: contrast is judged on the end state.
  await settleAnimations(page);
  // Evaluated over the DevTools protocol: the app's CSP (script-src 'self') blocks inline script tags.
  // Once per document: sending and compiling its 0.5 MB cost 0.2–0.4 s a check on the 2-core machine.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page at run time.
    const axe = (window as any).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map(
      (v: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.length,
        targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
      }),
    );
  });
  return (violations as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Waits for an e-mail to `to` at the test SMTP server and returns its decoded text. */
export async function waitForMail(to: string, match: RegExp, timeoutMs = 15_000): Promise<string> {
  const dir = workerApp().mailDir;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of readdirSync(dir)
      .filter((f) => !f.startsWith('.'))
      .sort()
      .reverse()) {
      const mail = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { to: string[]; raw: string };
      const text = decodeQuotedPrintable(mail.raw);
      if (mail.to.includes(to) && match.test(text)) return text;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} matching ${match} within ${timeoutMs} ms`);
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * A returning browser: the cookie choice already made (A2.60), on the plain and the demo host, so the
 * banner stays out of the way, and each event's profile wizard already offered on arrival (issue 15),
 * so a test's fresh attendee opens /event/{id}/ itself. `newcomer` keeps the wizard's first offer.
 */
export async function withCookieChoice(
  context: BrowserContext,
  options: { newcomer?: boolean } = {},
): Promise<BrowserContext> {
  if (!options.newcomer) await wizardAlreadyOffered(context);
  const url = new URL(baseURL());
  const demo = new URL(baseURL());
  demo.hostname = 'demo.localhost';
  await context.addCookies(
    [url, demo].map((u) => ({ name: 'cookieconsent_status', value: 'dismiss', url: u.origin })),
  );
  return context;
}

/** Each event's profile wizard counts as offered on arrival in this browser (issue 15). */
export async function wizardAlreadyOffered(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const key = 'wizardOfferedForEvents';
    try {
      if (localStorage.getItem(key) === null) {
        localStorage.setItem(key, JSON.stringify(Array.from({ length: 2000 }, (_, i) => i + 1)));
      }
    } catch {
      // about:blank and opaque origins have no storage
    }
  });
}
