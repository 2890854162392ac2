// First route's JavaScript, gzipped (issue 3 budget: ≤ 250 kB). Starts the built app on loopback,
// loads /login and the logged-out event-list redirect in Chromium, sums the gzip size of every script.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = resolve(import.meta.dirname, '..');
const port = 3900 + Math.floor(Math.random() * 90);
const dataDir = mkdtempSync(join(tmpdir(), 'foyer-bundle-'));
const server = spawn(join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    DATABASE_URL: '',
    REDIS_URL: '',
  },
  stdio: 'inherit',
});
try {
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {}
    if (i > 240) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
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
    console.log(`${(size / 1024).toFixed(1).padStart(7)} kB  ${new URL(url).pathname}`);
  }
  console.log(
    `| ${new Date().toISOString().slice(0, 10)} | first route JS (/login) | — | ${(total / 1024).toFixed(1)} kB gzipped in ${sizes.size} scripts | budget 250 kB |`,
  );
  await browser.close();
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
