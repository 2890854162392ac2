// First route's JavaScript, gzipped (issue 13 budget: ≤ 180 KiB; issue 3's was 250 kB). Starts the
// built app (WEB_DIST, default apps/web/dist) on loopback, loads /login in Chromium, sums the gzip
// size of every script it loaded. bench/web.ts measures the signed-in attendee tab and Lighthouse.
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startAppProcess } from '../e2e/lib/app-process';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/web-app';

const BUDGET_KIB = 180;
const app = await startAppProcess({ stdout: 'ignore' });
try {
  const base = app.baseURL;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const page = await (await browser.newContext()).newPage();
  const sizes = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body) sizes.set(response.url(), gzipSync(body, { level: 9 }).length);
  });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.getByTestId('login-email').waitFor();
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  for (const [url, size] of [...sizes].sort((a, b) => b[1] - a[1])) {
    console.log(`${(size / 1024).toFixed(1).padStart(7)} KiB  ${new URL(url).pathname}`);
  }
  const kib = total / 1024;
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  console.log(
    `| ${new Date().toISOString().slice(0, 10)} | first route JS (/login) | Chromium ${browser.version()} | ${kib.toFixed(1)} KiB gzipped in ${sizes.size} scripts | budget ${BUDGET_KIB} KiB: ×${(kib / BUDGET_KIB).toFixed(2)} | load ${load} |`,
  );
  await browser.close();
} finally {
  await app.stop();
}
