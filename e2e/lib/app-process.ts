import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** A free TCP port on loopback (asked of the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port')),
      );
    });
  });
}

/** SIGTERM, then SIGKILL if the process has not exited in 5 s (it drains its outbox on SIGTERM). */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(forced);
}

/** Polls `check` every 250 ms until it is true; fails when the process exits or after 120 s. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  child: ChildProcess,
): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what}: process exited with ${child.exitCode}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not ready in 120 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export interface AppProcess {
  baseURL: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export interface AppProcessOptions {
  /** Extra environment (SMTP_URL, SEED_DEMO, SENTRY_DSN …); it wins over the defaults. */
  env?: Record<string, string>;
  /** The data directory; default a fresh temporary one, removed on stop. */
  dataDir?: string;
  /** Where the server's stdout goes; its stderr is always shown. */
  stdout?: 'inherit' | 'ignore';
}

/**
 * The real server (tsx apps/server/src/main.ts) on a free loopback port with the built SPA (WEB_DIST,
 * default apps/web/dist), embedded PGlite, no Redis, no mail unless `env` names an SMTP server.
 * Resolves once /api/v1/health answers.
 */
export async function startAppProcess(options: AppProcessOptions = {}): Promise<AppProcess> {
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'foyer-app-'));
  const child = spawn(join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      SENTRY_DSN: '',
      // The tests' arrangement calls stand for many people, each from an address of their own
      // (lib/flows.ts `api` says which); the browser's requests carry no such header.
      TRUST_PROXY: 'true',
      WEB_DIST: process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(root, 'apps/web/dist'),
      ...options.env,
    },
    stdio: ['ignore', options.stdout ?? 'inherit', 'inherit'],
  });
  const stop = async () => {
    await stopChild(child);
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntil('app server', async () => (await fetch(`${baseURL}/api/v1/health`)).ok, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, child, stop };
}
