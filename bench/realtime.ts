/**
 * Realtime fan-out benchmark: the real server (in this process, on in-memory PGlite) and N real
 * socket.io clients (in a child process, so each side has a core) in rooms of ROOM_SIZE, while the
 * server publishes RATE records/s round-robin over the rooms for SECONDS. Each record is written to
 * the database, then pushed; latency is publish start → arrival at a client.
 *
 *   node_modules/.bin/tsx bench/realtime.ts
 *   BENCH_CLIENTS=2000 BENCH_RATE=200 BENCH_SECONDS=15 BENCH_ROOM_SIZE=10
 *
 * Loopback only, and it stops by itself (a hard limit ends it after 4 × SECONDS + 300 s). Each client
 * is one TCP connection on both sides: the open-file limit (`ulimit -n`) must exceed BENCH_CLIENTS
 * plus ~100 per process. Clients only send small subscribe requests, so the server's
 * maxHttpBufferSize (64 KiB) is no limit here; what the server pushes is not bounded by it.
 * Prints one markdown row for bench/RESULTS.md.
 */
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { RecordType, realtimeRoom } from '@foyer/contract';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrator';
import { signAccessToken } from '../apps/server/src/http/auth';
import { createMailer } from '../apps/server/src/mail/mailer';
import { eventRow } from '../apps/server/test/factories';
import { benchSocket } from './lib/bench-socket';
import { messagesOf } from './lib/child-messages';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ROOM_SIZE = Number(process.env.BENCH_ROOM_SIZE ?? 10);
const CONNECT_BATCH = 100;

const now = () => performance.timeOrigin + performance.now();

type ToWorker = { kind: 'start'; url: string; clients: { token: string; room: string }[] } | { kind: 'stop' };
type FromWorker =
  | { kind: 'ready'; connectMs: number; failed: number }
  | {
      kind: 'stats';
      received: number;
      p50: number;
      p99: number;
      max: number;
      firstAt: number;
      lastAt: number;
    };

// ---- the client side (child process) ----
async function worker(): Promise<void> {
  const send = (m: FromWorker) => process.send?.(m);
  const latencies: number[] = [];
  let firstAt = 0;
  let lastAt = 0;
  const sockets: ReturnType<typeof benchSocket>[] = [];
  // The parent ended (or was stopped): never outlive it.
  process.on('disconnect', () => process.exit(0));
  process.on('message', async (m: ToWorker) => {
    if (m.kind === 'stop') {
      for (const s of sockets) s.disconnect();
      const sorted = Float64Array.from(latencies).sort();
      const at = (p: number) => percentile(sorted, p);
      // Small on purpose, and the parent ends this process once it has it (see 'disconnect').
      send({
        kind: 'stats',
        received: sorted.length,
        p50: at(50),
        p99: at(99),
        max: at(100),
        firstAt,
        lastAt,
      });
      return;
    }
    const started = now();
    let failed = 0;
    for (let i = 0; i < m.clients.length; i += CONNECT_BATCH) {
      const batch = m.clients.slice(i, i + CONNECT_BATCH);
      await Promise.all(
        batch.map(async ({ token, room }) => {
          const socket = benchSocket(m.url, token);
          sockets.push(socket);
          socket.on('record', (record: { payload: { t: number } }) => {
            const at = now();
            latencies.push(at - record.payload.t);
            firstAt ||= at;
            lastAt = at;
          });
          try {
            await new Promise<void>((resolve, reject) => {
              socket.once('connect', resolve);
              socket.once('connect_error', reject);
            });
            const ack = await socket.timeout(30_000).emitWithAck('subscribe', { room });
            if (!ack.ok) throw new Error(ack.error.msg);
          } catch {
            failed++;
          }
        }),
      );
    }
    send({ kind: 'ready', connectMs: now() - started, failed });
  });
}

// ---- the server side (this process) ----
function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const nextMessage = messagesOf<FromWorker>();

async function main(): Promise<void> {
  const hardLimit = setTimeout(
    () => {
      console.error('bench/realtime: hard time limit reached, stopping');
      process.exit(2);
    },
    (4 * SECONDS + 300) * 1000,
  );
  hardLimit.unref();

  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'foyer-bench-')),
  });
  const database = await openDatabase({ dataDir: null });
  await migrateToLatest(database.db);
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, db: database.db });
  const app = await buildApp({
    config,
    db: database.db,
    dbKind: database.kind,
    mailer,
    now: () => new Date(),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;

  // Rooms are events of ROOM_SIZE participants: the real join policy (a participant lookup) runs.
  const db = database.db;
  const roomCount = Math.ceil(CLIENTS / ROOM_SIZE);
  const events = await db
    .insertInto('events')
    .values(Array.from({ length: roomCount }, (_, i) => eventRow(`Bench room ${i}`)))
    .returning('id')
    .execute();
  const clients: { token: string; room: string }[] = [];
  const roomSizes = new Map<string, number>();
  for (let start = 0; start < CLIENTS; start += 500) {
    const count = Math.min(500, CLIENTS - start);
    const users = await db
      .insertInto('users')
      .values(
        Array.from({ length: count }, (_, k) => ({
          username: `bench${start + k}@foyer.test`,
          name: 'Bench',
          surname: String(start + k),
          password_hash: null,
          timezone: null,
          ui_settings: '{}',
          notification_preferences: '[]',
          device_tokens: '[]',
        })),
      )
      .returning('id')
      .execute();
    const participants = users.map((u, k) => {
      const event = events[Math.floor((start + k) / ROOM_SIZE)];
      if (!event) throw new Error('room out of range');
      return { user: u.id, event: event.id };
    });
    await db
      .insertInto('participants')
      .values(
        participants.map((p) => ({
          event_id: p.event,
          user_id: p.user,
          email: `bench${p.user}@foyer.test`,
          name: 'Bench',
          surname: String(p.user),
          rights: '{}',
          fields: '{}',
          present: null,
        })),
      )
      .execute();
    for (const p of participants) {
      const room = realtimeRoom.event(p.event);
      roomSizes.set(room, (roomSizes.get(room) ?? 0) + 1);
      clients.push({ token: await signAccessToken(config.jwtSecret, { userId: p.user }), room });
    }
  }
  const rooms = [...roomSizes.keys()];

  const child = fork(fileURLToPath(import.meta.url), ['--clients'], { execArgv: ['--import', 'tsx'] });
  const ready = nextMessage(child, 'ready');
  child.send({ kind: 'start', url, clients } satisfies ToWorker);
  const readyMessage = (await ready) as Extract<FromWorker, { kind: 'ready' }>;
  console.error(
    `bench/realtime: ${CLIENTS - readyMessage.failed}/${CLIENTS} clients in ${rooms.length} rooms ` +
      `connected and subscribed in ${(readyMessage.connectMs / 1000).toFixed(1)} s; publishing ${RATE}/s for ${SECONDS} s`,
  );

  let published = 0;
  let expected = 0;
  let publishErrors = 0;
  const inFlight = new Set<Promise<unknown>>();
  const publishStart = now();
  const total = RATE * SECONDS;
  const progress = setInterval(() => {
    console.error(`bench/realtime: ${published} published, ${inFlight.size} in flight`);
  }, 5_000);
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((now() - publishStart) / 1000) * RATE));
      while (published < due) {
        const room = rooms[published % rooms.length] as string;
        published++;
        expected += roomSizes.get(room) ?? 0;
        const p = app.realtime
          .publish(room, RecordType.ChatMessage, { t: now() })
          .catch(() => publishErrors++)
          .finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
      if (published >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 5);
  });
  await Promise.all(inFlight);
  clearInterval(progress);
  const publishSeconds = (now() - publishStart) / 1000;
  console.error(`bench/realtime: published ${published} in ${publishSeconds.toFixed(1)} s`);
  await new Promise((r) => setTimeout(r, 2_000)); // let the last pushes land

  const statsPromise = nextMessage(child, 'stats');
  child.send({ kind: 'stop' } satisfies ToWorker);
  const stats = (await statsPromise) as Extract<FromWorker, { kind: 'stats' }>;
  child.disconnect();
  console.error(`bench/realtime: clients received ${stats.received}`);
  const deliverySeconds = (stats.lastAt - stats.firstAt) / 1000;
  const result =
    `${(published / publishSeconds).toFixed(0)} publishes/s, ` +
    `${(stats.received / deliverySeconds).toFixed(0)} deliveries/s, ` +
    `latency p50 ${stats.p50.toFixed(1)} ms, p99 ${stats.p99.toFixed(1)} ms, max ${stats.max.toFixed(1)} ms`;
  const notes =
    `${CLIENTS} clients (${readyMessage.failed} failed) in rooms of ${ROOM_SIZE}, ${RATE}/s for ${SECONDS} s; ` +
    `delivered ${stats.received}/${expected}${publishErrors ? `, ${publishErrors} publish errors` : ''}; ` +
    'server and clients in two processes on loopback';
  console.log(
    `| ${new Date().toISOString().slice(0, 10)} | realtime fan-out (socket.io) | PGlite | ${result} | ${notes} |`,
  );

  await app.close();
  await mailer.close();
  await database.close();
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
