// Web performance (issue 13 goal 5). The built SPA served by the real server with the demo seed:
//  1. the demo attendee's first visit, cold cache: /login, log in, open the event's attendee tab;
//     requests and JavaScript counted (budget: ≤ 30 requests and ≤ 300 KiB JS, gzipped), per viewport;
//  2. Lighthouse (mobile profile, simulated throttling) on /login and on the attendee tab logged in
//     (budget: performance ≥ 90, LCP ≤ 2.5 s), beside a one-heading page measured in the same run.
//  3. the attendee tab loaded cold with the session kept, phone-sized, CPU slowed 4×, on loopback and
//     on an emulated slow 4G (BENCH_TAB_RUNS loads each, 5): when its first card shows and its
//     largest paint, timed in the browser (the medians), against the one-heading page loaded alike.
//     Part 2 runs again through the front docs/deploy.md puts before the app (HAProxy with TLS and
//     HTTP/2, a throw-away certificate; `bench/lib/web-tls-front.ts`), when haproxy and openssl are
//     installed: the rows "as deployed".
// WEB_DIST picks the build (default apps/web/dist). BENCH_LIGHTHOUSE=0 skips part 2;
// BENCH_LIGHTHOUSE_SAVE=dir keeps each Lighthouse report there; BENCH_LANTERN=file prints the nodes
// of each run's simulated LCP (what it waited for) and keeps the run's trace in file.
import os from 'node:os';
import { type Browser, chromium } from 'playwright-core';
import { hardTimeLimit } from './lib/bench-server';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startDebugChromium, startWebApp } from './lib/web-app';
import {
  addLoads,
  type ColdLoadOptions,
  median,
  SLOW_4G,
  type StepLoad,
  timeColdLoad,
  visitAttendeeTab,
} from './lib/web-flow';
import {
  emptyCache,
  type LighthouseScore,
  loginForLighthouse,
  medianLighthouse,
  startHelloPage,
} from './lib/web-lighthouse';
import { startTlsFront, TLS_FRONT_CHROMIUM_FLAG } from './lib/web-tls-front';

const BUDGET = { requests: 30, jsKiB: 300, score: 90, lcpMs: 2500 };
/** Lighthouse runs per page; the median one is reported (BENCH_LIGHTHOUSE_RUNS). */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const date = new Date().toISOString().slice(0, 10);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const ratio = (value: number, budget: number) => (value / budget).toFixed(2);

function describeLoad(what: string, step: StepLoad): string {
  const types = Object.entries(step.byType)
    .sort((a, b) => b[1] - a[1])
    .map(([type, n]) => `${n} ${type}`)
    .join(', ');
  return `${what}: ${step.requests} requests (${types}); JS ${step.scripts} files, ${kib(step.scriptGzip)} KiB gzipped, ${kib(step.scriptTransfer)} KiB on the wire`;
}

/** Cold loads of the tab timed in the browser, 4× CPU slowdown; medians (BENCH_TAB_RUNS). */
const TAB_RUNS = Math.max(1, Number(process.env.BENCH_TAB_RUNS ?? 5));
const SLOWDOWN = 4;

/** Medians of TAB_RUNS cold loads of `url` (and the shown times, for the row). */
async function medianColdLoad(browser: Browser, url: string, options: ColdLoadOptions) {
  const times = [];
  for (let i = 0; i < TAB_RUNS; i++) times.push(await timeColdLoad(browser, url, options));
  return {
    shownMs: median(times.map((t) => t.shownMs)),
    lcpMs: median(times.map((t) => t.lcpMs)),
    runs: times.map((t) => Math.round(t.shownMs)).join(', '),
  };
}

/** Part 3: the attendee tab and the one-heading page, each cold, on loopback and on slow 4G. */
async function printColdTabTimes(browser: Browser, session: ColdLoadOptions['session']): Promise<void> {
  const hello = await startHelloPage();
  try {
    for (const [label, network] of [
      ['loopback', undefined],
      ['slow 4G (150 ms, 1.6 Mbit/s)', SLOW_4G],
    ] as const) {
      const tab = await medianColdLoad(browser, `${app.baseURL}/event/${app.eventId}/attendees`, {
        slowdown: SLOWDOWN,
        network,
        session,
        shownTestId: 'attendee-card',
      });
      const floor = await medianColdLoad(browser, hello.url, { slowdown: SLOWDOWN, network });
      console.log(
        `| ${date} | attendee tab cold, ${SLOWDOWN}× CPU slowdown, ${label} (median of ${TAB_RUNS}) | Chromium ${browser.version()} | ` +
          `first card shown ${Math.round(tab.shownMs)} ms (runs ${tab.runs}), LCP ${Math.round(tab.lcpMs)} ms; ` +
          `one-heading page LCP ${Math.round(floor.lcpMs)} ms | LCP ×${ratio(tab.lcpMs, floor.lcpMs)} the one-heading page's, ` +
          `×${ratio(tab.lcpMs, BUDGET.lcpMs)} of ${BUDGET.lcpMs / 1000} s | load ${load()} |`,
      );
    }
  } finally {
    await hello.stop();
  }
}

hardTimeLimit('web', 900_000);
const app = await startWebApp();
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    for (const viewport of ['mobile', 'desktop'] as const) {
      const visit = await visitAttendeeTab(browser, app.baseURL, app.eventId, viewport);
      const whole = addLoads(visit.login, visit.afterLogin);
      console.log(describeLoad(`  ${viewport} /login`, visit.login));
      console.log(describeLoad(`  ${viewport} log in → attendee tab, until quiet`, visit.afterLogin));
      console.log(describeLoad(`  ${viewport} attendee tab cold, until shown`, visit.coldTabShown));
      console.log(describeLoad(`  ${viewport} attendee tab cold, until quiet`, visit.coldTab));
      if (process.env.BENCH_VERBOSE) {
        for (const [what, step] of [
          ['first visit', whole],
          ['cold tab, until shown', visit.coldTabShown],
          ['cold tab, until quiet', visit.coldTab],
        ] as const) {
          console.log(`  -- ${what}`);
          for (const s of step.list)
            console.log(`${kib(s.gzip).padStart(8)} KiB  ${s.type.padEnd(10)} ${s.path}`);
        }
      }
      if (viewport === 'mobile') await printColdTabTimes(browser, visit.session);
      const shown = visit.coldTabShown;
      const quiet = visit.coldTab;
      console.log(
        `| ${date} | attendee tab, cold cache, signed in (${viewport}) | Chromium ${browser.version()} | ` +
          `to show: ${shown.requests} requests, JS ${kib(shown.scriptGzip)} KiB gzipped in ${shown.scripts} files; ` +
          `until quiet: ${quiet.requests} requests, JS ${kib(quiet.scriptGzip)} KiB in ${quiet.scripts} files; ` +
          `first visit through /login: ${whole.requests} requests, JS ${kib(whole.scriptGzip)} KiB | ` +
          `budget ≤ ${BUDGET.requests} requests, ≤ ${BUDGET.jsKiB} KiB: to show ×${ratio(shown.requests, BUDGET.requests)} / ×${ratio(shown.scriptGzip / 1024, BUDGET.jsKiB)}, ` +
          `until quiet ×${ratio(quiet.requests, BUDGET.requests)} / ×${ratio(quiet.scriptGzip / 1024, BUDGET.jsKiB)} | load ${load()} |`,
      );
    }
  } finally {
    await browser.close();
  }

  if (process.env.BENCH_LIGHTHOUSE !== '0') {
    const debug = await startDebugChromium([TLS_FRONT_CHROMIUM_FLAG]);
    const chromeVersion =
      (
        (await (await fetch(`${debug.endpoint}/json/version`)).json()) as { Browser?: string }
      ).Browser?.replace(/^[^/]*\//, '') ?? '?';
    const hello = await startHelloPage();
    try {
      const row = (what: string, r: LighthouseScore, floor: LighthouseScore) =>
        `| ${date} | Lighthouse mobile ${what} (median of ${RUNS}) | Lighthouse 12.8.2, Chromium ${chromeVersion} | ` +
        `score ${r.score} (runs ${r.range[0]}–${r.range[1]}), LCP ${(r.lcpMs / 1000).toFixed(2)} s, TBT ${r.tbtMs} ms, FCP ${(r.fcpMs / 1000).toFixed(2)} s, ${r.requests} requests | ` +
        `budget score ≥ ${BUDGET.score} (×${ratio(r.score, BUDGET.score)}), LCP ≤ ${BUDGET.lcpMs / 1000} s (×${ratio(r.lcpMs, BUDGET.lcpMs)}); ` +
        `one-heading page: score ${floor.score}, LCP ${(floor.lcpMs / 1000).toFixed(2)} s, TBT ${floor.tbtMs} ms | ` +
        `Lighthouse's CPU benchmark index ${r.benchmarkIndex}; load ${load()} |`;
      const floor = await medianLighthouse(hello.url, debug.port, RUNS);
      const login = await medianLighthouse(`${app.baseURL}/login`, debug.port, RUNS);
      console.log(row('/login', login, floor));
      // Signed in once; before each run of the tab the cache is emptied (the session stays).
      await loginForLighthouse(debug.endpoint, app.baseURL);
      const tabUrl = `${app.baseURL}/event/${app.eventId}/attendees`;
      const tab = await medianLighthouse(tabUrl, debug.port, RUNS, () => emptyCache(debug.endpoint), true);
      console.log(row('attendee tab', tab, floor));
      const warnings = [...login.warnings, ...tab.warnings];
      const front = await startTlsFront(app.baseURL);
      if (front) {
        try {
          const deployed = ' as deployed (HAProxy: TLS, HTTP/2)';
          const frontLogin = await medianLighthouse(`${front.baseURL}/login`, debug.port, RUNS);
          console.log(row(`/login${deployed}`, frontLogin, floor));
          await loginForLighthouse(debug.endpoint, front.baseURL);
          const frontTab = await medianLighthouse(
            `${front.baseURL}/event/${app.eventId}/attendees`,
            debug.port,
            RUNS,
            () => emptyCache(debug.endpoint),
            true,
          );
          console.log(row(`attendee tab${deployed}`, frontTab, floor));
          warnings.push(...frontLogin.warnings, ...frontTab.warnings);
        } finally {
          await front.stop();
        }
      }
      for (const warning of new Set(warnings)) console.log(`  warning: ${warning}`);
    } finally {
      await hello.stop();
      await debug.stop();
    }
  }
} finally {
  await app.stop();
}
