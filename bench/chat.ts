/**
 * Chat benchmark, end to end: N real socket.io clients in chat rooms of ROOM_SIZE members; one member
 * per room after another sends RATE messages/s over HTTP (POST /api/v1/chat/message: auth, membership,
 * insert, realtime record, push after commit) for SECONDS; every other member's client measures the
 * delivery latency (send start → arrival; one clock, the client process's). The server runs in this
 * process on PGlite in a temporary folder, as `npm start` runs it (or on BENCH_DATABASE_URL), the
 * clients in a child process. The event has BENCH_ATTENDEES participants in all (50,000, the clients
 * among them), and the row gives the server process's resident memory (RSS) with every client's
 * socket open, next to its RSS before they connected (with PGlite the database lives in that process
 * and counts too).
 *
 *   node_modules/.bin/tsx bench/chat.ts
 *   BENCH_CLIENTS=2000 BENCH_RATE=200 BENCH_SECONDS=15 BENCH_ROOM_SIZE=10 BENCH_ATTENDEES=50000
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node_modules/.bin/tsx bench/chat.ts
 *
 * Loopback only; it stops by itself. The open-file limit must exceed BENCH_CLIENTS plus ~100.
 * Prints one markdown row for bench/RESULTS.md.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type ChatMessage, ChatRecordType, realtimeRoom } from '@foyer/contract';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrator';
import { createMailer } from '../apps/server/src/mail/mailer';
import { benchSocket } from './lib/bench-socket';
import { type ChatClient, type ChatSeed, removeChatEvent, seedChatEvent } from './lib/chat-seed';
import { messagesOf } from './lib/child-messages';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ROOM_SIZE = Number(process.env.BENCH_ROOM_SIZE ?? 10);
/** Participants in the event, the clients included: a large conference. */
const ATTENDEES = Number(process.env.BENCH_ATTENDEES ?? 50_000);
const CONNECT_BATCH = 100;
const WARM_UP_MS = 3_000;
/** After the last send: how long the worker waits at most for the last pushes. */
const SETTLE_MS = 10_000;

const now = () => performance.timeOrigin + performance.now();
/** This process's resident set (the server, and its database when that is PGlite), in MB. */
const rssMb = () => process.memoryUsage().rss / 2 ** 20;

type Client = ChatClient;
type ToWorker =
  | { kind: 'seed'; dataDir: string; jwtSecret: string }
  | { kind: 'start'; url: string; clients: Client[] }
  | { kind: 'send' }
  | { kind: 'stop'; expected: number };
/** Percentiles of no sample are null: they cross the IPC channel as JSON, which has no NaN. */
type Stats = { count: number; p50: number | null; p99: number | null; max: number | null };
type FromWorker =
  | { kind: 'seeded'; seed: ChatSeed; seconds: number }
  | { kind: 'ready'; connectMs: number; failed: number }
  | { kind: 'sent'; sent: number; errors: number; seconds: number; http: Stats }
  | { kind: 'stats'; delivery: Stats; warm: Stats; firstAt: number; lastAt: number };

function summary(values: number[]): Stats {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) =>
    sorted.length === 0
      ? null
      : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? null);
  return { count: sorted.length, p50: at(50), p99: at(99), max: at(100) };
}

// ---- the client side (child process) ----
async function worker(): Promise<void> {
  const send = (m: FromWorker) => process.send?.(m);
  const deliveries: number[] = [];
  /** Deliveries of messages sent after the first WARM_UP_MS (JIT, pool and caches warm). */
  const warm: number[] = [];
  let sendStart = Number.POSITIVE_INFINITY;
  let firstAt = 0;
  let lastAt = 0;
  let url = '';
  let clients: Client[] = [];
  const sockets: ReturnType<typeof benchSocket>[] = [];
  process.on('disconnect', () => process.exit(0));

  async function connectAll(): Promise<void> {
    const started = now();
    let failed = 0;
    for (let i = 0; i < clients.length; i += CONNECT_BATCH) {
      await Promise.all(
        clients.slice(i, i + CONNECT_BATCH).map(async ({ token, roomId, participantId }) => {
          const socket = benchSocket(url, token);
          sockets.push(socket);
          socket.on('record', (record: { type: string; payload: ChatMessage }) => {
            if (record.type !== ChatRecordType.Message || record.payload.sndr === participantId) return;
            const at = now();
            const sentAt = Number(record.payload.msg);
            deliveries.push(at - sentAt);
            if (sentAt >= sendStart + WARM_UP_MS) warm.push(at - sentAt);
            firstAt ||= at;
            lastAt = at;
          });
          try {
            await new Promise<void>((resolve, reject) => {
              socket.once('connect', resolve);
              socket.once('connect_error', reject);
            });
            const ack = await socket
              .timeout(30_000)
              .emitWithAck('subscribe', { room: realtimeRoom.chatMessages(roomId) });
            if (!ack.ok) throw new Error(ack.error.msg);
          } catch {
            failed++;
          }
        }),
      );
    }
    send({ kind: 'ready', connectMs: now() - started, failed });
  }

  async function sendAll(): Promise<void> {
    // One sender per room, taking turns; a message's text is its send time.
    const senders = [...new Map(clients.map((c) => [c.roomId, c])).values()];
    const total = RATE * SECONDS;
    const http: number[] = [];
    const inFlight = new Set<Promise<void>>();
    let sent = 0;
    let errors = 0;
    const start = now();
    sendStart = start;
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        const due = Math.min(total, Math.floor(((now() - start) / 1000) * RATE));
        while (sent < due) {
          const sender = senders[sent % senders.length] as Client;
          sent++;
          const t = now();
          const p = fetch(`${url}/api/v1/chat/message`, {
            method: 'POST',
            headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ roomId: sender.roomId, msg: String(t) }),
          })
            .then(async (r) => {
              await r.arrayBuffer();
              if (!r.ok) errors++;
              http.push(now() - t);
            })
            .catch(() => {
              errors++;
            })
            .finally(() => inFlight.delete(p));
          inFlight.add(p);
        }
        if (sent >= total) {
          clearInterval(tick);
          resolve();
        }
      }, 5);
    });
    await Promise.all(inFlight);
    send({ kind: 'sent', sent, errors, seconds: (now() - start) / 1000, http: summary(http) });
  }

  async function settle(expected: number): Promise<void> {
    const deadline = now() + SETTLE_MS;
    while (deliveries.length < expected && now() < deadline) await new Promise((r) => setTimeout(r, 20));
  }

  process.on('message', (m: ToWorker) => {
    if (m.kind === 'seed') {
      void seed(m.dataDir, m.jwtSecret).then(send);
    } else if (m.kind === 'start') {
      url = m.url;
      clients = m.clients;
      void connectAll();
    } else if (m.kind === 'send') {
      void sendAll();
    } else {
      void settle(m.expected).then(() => {
        for (const s of sockets) s.disconnect();
        send({ kind: 'stats', delivery: summary(deliveries), warm: summary(warm), firstAt, lastAt });
      });
    }
  });
}

/**
 * The event, written by this (client) process: the server's memory is then what a server started on
 * an event of that size has, not the bulk load's (a closed PGlite does not give all of it back).
 */
async function seed(dataDir: string, jwtSecret: string): Promise<FromWorker> {
  const seeding = await openDatabase({ url: process.env.BENCH_DATABASE_URL, dataDir });
  await migrateToLatest(seeding.db);
  const started = Date.now();
  const seeded = await seedChatEvent(seeding.db, {
    clients: CLIENTS,
    roomSize: ROOM_SIZE,
    attendees: ATTENDEES,
    jwtSecret,
    label: 'chat',
  });
  await seeding.close();
  return { kind: 'seeded', seed: seeded, seconds: (Date.now() - started) / 1000 };
}

// ---- the server side (this process) ----
const next = messagesOf<FromWorker>();

async function main(): Promise<void> {
  setTimeout(
    () => {
      console.error('bench/chat: hard time limit reached, stopping');
      process.exit(2);
    },
    (4 * SECONDS + 300) * 1000,
  ).unref();

  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'foyer-bench-')),
  });
  // PGlite on disk under DATA_DIR, as `npm start` runs it (in memory the data would count in the RSS).
  const dataDir = join(config.dataDir, 'pglite');
  const child = fork(fileURLToPath(import.meta.url), ['--clients'], { execArgv: ['--import', 'tsx'] });
  const seedingDone = next(child, 'seeded');
  child.send({ kind: 'seed', dataDir, jwtSecret: config.jwtSecret } satisfies ToWorker);
  const { seed: seeded, seconds: seedSeconds } = await seedingDone;
  const { clients, roomCount } = seeded;

  const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, dataDir });
  const db = database.db;
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, db });
  const app = await buildApp({ config, db, dbKind: database.kind, mailer, now: () => new Date() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;
  console.error(
    `bench/chat: seeded ${Math.max(ATTENDEES, CLIENTS)} attendees (${CLIENTS} with an account, in ${roomCount} rooms) ` +
      `in ${seedSeconds.toFixed(1)} s (${database.kind})`,
  );
  // The server's resident memory, sampled from now on (the highest sample is the row's peak).
  const rssIdle = rssMb();
  let peakRss = rssIdle;
  setInterval(() => {
    peakRss = Math.max(peakRss, rssMb());
  }, 250).unref();

  const ready = next(child, 'ready');
  child.send({ kind: 'start', url, clients } satisfies ToWorker);
  const connected = await ready;
  console.error(
    `bench/chat: ${CLIENTS - connected.failed}/${CLIENTS} clients in ${roomCount} rooms connected and subscribed ` +
      `in ${(connected.connectMs / 1000).toFixed(1)} s; sending ${RATE} messages/s for ${SECONDS} s`,
  );
  const rssConnected = rssMb();
  // BENCH_PROFILE=<file>: a CPU profile of the server during the sending phase only.
  const profiler = process.env.BENCH_PROFILE ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const sentPromise = next(child, 'sent');
  child.send({ kind: 'send' } satisfies ToWorker);
  const sent = await sentPromise;
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(process.env.BENCH_PROFILE as string, JSON.stringify(profile));
  }
  const rssSent = rssMb();
  const expected = sent.sent * (ROOM_SIZE - 1);
  const statsPromise = next(child, 'stats');
  // The worker answers once every push landed (or after SETTLE_MS), then disconnects.
  child.send({ kind: 'stop', expected } satisfies ToWorker);
  const stats = await statsPromise;
  child.disconnect();

  const d = stats.delivery;
  /** A latency in ms, or "none" when nothing was measured (a run shorter than the warm-up, say). */
  const ms = (value: number | null) => (value === null ? 'none' : `${value.toFixed(1)} ms`);
  const rssWithSockets = Math.max(rssConnected, rssSent);
  const result =
    `${(sent.sent / sent.seconds).toFixed(0)} messages/s sent, ` +
    `${(d.count / ((stats.lastAt - stats.firstAt) / 1000)).toFixed(0)} deliveries/s, ` +
    `delivery p50 ${ms(d.p50)}, p99 ${ms(d.p99)}, max ${ms(d.max)} ` +
    `(after the first ${WARM_UP_MS / 1000} s: p50 ${ms(stats.warm.p50)}, p99 ${ms(stats.warm.p99)}); ` +
    `HTTP send p50 ${ms(sent.http.p50)}, p99 ${ms(sent.http.p99)}; ` +
    `server RSS ${rssWithSockets.toFixed(0)} MB with ${CLIENTS - connected.failed} sockets ` +
    `(peak ${peakRss.toFixed(0)} MB; ${rssIdle.toFixed(0)} MB before they connected: ${(rssWithSockets / rssIdle).toFixed(2)}×)`;
  const notes =
    `${CLIENTS} clients (${connected.failed} failed) in rooms of ${ROOM_SIZE}, ${RATE}/s for ${SECONDS} s; ` +
    `delivered ${d.count}/${expected}${sent.errors ? `, ${sent.errors} send errors` : ''}; one server process${
      database.kind === 'pglite' ? ' with its database (PGlite on disk, in a worker thread)' : ''
    } holding ${Math.max(ATTENDEES, CLIENTS)} attendees, clients in a second; ` +
    `load avg ${loadavg()
      .map((l) => l.toFixed(1))
      .join('/')}`;
  console.log(
    `| ${new Date().toISOString().slice(0, 10)} | chat end to end (HTTP send → socket.io) | ${database.kind} | ${result} | ${notes} |`,
  );

  await app.close();
  await mailer.close();
  if (process.env.BENCH_DATABASE_URL) await removeChatEvent(db, seeded);
  await database.close();
  rmSync(config.dataDir, { recursive: true, force: true });
  process.exit(0);
}

if (process.argv.includes('--clients')) {
  void worker();
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
