import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { chromium } from 'playwright-core';
import { DEMO_ATTENDEE } from './web-app';

export interface LighthouseScore {
  /** 0–100, the performance category. */
  score: number;
  /** The lowest and highest score of the runs the median was taken from. */
  range: [number, number];
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  /** Requests Lighthouse saw for the page. */
  requests: number;
  warnings: string[];
  /** Lighthouse's measure of this machine's CPU (a high-end desktop ~1500–2000; its 4× assumes one). */
  benchmarkIndex: number;
}

/**
 * BENCH_LIGHTHOUSE_THROTTLING=network keeps the mobile profile's network (150 ms, 1.6 Mbit/s) with the
 * CPU unslowed; =cpu keeps its 4× CPU slowdown on a network without delay: which of the two a page's
 * times come from. Unset: the mobile profile as Lighthouse defines it.
 */
const MOBILE_NETWORK = { rttMs: 150, throughputKbps: 1638.4 };
const THROTTLING: Record<string, { rttMs: number; throughputKbps: number; cpuSlowdownMultiplier: number }> = {
  network: { ...MOBILE_NETWORK, cpuSlowdownMultiplier: 1 },
  cpu: { rttMs: 0, throughputKbps: 1_000_000, cpuSlowdownMultiplier: 4 },
};
const throttling = THROTTLING[process.env.BENCH_LIGHTHOUSE_THROTTLING ?? ''];

function audit(lhr: { audits: Record<string, { numericValue?: number }> }, id: string): number {
  return Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
}

/**
 * Lighthouse's default (mobile) profile with its simulated throttling, performance only, against
 * the Chromium listening on `port`. `keepSession` keeps cookies and storage (disableStorageReset), so
 * a signed-in screen can be measured; the cache must then be emptied beforehand (`emptyCache`).
 */
export async function runLighthouse(
  url: string,
  port: number,
  keepSession = false,
): Promise<LighthouseScore> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: keepSession,
    ...(throttling && { throttling }),
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // BENCH_LIGHTHOUSE_SAVE=dir keeps each report (its main-thread breakdown and LCP phases) to read.
  const saveDir = process.env.BENCH_LIGHTHOUSE_SAVE;
  if (saveDir) {
    const name = `${new URL(url).pathname.replace(/\W+/g, '-')}-${Date.now()}.json`;
    mkdirSync(saveDir, { recursive: true });
    writeFileSync(join(saveDir, name), JSON.stringify(lhr));
  }
  // BENCH_LANTERN=file: what the simulated LCP waited for, on stderr, and the run's trace in file.
  const lanternFile = process.env.BENCH_LANTERN;
  if (lanternFile) {
    printLanternLcp();
    writeFileSync(lanternFile, JSON.stringify(result.artifacts.Trace));
  }
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // A signed-in screen that sent the browser to /login would be measured as the login page.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`lighthouse ended on ${lhr.finalDisplayedUrl}, not ${url}`);
  const requests = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items
    ?.length;
  const score = Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100);
  return {
    score,
    range: [score, score],
    lcpMs: audit(lhr, 'largest-contentful-paint'),
    tbtMs: audit(lhr, 'total-blocking-time'),
    fcpMs: audit(lhr, 'first-contentful-paint'),
    requests: requests ?? 0,
    warnings: lhr.runWarnings,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

/**
 * The nodes of the last run's two simulated LCP graphs (Lighthouse's LCP is their mean), the last to
 * end first, with their simulated start and end: what the simulated LCP waited for. A request that
 * a task sent starts only when that whole task has ended (×4 at the mobile profile's CPU): the
 * trace shows what the task held.
 */
function printLanternLcp(): void {
  for (const [label, timings] of Lantern.Simulation.Simulator.allNodeTimings) {
    if (!/LargestContentfulPaint$/.test(label)) continue;
    const rows = [...timings].sort((a, b) => b[1].endTime - a[1].endTime);
    const end = rows[0]?.[1].endTime ?? 0;
    const network = rows.filter(([node]) => node.type === 'network').length;
    console.error(
      `lantern ${label}: ${Math.round(end)} ms, ${network} requests, ${rows.length - network} tasks`,
    );
    for (const [node, t] of rows) {
      const what =
        node.type === 'network'
          ? `${node.request.resourceType} ${node.request.url.replace(/^https?:\/\/[^/]+/, '')} ${Math.round(node.request.transferSize / 1024)} KiB`
          : `task ${Math.round((node.endTime - node.startTime) / 1000)} ms observed`;
      console.error(`  ${Math.round(t.startTime)}–${Math.round(t.endTime)} ms  ${what}`);
    }
  }
  Lantern.Simulation.Simulator.allNodeTimings.clear();
}

/**
 * One run of `runLighthouse` after `beforeEach`, run once more when Lighthouse asks for it: on a busy
 * machine its trace now and then misses the navigation's start (NO_NAVSTART, "Please run Lighthouse
 * again").
 */
export async function lighthouseRun(
  url: string,
  port: number,
  beforeEach?: () => Promise<void>,
  keepSession = false,
): Promise<LighthouseScore> {
  for (let attempt = 1; ; attempt++) {
    await beforeEach?.();
    try {
      return await runLighthouse(url, port, keepSession);
    } catch (error) {
      if (attempt >= 2 || !String(error).includes('NO_NAVSTART')) throw error;
      console.error(`lighthouse: ${url} had no navigation start in its trace; running it again`);
    }
  }
}

/**
 * `runs` runs of `runLighthouse`; the one with the median score, with the range of scores (the
 * machine's load moves single runs a lot; Lighthouse's own advice is a median of several).
 */
export async function medianLighthouse(
  url: string,
  port: number,
  runs: number,
  beforeEach?: () => Promise<void>,
  keepSession = false,
): Promise<LighthouseScore> {
  const results: LighthouseScore[] = [];
  for (let i = 0; i < runs; i++) results.push(await lighthouseRun(url, port, beforeEach, keepSession));
  results.sort((a, b) => a.score - b.score);
  const median = results[Math.floor(results.length / 2)] as LighthouseScore;
  return { ...median, range: [results[0]?.score ?? median.score, results.at(-1)?.score ?? median.score] };
}

/**
 * Logs the demo attendee in through the login form in the default context of the Chromium at
 * `endpoint`: its session (token and refresh cookie) stays there for Lighthouse.
 */
export async function loginForLighthouse(endpoint: string, baseURL: string): Promise<void> {
  const browser = await chromium.connectOverCDP(endpoint);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('chromium has no default context');
    await context.addCookies([{ name: 'cookieconsent_status', value: 'dismiss', url: baseURL }]);
    const page = await context.newPage();
    await page.goto(`${baseURL}/login`);
    await page.getByTestId('login-email').fill(DEMO_ATTENDEE.email);
    await page.getByTestId('login-password').fill(DEMO_ATTENDEE.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/event/list');
    await page.close();
  } finally {
    // Over CDP this only disconnects: the browser, its default context and cookies stay.
    await browser.close();
  }
}

/** Empties the browser cache of the Chromium at `endpoint`, keeping cookies and storage: a cold load. */
export async function emptyCache(endpoint: string): Promise<void> {
  const browser = await chromium.connectOverCDP(endpoint);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('chromium has no default context');
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await page.close();
  } finally {
    await browser.close();
  }
}

/** A one-heading HTML page on loopback: the floor Lighthouse's simulated mobile network gives any page. */
export async function startHelloPage(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Hello</title></head><body><h1>Hello, world</h1></body></html>',
    );
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
