// Where a cold attendee tab's time goes: the tab loaded cold with the session kept, phone-sized, CPU
// slowed 4× (as bench/web.ts part 3), printing when each request started and ended and the page's
// long tasks, in ms from navigation. With BENCH_CPU_PROFILE=file the second load's CPU profile is
// saved there (open it in Chromium's DevTools; an unminified build, `vite build --minify false`,
// keeps the component names). It also prints each Intl object that took 1 ms or more to make, and
// where: a page's first date, list or number formatter loads the language's data. With
// BENCH_TRACE=file the second load's Chromium trace is saved there, and the renderer's main-thread
// time until the largest paint is printed by kind (script, style, layout, paint, parsing…), the
// part a CPU profile shows only as "(program)". WEB_DIST picks the build.
//   WEB_DIST=/tmp/dist node --import tsx bench/web-trace.ts
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, DEMO_TIMEZONE, startWebApp } from './lib/web-app';
import { VIEWPORTS, visitAttendeeTab } from './lib/web-flow';

const SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const LOADS = 2;
const profileFile = process.env.BENCH_CPU_PROFILE;
const traceFile = process.env.BENCH_TRACE;
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
  'v8.execute',
  'disabled-by-default-v8.compile',
];

interface Trace {
  requests: [number, number, string][];
  longTasks: [number, number][];
  paints: [number, string][];
  intl: [number, number, string, string][];
}

const app = await startWebApp();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  const { session } = await visitAttendeeTab(browser, app.baseURL, app.eventId, 'mobile');
  for (let load = 1; load <= LOADS; load++) {
    const context = await browser.newContext({
      viewport: VIEWPORTS.mobile,
      locale: 'en-US',
      timezoneId: DEMO_TIMEZONE,
      storageState: session,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    // Strings: the bench's TypeScript has no DOM types.
    await page.addInitScript(
      `window.__longTasks = []; new PerformanceObserver((list) => { for (const e of list.getEntries())
        window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]) })
        .observe({ type: 'longtask', buffered: true });
      window.__paints = []; new PerformanceObserver((list) => { for (const e of list.getEntries())
        window.__paints.push([Math.round(e.startTime), e.name]) })
        .observe({ type: 'paint', buffered: true });
      new PerformanceObserver((list) => { for (const e of list.getEntries())
        window.__paints.push([Math.round(e.startTime), 'largest-contentful-paint ' + (e.element
          ? e.element.tagName.toLowerCase() + ' "' + (e.element.textContent || '').slice(0, 40) + '"'
          : '(removed)') + ' ' + e.size]) })
        .observe({ type: 'largest-contentful-paint', buffered: true });
      window.__intl = [];
      for (const name of ['DateTimeFormat', 'NumberFormat', 'PluralRules', 'Collator', 'RelativeTimeFormat',
          'ListFormat', 'Segmenter', 'DisplayNames']) {
        const Real = Intl[name];
        if (!Real) continue;
        const Timed = function (...args) {
          const start = performance.now();
          const made = new Real(...args);
          const took = performance.now() - start;
          if (took >= 1) window.__intl.push([Math.round(start), Math.round(took), name,
            (new Error().stack || '').split('\\n').slice(2, 4).map((l) => l.trim()).join(' < ')]);
          return made;
        };
        Timed.prototype = Real.prototype;
        Timed.supportedLocalesOf = Real.supportedLocalesOf;
        Intl[name] = Timed;
      }`,
    );
    const profiling = profileFile !== undefined && load === LOADS;
    if (profiling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const tracing = traceFile !== undefined && load === LOADS;
    if (tracing) await browser.startTracing(page, { path: traceFile, categories: TRACE_CATEGORIES });
    await page.goto(`${app.baseURL}/event/${app.eventId}/attendees`);
    await page.getByTestId('attendee-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    if (profiling) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(profileFile, JSON.stringify(profile));
    }
    const traced = tracing ? (await browser.stopTracing()).toString('utf8') : null;
    const trace = await page.evaluate<Trace>(
      `({ requests: performance.getEntriesByType('resource').map((e) =>
          [Math.round(e.startTime), Math.round(e.responseEnd), e.name.replace(location.origin, '')]),
        longTasks: window.__longTasks, paints: window.__paints, intl: window.__intl })`,
    );
    console.log(`load ${load} (CPU ${SLOWDOWN}× slower), ms from navigation:`);
    for (const [start, end, url] of trace.requests) console.log(`  ${start}–${end}  ${url}`);
    console.log(`  long tasks (start, ms): ${trace.longTasks.map(([s, d]) => `${s} (${d})`).join(', ')}`);
    for (const [at, what] of trace.paints) console.log(`  ${at}  ${what}`);
    const lcpAt = trace.paints.findLast(([, what]) => what.startsWith('largest-contentful-paint'))?.[0];
    if (traced !== null && lcpAt !== undefined) printMainThreadTime(JSON.parse(traced), lcpAt);
    // Intl objects that took ≥ 1 ms to make (the first one loads the language's data).
    for (const [at, took, what, where] of trace.intl)
      console.log(`  ${at} (${took} ms) new Intl.${what}  ${where}`);
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
}

/**
 * The page renderer's main-thread time from navigation to the largest paint (`lcpMs` after it, as
 * the page measured it), by event kind, each event's own time without the events inside it (a
 * layout forced by a script is layout, not script).
 */
function printMainThreadTime(trace: { traceEvents: TraceEvent[] }, lcpMs: number): void {
  const events = trace.traceEvents;
  const lcp = events.filter((e) => e.name === 'largestContentfulPaint::Candidate').at(-1);
  if (!lcp) {
    console.log('  trace: no largest paint');
    return;
  }
  const start = lcp.ts - lcpMs * 1000;
  const spans = events
    .filter((e) => e.pid === lcp.pid && e.tid === lcp.tid && e.ph === 'X' && e.dur !== undefined)
    .filter((e) => e.ts >= start && e.ts < lcp.ts)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const own = new Map<string, number>();
  const open: { event: TraceEvent; end: number }[] = [];
  for (const event of spans) {
    while (open.length > 0 && (open.at(-1)?.end ?? 0) <= event.ts) open.pop();
    const dur = event.dur ?? 0;
    const outer = open.at(-1);
    if (outer) own.set(outer.event.name, (own.get(outer.event.name) ?? 0) - dur);
    own.set(event.name, (own.get(event.name) ?? 0) + dur);
    open.push({ event, end: event.ts + dur });
  }
  const busy = [...own.values()].reduce((a, b) => a + b, 0);
  console.log(`  main thread until the largest paint (${lcpMs} ms): busy ${Math.round(busy / 1000)} ms`);
  for (const [name, us] of [...own].sort((a, b) => b[1] - a[1]).slice(0, 18))
    if (us >= 1000) console.log(`    ${String(Math.round(us / 1000)).padStart(5)} ms  ${name}`);
}
