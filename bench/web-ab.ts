// Two builds of the web app compared on the same machine in the same minutes: cold loads of the
// attendee tab (signed in, phone-sized, CPU slowed 4× as Lighthouse's mobile profile), alternating
// A, B, A, B… so a busy moment of a shared machine falls on both. Prints the medians of the first
// card's time, the largest paint and the blocking time until the card (long tasks over 50 ms), and
// B's ratio to A. Lighthouse's own score moves ±5 between runs of one build on such a machine; this
// is how a change to the first screen's rendering is judged before its Lighthouse rows.
// BENCH_NETWORK=slow4g times the loads on an emulated slow 4G (150 ms, 1.6 Mbit/s; build both with
// `npm run build`'s compression, scripts/compress-dist.mjs, as the app serves them);
// BENCH_NETWORK=venue on a crowded venue's Wi-Fi (500 ms, 1 Mbit/s).
// BENCH_SLOWDOWN=1 times them at the machine's own speed (a fast phone: what waits on timers, not
// on work, shows there).
// BENCH_LIGHTHOUSE_RUNS=N adds N Lighthouse runs (mobile profile) of the tab per build, alternating
// likewise: medians of score, total blocking time and LCP.
// BENCH_FRONT=tls serves each build through HAProxy with TLS and HTTP/2, as docs/deploy.md deploys it
// (bench/lib/web-tls-front.ts; needs haproxy and openssl).
//   WEB_DIST_A=/tmp/dist-old WEB_DIST_B=/tmp/dist-new [BENCH_LOADS=10] node --import tsx bench/web-ab.ts
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startDebugChromium, startWebApp, type WebApp } from './lib/web-app';
import { type ColdLoadTiming, median, NETWORKS, timeColdLoad, visitAttendeeTab } from './lib/web-flow';
import { emptyCache, type LighthouseScore, lighthouseRun, loginForLighthouse } from './lib/web-lighthouse';
import { startTlsFront, TLS_FRONT_CHROMIUM_FLAG } from './lib/web-tls-front';

const LOADS = Math.max(0, Number(process.env.BENCH_LOADS ?? 10));
/** CPU slowdown of the timed loads: 4 as Lighthouse's mobile profile, BENCH_SLOWDOWN to change. */
const SLOWDOWN = Math.max(1, Number(process.env.BENCH_SLOWDOWN ?? 4));
const LIGHTHOUSE_RUNS = Math.max(0, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 0));
/** BENCH_NETWORK=slow4g or venue: the timed loads on an emulated network instead of loopback. */
const NETWORK = Object.hasOwn(NETWORKS, process.env.BENCH_NETWORK ?? '')
  ? NETWORKS[process.env.BENCH_NETWORK ?? '']
  : undefined;
const dists = { A: process.env.WEB_DIST_A, B: process.env.WEB_DIST_B };
if (!dists.A || !dists.B) throw new Error('set WEB_DIST_A and WEB_DIST_B to two builds');

const FRONT = process.env.BENCH_FRONT === 'tls';
const browserFlags = FRONT ? [TLS_FRONT_CHROMIUM_FLAG] : [];

/** startWebApp serves WEB_DIST: one server per build, each with its own demo data (and front). */
async function serve(dist: string): Promise<WebApp> {
  process.env.WEB_DIST = dist;
  const app = await startWebApp();
  if (!FRONT) return app;
  const front = await startTlsFront(app.baseURL).catch(async (error: unknown) => {
    await app.stop();
    throw error;
  });
  if (!front) {
    await app.stop();
    throw new Error('BENCH_FRONT=tls needs haproxy and openssl');
  }
  return {
    ...app,
    baseURL: front.baseURL,
    stop: async () => {
      await front.stop();
      await app.stop();
    },
  };
}

const apps = { A: await serve(dists.A), B: await serve(dists.B) };
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_FLAGS, ...browserFlags],
});
try {
  const sessions = {
    A: (await visitAttendeeTab(browser, apps.A.baseURL, apps.A.eventId, 'mobile')).session,
    B: (await visitAttendeeTab(browser, apps.B.baseURL, apps.B.eventId, 'mobile')).session,
  };
  const times: Record<'A' | 'B', ColdLoadTiming[]> = { A: [], B: [] };
  for (let i = 0; i < LOADS; i++) {
    for (const build of ['A', 'B'] as const) {
      const app = apps[build];
      times[build].push(
        await timeColdLoad(browser, `${app.baseURL}/event/${app.eventId}/attendees`, {
          slowdown: SLOWDOWN,
          network: NETWORK?.conditions,
          session: sessions[build],
          shownTestId: 'attendee-card',
        }),
      );
    }
  }
  const summary = (build: 'A' | 'B') => ({
    shown: median(times[build].map((t) => t.shownMs)),
    lcp: median(times[build].map((t) => t.lcpMs)),
    blocking: median(times[build].map((t) => t.blockingMs)),
  });
  if (LOADS > 0) {
    const a = summary('A');
    const b = summary('B');
    const row = (name: string, s: ReturnType<typeof summary>) =>
      `${name}: first card ${Math.round(s.shown)} ms, LCP ${Math.round(s.lcp)} ms, blocking until the card ${Math.round(s.blocking)} ms`;
    console.log(
      `attendee tab cold, ${SLOWDOWN}× CPU, ${NETWORK?.name ?? 'loopback'}, medians of ${LOADS} alternating loads each`,
    );
    console.log(row(`A ${dists.A}`, a));
    console.log(row(`B ${dists.B}`, b));
    console.log(
      `B/A: first card ×${(b.shown / a.shown).toFixed(2)}, LCP ×${(b.lcp / a.lcp).toFixed(2)}, blocking ×${(b.blocking / Math.max(1, a.blocking)).toFixed(2)}`,
    );
  }
  if (LIGHTHOUSE_RUNS > 0) await compareLighthouse();
} finally {
  await browser.close();
  await apps.A.stop();
  await apps.B.stop();
}

/** Lighthouse on each build's tab, alternating; both signed in in one debugging Chromium. */
async function compareLighthouse(): Promise<void> {
  const debug = await startDebugChromium(browserFlags);
  try {
    const runs: Record<'A' | 'B', LighthouseScore[]> = { A: [], B: [] };
    for (const build of ['A', 'B'] as const) await loginForLighthouse(debug.endpoint, apps[build].baseURL);
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      for (const build of ['A', 'B'] as const) {
        const app = apps[build];
        runs[build].push(
          await lighthouseRun(
            `${app.baseURL}/event/${app.eventId}/attendees`,
            debug.port,
            () => emptyCache(debug.endpoint),
            true,
          ),
        );
      }
    }
    const of = (build: 'A' | 'B') => ({
      score: median(runs[build].map((r) => r.score)),
      tbt: median(runs[build].map((r) => r.tbtMs)),
      lcp: median(runs[build].map((r) => r.lcpMs)),
      scores: runs[build].map((r) => r.score).join(', '),
    });
    const a = of('A');
    const b = of('B');
    console.log(`Lighthouse mobile, attendee tab, medians of ${LIGHTHOUSE_RUNS} alternating runs each`);
    for (const [name, s] of [
      [`A ${dists.A}`, a],
      [`B ${dists.B}`, b],
    ] as const)
      console.log(`${name}: score ${s.score} (runs ${s.scores}), TBT ${s.tbt} ms, LCP ${s.lcp} ms`);
    console.log(
      `B/A: score ×${(b.score / a.score).toFixed(2)}, TBT ×${(b.tbt / Math.max(1, a.tbt)).toFixed(2)}, LCP ×${(b.lcp / a.lcp).toFixed(2)}; CPU benchmark index ${runs.A[0]?.benchmarkIndex}`,
    );
  } finally {
    await debug.stop();
  }
}
