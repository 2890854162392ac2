import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { DEMO_ATTENDEE, DEMO_TIMEZONE } from './web-app';

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** The middle value (the upper one of an even count); 0 for none. */
export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface Loaded {
  url: string;
  type: string;
  /** Bytes on the wire (the server sends pre-compressed brotli or gzip). */
  transfer: number;
  /** The body gzipped at level 9 (scripts only), the unit of the bundle budgets. */
  gzip: number;
  /** When the page asked for it (ms since the epoch, as the request's timing reports it). */
  startedAt: number;
}

/** What one step of a visit loaded: every request the page made, scripts apart. */
export interface StepLoad {
  requests: number;
  scripts: number;
  scriptTransfer: number;
  scriptGzip: number;
  /** Requests by resource type (script, fetch, stylesheet, document, websocket, …). */
  byType: Record<string, number>;
  /** Every request: type, path and gzip size (scripts), scripts first, largest first. */
  list: { type: string; path: string; gzip: number }[];
}

/** Records the requests of a page; `take()` returns those since the last call, once the network is quiet. */
class RequestLog {
  private readonly loaded: Promise<Loaded | null>[] = [];
  private inflight = 0;
  private lastActivity = Date.now();
  private taken = 0;
  private marked: number | null = null;

  constructor(page: Page) {
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith('http') && !url.startsWith('ws')) return;
      this.lastActivity = Date.now();
      if (request.resourceType() === 'websocket') {
        this.loaded.push(
          Promise.resolve({ url, type: 'websocket', transfer: 0, gzip: 0, startedAt: Date.now() }),
        );
        return;
      }
      this.inflight += 1;
      this.loaded.push(this.settle(request));
    });
  }

  private async settle(request: Request): Promise<Loaded | null> {
    const seen = Date.now();
    const startedAt = () => {
      const start = request.timing().startTime;
      return start > 0 ? start : seen;
    };
    try {
      const response = await request.response();
      const type = request.resourceType();
      const sizes = await request.sizes().catch(() => null);
      let gzip = 0;
      if (type === 'script' && response) {
        const body = await response.body().catch(() => null);
        gzip = body ? gzipSync(body, { level: 9 }).length : 0;
      }
      return {
        url: request.url(),
        type,
        transfer: sizes?.responseBodySize ?? 0,
        gzip,
        startedAt: startedAt(),
      };
    } catch {
      return {
        url: request.url(),
        type: request.resourceType(),
        transfer: 0,
        gzip: 0,
        startedAt: startedAt(),
      };
    } finally {
      this.inflight -= 1;
      this.lastActivity = Date.now();
    }
  }

  /**
   * Notes what the screen needed before it showed: the requests the page made before `at` (ms since
   * the epoch, as the page saw its content appear), or else those made so far.
   */
  mark(at?: number): void {
    this.marked = at ?? Date.now();
  }

  /**
   * Waits until nothing has been in flight for `quietMs` (at most 15 s longer), then sums what was
   * loaded since the last call: all of it, and the part requested before the time `mark()` noted.
   */
  async take(quietMs = 750): Promise<{ all: StepLoad; shown: StepLoad }> {
    const deadline = Date.now() + quietMs + 15_000;
    while (Date.now() < deadline && (this.inflight > 0 || Date.now() - this.lastActivity < quietMs)) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const end = this.loaded.length;
    const items = (await Promise.all(this.loaded.slice(this.taken, end))).filter(
      (l): l is Loaded => l !== null,
    );
    const cut = this.marked ?? Number.POSITIVE_INFINITY;
    this.taken = end;
    this.marked = null;
    return { all: this.sum(items), shown: this.sum(items.filter((l) => l.startedAt <= cut)) };
  }

  private sum(items: Loaded[]): StepLoad {
    const scripts = items.filter((l) => l.type === 'script');
    const byType: Record<string, number> = {};
    for (const item of items) byType[item.type] = (byType[item.type] ?? 0) + 1;
    return {
      requests: items.length,
      scripts: scripts.length,
      scriptTransfer: scripts.reduce((sum, l) => sum + l.transfer, 0),
      scriptGzip: scripts.reduce((sum, l) => sum + l.gzip, 0),
      byType,
      list: sortList(items.map((l) => ({ type: l.type, path: new URL(l.url).pathname, gzip: l.gzip }))),
    };
  }
}

function sortList(list: StepLoad['list']): StepLoad['list'] {
  return list.sort((x, y) => Number(y.type === 'script') - Number(x.type === 'script') || y.gzip - x.gzip);
}

export function addLoads(a: StepLoad, b: StepLoad): StepLoad {
  const byType = { ...a.byType };
  for (const [type, n] of Object.entries(b.byType)) byType[type] = (byType[type] ?? 0) + n;
  return {
    requests: a.requests + b.requests,
    scripts: a.scripts + b.scripts,
    scriptTransfer: a.scriptTransfer + b.scriptTransfer,
    scriptGzip: a.scriptGzip + b.scriptGzip,
    byType,
    list: sortList([...a.list, ...b.list]),
  };
}

/** How long the network must stay quiet before a screen's loads are counted as complete. */
const LATE_LOADS_MS = 5_000;

export interface AttendeeVisit {
  /** Cold /login until its form is shown. */
  login: StepLoad;
  /** From pressing "log in" to the event list, then to the attendee tab, until the network is quiet. */
  afterLogin: StepLoad;
  /** A cold load of the attendee tab with the session kept (a later visit, empty cache), until quiet. */
  coldTab: StepLoad;
  /** The part of `coldTab` requested before the first attendee card showed. */
  coldTabShown: StepLoad;
  /** The signed-in session (token and cookies), for further cold loads. */
  session: Awaited<ReturnType<BrowserContext['storageState']>>;
}

/**
 * A first visit as the demo attendee, cold cache: /login, log in, land on the event list, open the
 * event's attendee tab (in-app navigation, as a click does), wait for the cards; then the same tab
 * loaded cold in a new context that keeps only the session (token and cookies).
 */
export async function visitAttendeeTab(
  browser: Browser,
  baseURL: string,
  eventId: number,
  viewport: ViewportName,
): Promise<AttendeeVisit> {
  const tabPath = `/event/${eventId}/attendees`;
  const consent = { name: 'cookieconsent_status', value: 'dismiss', url: baseURL };
  const options = { viewport: VIEWPORTS[viewport], baseURL, locale: 'en-US', timezoneId: DEMO_TIMEZONE };
  const context = await browser.newContext(options);
  await context.addCookies([consent]);
  const page = await context.newPage();
  const log = new RequestLog(page);
  await page.goto('/login');
  await page.getByTestId('login-email').waitFor();
  const login = (await log.take()).all;
  await page.getByTestId('login-email').fill(DEMO_ATTENDEE.email);
  await page.getByTestId('login-password').fill(DEMO_ATTENDEE.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/event/list');
  // In-app navigation (the router follows popstate), so nothing already loaded is fetched again.
  await page.evaluate(
    `history.pushState(null, '', ${JSON.stringify(tabPath)}); dispatchEvent(new PopStateEvent('popstate'))`,
  );
  await page.getByTestId('attendee-card').first().waitFor();
  const afterLogin = (await log.take()).all;
  // The session: the access token in localStorage, the refresh cookie.
  const storageState = await context.storageState();
  await context.close();

  const cold = await browser.newContext({ ...options, storageState });
  const coldPage = await cold.newPage();
  const coldLog = new RequestLog(coldPage);
  // The moment the first card is in the page, noted by the page itself: Playwright's wait for it
  // polls and returns later, by when the app may have asked for what it loads after the cards.
  await coldPage.addInitScript({
    content: `new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="attendee-card"]')) return;
      window.firstCardAt = performance.timeOrigin + performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });`,
  });
  await coldPage.goto(tabPath);
  await coldPage
    .getByTestId('attendee-card')
    .first()
    .waitFor()
    .catch(async (error: unknown) => {
      if (process.env.BENCH_VERBOSE) await coldPage.screenshot({ path: '/tmp/web-cold-tab.png' });
      throw error;
    });
  coldLog.mark((await coldPage.evaluate('window.firstCardAt')) as number | undefined);
  // Long enough for what the app loads once the screen has settled (drawers, modals: ~3 s later).
  const { all: coldTab, shown: coldTabShown } = await coldLog.take(LATE_LOADS_MS);
  await cold.close();
  return { login, afterLogin, coldTab, coldTabShown, session: storageState };
}

/** A throttled connection as Chromium emulates it (ms, bytes per second). */
export interface NetworkConditions {
  latency: number;
  downloadThroughput: number;
  uploadThroughput: number;
}

/** Lighthouse's mobile profile's network: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up. */
export const SLOW_4G: NetworkConditions = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** A crowded venue's Wi-Fi: long round trips (500 ms), 1 Mbit/s down, 0.5 up. */
export const VENUE_WIFI: NetworkConditions = {
  latency: 500,
  downloadThroughput: (1 * 1024 * 1024) / 8,
  uploadThroughput: (512 * 1024) / 8,
};

/** The networks a bench may emulate, by BENCH_NETWORK's value (none: loopback). */
export const NETWORKS: Record<string, { name: string; conditions: NetworkConditions }> = {
  slow4g: { name: 'slow 4G', conditions: SLOW_4G },
  venue: { name: 'venue Wi-Fi (500 ms, 1 Mbit/s)', conditions: VENUE_WIFI },
};

export interface ColdLoadTiming {
  /** From navigation start until `shownTestId` was in the page (else the largest paint), ms. */
  shownMs: number;
  /** The page's own largest-contentful-paint time, ms. */
  lcpMs: number;
  /** Until shown: the long tasks' time over 50 ms each (total blocking time's rule), ms. */
  blockingMs: number;
}

export interface ColdLoadOptions {
  /** CPU slowdown factor (Lighthouse's mobile profile: 4). */
  slowdown: number;
  /** The connection throttled as given; loopback when absent. */
  network?: NetworkConditions;
  /** A signed-in session (token and cookies) to keep; the cache is empty either way. */
  session?: AttendeeVisit['session'];
  /** What counts as shown: the first element with this test id. */
  shownTestId?: string;
}

/**
 * `url` loaded cold on a phone-sized screen with the CPU slowed and, with `network`, the connection
 * throttled: when it showed what the person came for, and its largest paint, measured in the
 * browser. The attendee tab (its first card) and a one-heading page are timed alike, as each other's
 * baseline.
 */
export async function timeColdLoad(
  browser: Browser,
  url: string,
  options: ColdLoadOptions,
): Promise<ColdLoadTiming> {
  const context = await browser.newContext({
    viewport: VIEWPORTS.mobile,
    locale: 'en-US',
    timezoneId: DEMO_TIMEZONE,
    storageState: options.session,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.slowdown });
    if (options.network)
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...options.network });
    await page.addInitScript(
      `window.__blocking = 0; new PerformanceObserver((list) => { for (const e of list.getEntries())
        window.__blocking += Math.max(0, e.duration - 50) }).observe({ type: 'longtask', buffered: true });`,
    );
    await page.goto(url);
    let shownMs: number | null = null;
    if (options.shownTestId) {
      await page.getByTestId(options.shownTestId).first().waitFor();
      shownMs = await page.evaluate(() => performance.now());
    }
    const blockingMs = await page.evaluate<number>('window.__blocking');
    // A string: the bench's TypeScript has no DOM types (the largest paint is in the browser's).
    const lcpMs = await page.evaluate<number>(
      `new Promise((resolve) => new PerformanceObserver((list) =>
        resolve(Math.max(...list.getEntries().map((entry) => entry.startTime)))
      ).observe({ type: 'largest-contentful-paint', buffered: true }))`,
    );
    return { shownMs: shownMs ?? lcpMs, lcpMs, blockingMs };
  } finally {
    await context.close();
  }
}
