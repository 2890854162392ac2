import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, startAppProcess, stopChild, waitUntil } from '../../e2e/lib/app-process';

const root = resolve(import.meta.dirname, '../..');

/** The demo attendee of the seeded event (README, "Demo logins"). */
export const DEMO_ATTENDEE = { email: 'attendee@foyer.test', password: 'foyer-demo' } as const;
/** The demo accounts' time zone: a browser in another one is asked to confirm the zone (A4.24). */
export const DEMO_TIMEZONE = 'Europe/Istanbul';

/** Debian's Chromium with the flags this closed network needs (the same as the browser tests). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface WebApp {
  baseURL: string;
  /** The seeded demo event's id. */
  eventId: number;
  stop(): Promise<void>;
}

/**
 * The built SPA served by the real server (as the browser tests run it): a fresh PGlite data dir with
 * the demo seed, mail to the outbox. WEB_DIST picks the build (default apps/web/dist).
 */
export async function startWebApp(): Promise<WebApp> {
  const webDist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(root, 'apps/web/dist');
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`no built SPA in ${webDist}: run \`npm run build\` first (or set WEB_DIST)`);
  }
  const { baseURL, stop } = await startAppProcess({
    env: { SEED_DEMO: 'true', WEB_DIST: webDist },
    stdout: 'ignore',
  });
  try {
    const res = await fetch(`${baseURL}/api/v1/event/domain/demo`);
    const body = (await res.json()) as { data?: { event?: { id?: number } } };
    const eventId = body.data?.event?.id;
    if (typeof eventId !== 'number') throw new Error(`no demo event: ${res.status}`);
    return { baseURL, eventId, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface DebugChromium {
  /** http://127.0.0.1:PORT, for connectOverCDP and Lighthouse's `port`. */
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Chromium with a remote-debugging port and a throw-away profile, for Lighthouse and playwright-core;
 * `extraFlags` after CHROMIUM_FLAGS.
 */
export async function startDebugChromium(extraFlags: readonly string[] = []): Promise<DebugChromium> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'foyer-bench-chromium-'));
  const child = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_FLAGS,
      ...extraFlags,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'ignore'], env: { ...process.env, TZ: DEMO_TIMEZONE } },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    // Chromium's helpers may still be writing the profile after it exits: a profile that cannot be
    // removed yet stays in the temporary folder rather than failing a finished bench.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch (error) {
      console.warn(`left ${profile}: ${(error as Error).message}`);
    }
  };
  try {
    await waitUntil('chromium', async () => (await fetch(`${endpoint}/json/version`)).ok, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { endpoint, port, stop };
}
