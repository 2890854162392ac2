// What one cold load of a signed-in screen costs in the browser tests' Chromium (Debian's headless
// shell, unthrottled): CPU per process kind (the page's renderer, the browser, the GPU process, the
// app server; /proc, so Linux only), the renderer's own script, style and layout time (the DevTools
// protocol's Performance metrics) and the time until the screen's first item shows. Medians of
// BENCH_LOADS (5) new contexts per screen and width, each keeping only the session, as a browser
// test's sign-in does. The browser leg of CI is mostly such loads (docs/decisions/028).
// BENCH_PROFILE=1 prints the last load's CPU profile as self time by script and by function;
// BENCH_SCREEN picks one screen ("event list", "attendee tab", "sessions tab"); BENCH_FLAGS adds
// Chromium flags (to try one).
//   npm run build && node --import tsx bench/cold-cpu.ts
import { readdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { DEMO_TIMEZONE, startWebApp } from './lib/web-app';
import { median, VIEWPORTS, visitAttendeeTab } from './lib/web-flow';

const SHELL = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const TICK_MS = 1000 / 100; // USER_HZ

function cpuByKind(): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
      let kind: string | undefined;
      if (cmd[0]?.includes('chrom'))
        kind = `chromium ${cmd.find((a) => a.startsWith('--type='))?.slice(7) ?? 'browser'}`;
      else if (cmd.some((a) => a.endsWith('apps/server/src/main.ts'))) kind = 'app server';
      if (kind) out.set(kind, (out.get(kind) ?? 0) + ms);
    } catch {
      // a process that ended
    }
  }
  return out;
}

const PROFILE = process.env.BENCH_PROFILE === '1';

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time of the last load's CPU profile by script and by function, in ms. */
function summarise(title: string, profile: CpuProfile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const byUrl = new Map<string, number>();
  const byFunction = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id);
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const url = frame?.url
      ? frame.url.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '')
      : (frame?.functionName ?? '?');
    if (url === '(idle)') return;
    byUrl.set(url, (byUrl.get(url) ?? 0) + ms);
    const fn = `${frame?.functionName || '(anonymous)'} ${url}:${frame?.lineNumber}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `    ${v.toFixed(0).padStart(6)} ms  ${k}`)
      .join('\n');
  console.log(`\n${title}: self time by script\n${top(byUrl, 12)}\n  by function\n${top(byFunction, 25)}`);
}

const app = await startWebApp();
const browser = await chromium.launch({
  executablePath: SHELL,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--no-first-run',
    ...(process.env.BENCH_FLAGS?.split(' ').filter(Boolean) ?? []),
  ],
});
try {
  const { session } = await visitAttendeeTab(browser, app.baseURL, app.eventId, 'desktop');
  const only = process.env.BENCH_SCREEN;
  const all: [string, string, string][] = [
    ['event list', '/event/list', 'event-card'],
    ['attendee tab', `/event/${app.eventId}/attendees`, 'attendee-card'],
    ['sessions tab', `/event/${app.eventId}/sessions`, 'session-title'],
  ];
  const screens = all.filter(([name]) => !only || name === only);
  for (const viewport of ['desktop', 'mobile'] as const) {
    for (const [name, path, testId] of screens) {
      const rows: Record<string, number[]> = {};
      const add = (key: string, value: number) => {
        rows[key] ??= [];
        rows[key].push(value);
      };
      for (let i = 0; i < LOADS; i++) {
        const before = cpuByKind();
        const t0 = Date.now();
        const context = await browser.newContext({
          viewport: VIEWPORTS[viewport],
          locale: 'en-US',
          timezoneId: DEMO_TIMEZONE,
          storageState: session,
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Performance.enable');
        const profiling = PROFILE && i === LOADS - 1;
        if (profiling) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
          await cdp.send('Profiler.start');
        }
        await page.goto(`${app.baseURL}${path}`);
        await page.getByTestId(testId).first().waitFor({ timeout: 30_000 });
        add('shown ms', Date.now() - t0);
        await page.waitForLoadState('networkidle');
        if (profiling) {
          const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
          summarise(`${name} (${viewport})`, profile);
        }
        const { metrics } = (await cdp.send('Performance.getMetrics')) as {
          metrics: { name: string; value: number }[];
        };
        for (const m of metrics) {
          if (/Duration$/.test(m.name)) add(`page ${m.name}`, Math.round(m.value * 1000));
          if (m.name === 'Nodes' || m.name === 'LayoutCount' || m.name === 'RecalcStyleCount')
            add(`page ${m.name}`, m.value);
        }
        const after = cpuByKind(); // before closing: the page's renderer ends with its context
        await context.close();
        for (const [kind, ms] of after) add(`cpu ${kind}`, ms - (before.get(kind) ?? 0));
      }
      console.log(`\n${name} (${viewport}), median of ${LOADS}`);
      for (const [key, values] of Object.entries(rows)) console.log(`  ${key.padEnd(36)} ${median(values)}`);
    }
  }
} finally {
  await browser.close();
  await app.stop();
}
