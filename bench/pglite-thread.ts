/**
 * Embedded PGlite in the server's thread vs in its own worker thread (apps/server/src/db/pglite-thread.ts),
 * both in one run, on the real server in this process and in-memory PGlite.
 *
 * 1. Cost of the hop: BENCH_QUERIES (10,000) sequential `SELECT 1` through Kysely, p50/p99 per mode.
 * 2. The stall: while this process runs a slow statement back to back through the server's database
 *    (`SELECT count(*) FROM generate_series(1, BENCH_SLOW_ROWS)`, 3,000,000 rows), a client process
 *    measures requests that do no database work, one at a time: GET /api/v1/client-config and a
 *    socket.io round trip (`unsubscribe` with an ack). The same with no slow statement is the idle
 *    baseline. The server's own event-loop delay (perf_hooks) is measured alongside.
 *
 *   node_modules/.bin/tsx bench/pglite-thread.ts      # BENCH_SECONDS=10: each mode, idle half + slow half
 *
 * Prints one markdown row for bench/RESULTS.md.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { REALTIME_PATH } from '@foyer/contract';
import { sql } from 'kysely';
import { io } from 'socket.io-client';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type PgliteThreadMode } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrator';
import { signAccessToken } from '../apps/server/src/http/auth';
import { createMailer } from '../apps/server/src/mail/mailer';
import { hardTimeLimit } from './lib/bench-server';
import { percentile } from './lib/http-load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 10_000);
const SLOW_ROWS = Number(process.env.BENCH_SLOW_ROWS ?? 3_000_000);
const PHASE_MS = (SECONDS * 1000) / 2;

interface Latencies {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}
type ToClient = { url: string; token: string; ms: number };
type FromClient = { http: Latencies; socket: Latencies };

function summary(samples: number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

// ---- the client side (child process): one request at a time on each channel ----
function client(): void {
  process.on('disconnect', () => process.exit(0));
  process.on('message', ({ url, token, ms }: ToClient) => {
    clientRun(url, token, ms).then(
      (result) => process.send?.(result),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

async function clientRun(url: string, token: string, ms: number): Promise<FromClient> {
  const socket = io(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth: { token },
    forceNew: true,
    reconnection: false,
    timeout: 120_000,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const until = performance.now() + ms;
  const http: number[] = [];
  const acks: number[] = [];
  await Promise.all([
    (async () => {
      while (performance.now() < until) {
        const start = performance.now();
        const res = await fetch(`${url}/api/v1/client-config`);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`client-config: ${res.status}`);
        http.push(performance.now() - start);
      }
    })(),
    (async () => {
      while (performance.now() < until) {
        const start = performance.now();
        await socket.timeout(120_000).emitWithAck('unsubscribe', { room: 'event:0' });
        acks.push(performance.now() - start);
      }
    })(),
  ]);
  socket.disconnect();
  return { http: summary(http), socket: summary(acks) };
}

function measure(child: ChildProcess, request: ToClient): Promise<FromClient> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the client process ended (${code})`));
    child.once('exit', onExit);
    child.once('message', (m: FromClient) => {
      child.off('exit', onExit);
      resolve(m);
    });
    child.send(request);
  });
}

// ---- the server side (this process) ----
interface ModeResult {
  mode: PgliteThreadMode;
  openMs: number;
  select1: Latencies;
  idle: FromClient & { loopP99: number };
  slow: FromClient & { loopP99: number; loopMax: number; statements: number; statementMs: number };
}

async function runMode(mode: PgliteThreadMode, child: ChildProcess): Promise<ModeResult> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'foyer-bench-')),
  });
  const opened = performance.now();
  const database = await openDatabase({ dataDir: null, pgliteThread: mode });
  const openMs = performance.now() - opened;
  await migrateToLatest(database.db);
  const db = database.db;
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, db });
  const app = await buildApp({ config, db, dbKind: database.kind, mailer, now: () => new Date() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;

  // 1. The hop: sequential SELECT 1 (after a warm-up).
  for (let i = 0; i < 500; i++) await sql`SELECT 1`.execute(db);
  const select1: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const start = performance.now();
    await sql`SELECT 1`.execute(db);
    select1.push(performance.now() - start);
  }

  const user = await db
    .insertInto('users')
    .values({
      username: 'bench@foyer.test',
      name: 'Bench',
      surname: 'Thread',
      password_hash: null,
      timezone: null,
      ui_settings: '{}',
      notification_preferences: '[]',
      device_tokens: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await signAccessToken(config.jwtSecret, { userId: user.id });

  const loop = monitorEventLoopDelay({ resolution: 5 });
  const loopMs = (ns: number) => ns / 1e6;

  // 2a. Idle baseline.
  loop.enable();
  const idleClient = await measure(child, { url, token, ms: PHASE_MS });
  loop.disable();
  const idle = { ...idleClient, loopP99: loopMs(loop.percentile(99)) };
  loop.reset();

  // 2b. The same while a slow statement runs back to back.
  let running = true;
  const durations: number[] = [];
  const slowLoop = (async () => {
    while (running) {
      const start = performance.now();
      await sql`SELECT count(*) FROM generate_series(1, ${SLOW_ROWS}::int)`.execute(db);
      durations.push(performance.now() - start);
      // As when a client sends the slow request again: the next one arrives through the event loop
      // (back to back in one promise chain, the thread would never get to its sockets at all).
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  loop.enable();
  const slowClient = await measure(child, { url, token, ms: PHASE_MS }).finally(() => {
    running = false;
  });
  loop.disable();
  await slowLoop;
  const slow = {
    ...slowClient,
    loopP99: loopMs(loop.percentile(99)),
    loopMax: loopMs(loop.max),
    statements: durations.length,
    statementMs: summary(durations).p50,
  };

  await app.close();
  await mailer.close();
  await database.close();
  return { mode, openMs, select1: summary(select1), idle, slow };
}

async function main(): Promise<void> {
  hardTimeLimit('bench/pglite-thread');
  const child = fork(fileURLToPath(import.meta.url), ['--client'], { execArgv: ['--import', 'tsx'] });
  const results: ModeResult[] = [];
  for (const mode of ['main', 'worker'] as const) {
    console.error(`bench/pglite-thread: ${mode} thread...`);
    const result = await runMode(mode, child);
    console.error(JSON.stringify(result));
    results.push(result);
  }
  child.disconnect();
  const [main, worker] = results as [ModeResult, ModeResult];
  const ms = (n: number) => n.toFixed(1);
  const us = (n: number) => (n * 1000).toFixed(0);
  const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
  const result =
    `under a ${ms(main.slow.statementMs)}/${ms(worker.slow.statementMs)} ms statement (main/worker): ` +
    `client-config p95 ${ms(main.slow.http.p95)} → ${ms(worker.slow.http.p95)} ms ` +
    `(${ratio(main.slow.http.p95, worker.slow.http.p95)} lower), ` +
    `socket.io ack p95 ${ms(main.slow.socket.p95)} → ${ms(worker.slow.socket.p95)} ms ` +
    `(${ratio(main.slow.socket.p95, worker.slow.socket.p95)}), ` +
    `event-loop delay p99 ${ms(main.slow.loopP99)} → ${ms(worker.slow.loopP99)} ms; ` +
    `cost: SELECT 1 p50 ${us(main.select1.p50)} → ${us(worker.select1.p50)} µs ` +
    `(${ratio(worker.select1.p50, main.select1.p50)}), p99 ${us(main.select1.p99)} → ${us(worker.select1.p99)} µs`;
  const notes =
    `idle baseline client-config p95 ${ms(main.idle.http.p95)}/${ms(worker.idle.http.p95)} ms, ` +
    `socket.io p95 ${ms(main.idle.socket.p95)}/${ms(worker.idle.socket.p95)} ms (main/worker); ` +
    `requests under load ${main.slow.http.count}/${worker.slow.http.count}, ` +
    `statements ${main.slow.statements}/${worker.slow.statements}; ` +
    `open ${(main.openMs / 1000).toFixed(1)}/${(worker.openMs / 1000).toFixed(1)} s; ` +
    `${QUERIES} × SELECT 1, ${SECONDS / 2} s per phase; load avg ${loadavg()[0]?.toFixed(1)}`;
  console.log(
    `| ${new Date().toISOString().slice(0, 10)} | PGlite thread (\`bench/pglite-thread.ts\`) | pglite | ${result} | ${notes} |`,
  );
  process.exit(0);
}

if (process.argv.includes('--client')) {
  client();
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
