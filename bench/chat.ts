/**
 * Chat benchmark, end to end: N real socket.io clients in chat rooms of ROOM_SIZE members; one member
 * per room after another sends RATE messages/s over HTTP (POST /api/v1/chat/message: auth, membership,
 * insert, realtime record, push after commit) for SECONDS; every other member's client measures the
 * delivery latency (send start → arrival; one clock, the client process's). The server runs in this
 * process on in-memory PGlite (or BENCH_DATABASE_URL), the clients in a child process.
 *
 *   node_modules/.bin/tsx bench/chat.ts
 *   BENCH_CLIENTS=2000 BENCH_RATE=200 BENCH_SECONDS=15 BENCH_ROOM_SIZE=10
 *
 * Loopback only; it stops by itself. The open-file limit must exceed BENCH_CLIENTS plus ~100.
 * Prints one markdown row for bench/RESULTS.md.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type ChatMessage, ChatRecordType, REALTIME_PATH, realtimeRoom } from '@foyer/contract';
import { io } from 'socket.io-client';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrator';
import { signAccessToken } from '../apps/server/src/http/auth';
import { createMailer } from '../apps/server/src/mail/mailer';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ROOM_SIZE = Number(process.env.BENCH_ROOM_SIZE ?? 10);
const CONNECT_BATCH = 100;
const WARM_UP_MS = 3_000;

const now = () => performance.timeOrigin + performance.now();

interface Client {
  token: string;
  roomId: number;
  participantId: number;
}
type ToWorker = { kind: 'start'; url: string; clients: Client[] } | { kind: 'send' } | { kind: 'stop' };
type Stats = { count: number; p50: number; p99: number; max: number };
type FromWorker =
  | { kind: 'ready'; connectMs: number; failed: number }
  | { kind: 'sent'; sent: number; errors: number; seconds: number; http: Stats }
  | { kind: 'stats'; delivery: Stats; warm: Stats; firstAt: number; lastAt: number };

function summary(values: number[]): Stats {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) =>
    sorted.length === 0
      ? Number.NaN
      : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
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
  const sockets: ReturnType<typeof io>[] = [];
  process.on('disconnect', () => process.exit(0));

  async function connectAll(): Promise<void> {
    const started = now();
    let failed = 0;
    for (let i = 0; i < clients.length; i += CONNECT_BATCH) {
      await Promise.all(
        clients.slice(i, i + CONNECT_BATCH).map(async ({ token, roomId, participantId }) => {
          const socket = io(url, {
            path: REALTIME_PATH,
            transports: ['websocket'],
            auth: { token },
            forceNew: true,
            reconnection: false,
          });
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

  process.on('message', (m: ToWorker) => {
    if (m.kind === 'start') {
      url = m.url;
      clients = m.clients;
      void connectAll();
    } else if (m.kind === 'send') {
      void sendAll();
    } else {
      for (const s of sockets) s.disconnect();
      send({ kind: 'stats', delivery: summary(deliveries), warm: summary(warm), firstAt, lastAt });
    }
  });
}

// ---- the server side (this process) ----
function next<K extends FromWorker['kind']>(
  child: ChildProcess,
  kind: K,
): Promise<Extract<FromWorker, { kind: K }>> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the client process ended early (${code})`));
    const onMessage = (m: FromWorker) => {
      if (m.kind !== kind) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m as Extract<FromWorker, { kind: K }>);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

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
  const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, dataDir: null });
  await migrateToLatest(database.db);
  const db = database.db;
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, db });
  const app = await buildApp({ config, db, dbKind: database.kind, mailer, now: () => new Date() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;

  const day = new Date('2030-01-01T09:00:00Z');
  const event = await db
    .insertInto('events')
    .values({
      name: `Chat bench ${Date.now()}`,
      event_type: 'online',
      start_date: day,
      real_sdt: day,
      real_edt: day,
      registration_form: '[]',
      images: '{}',
      colors: '{}',
      pages: '{}',
      tabs: '[]',
      translation: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const clients: Client[] = [];
  const stamp = Date.now();
  for (let start = 0; start < CLIENTS; start += 500) {
    const count = Math.min(500, CLIENTS - start);
    const users = await db
      .insertInto('users')
      .values(
        Array.from({ length: count }, (_, k) => ({
          username: `chat${stamp}-${start + k}@foyer.test`,
          name: 'Bench',
          surname: String(start + k),
          ui_settings: '{}',
          notification_preferences: '[]',
          device_tokens: '[]',
        })),
      )
      .returning('id')
      .execute();
    const participants = await db
      .insertInto('participants')
      .values(
        users.map((u) => ({
          event_id: event.id,
          user_id: u.id,
          email: `chat${stamp}-${u.id}@foyer.test`,
          name: 'Bench',
          surname: String(u.id),
          rights: '{}',
          fields: '{}',
          present: null,
        })),
      )
      .returning(['id', 'user_id'])
      .execute();
    for (const p of participants) {
      const token = await signAccessToken(config.jwtSecret, { userId: p.user_id as number });
      clients.push({ token, roomId: 0, participantId: p.id });
    }
  }
  for (let i = 0; i < clients.length; i += ROOM_SIZE) {
    const members = clients.slice(i, i + ROOM_SIZE);
    const room = await db
      .insertInto('chat_rooms')
      .values({
        event_id: event.id,
        type: 'group',
        name: `Room ${i / ROOM_SIZE}`,
        created_by: members[0]?.participantId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const users = await db
      .selectFrom('participants')
      .select(['id', 'user_id'])
      .where(
        'id',
        'in',
        members.map((m) => m.participantId),
      )
      .execute();
    await db
      .insertInto('chat_members')
      .values(users.map((u) => ({ room_id: room.id, participant_id: u.id, user_id: u.user_id })))
      .execute();
    for (const m of members) m.roomId = room.id;
  }
  const roomCount = Math.ceil(CLIENTS / ROOM_SIZE);

  const child = fork(fileURLToPath(import.meta.url), ['--clients'], { execArgv: ['--import', 'tsx'] });
  const ready = next(child, 'ready');
  child.send({ kind: 'start', url, clients } satisfies ToWorker);
  const connected = await ready;
  console.error(
    `bench/chat: ${CLIENTS - connected.failed}/${CLIENTS} clients in ${roomCount} rooms connected and subscribed ` +
      `in ${(connected.connectMs / 1000).toFixed(1)} s; sending ${RATE} messages/s for ${SECONDS} s`,
  );
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
  await new Promise((r) => setTimeout(r, 2_000)); // the last pushes land
  const statsPromise = next(child, 'stats');
  child.send({ kind: 'stop' } satisfies ToWorker);
  const stats = await statsPromise;
  child.disconnect();

  const expected = sent.sent * (ROOM_SIZE - 1);
  const d = stats.delivery;
  const result =
    `${(sent.sent / sent.seconds).toFixed(0)} messages/s sent, ` +
    `${(d.count / ((stats.lastAt - stats.firstAt) / 1000)).toFixed(0)} deliveries/s, ` +
    `delivery p50 ${d.p50.toFixed(1)} ms, p99 ${d.p99.toFixed(1)} ms, max ${d.max.toFixed(1)} ms ` +
    `(after the first ${WARM_UP_MS / 1000} s: p50 ${stats.warm.p50.toFixed(1)} ms, p99 ${stats.warm.p99.toFixed(1)} ms); ` +
    `HTTP send p50 ${sent.http.p50.toFixed(1)} ms, p99 ${sent.http.p99.toFixed(1)} ms`;
  const notes =
    `${CLIENTS} clients (${connected.failed} failed) in rooms of ${ROOM_SIZE}, ${RATE}/s for ${SECONDS} s; ` +
    `delivered ${d.count}/${expected}${sent.errors ? `, ${sent.errors} send errors` : ''}; one server process, clients in a second`;
  console.log(
    `| ${new Date().toISOString().slice(0, 10)} | chat end to end (HTTP send → socket.io) | ${database.kind} | ${result} | ${notes} |`,
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
