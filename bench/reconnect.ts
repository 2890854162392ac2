/**
 * A reconnect wave: what a process pays when the clients of another one, which just died, all come
 * to it at once (goal 6's kill in bench/scaleout.ts, here alone and measured per client). BENCH_CLIENTS
 * (667: a third of the scale-out bench's 2,000) chat clients, in rooms of 10 that hold a few records,
 * each connect with a token this process never saw and resume their room from seq 1, each after
 * the web client's own reconnect delay (75–225 ms, `apps/web/src/lib/realtime.ts`). Clients run in a
 * child process, so each side has a core.
 *
 * The baseline, in the same run and alternating with it: the same wave against a bare socket.io
 * server on this process that accepts any token and acks every subscribe at once (no database):
 * socket.io's own handshake and messages, the floor of any realtime layer on this machine.
 *
 *   node_modules/.bin/tsx bench/reconnect.ts                    (PGlite in memory)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node_modules/.bin/tsx bench/reconnect.ts
 *   BENCH_CLIENTS=667 BENCH_ROUNDS=5
 *
 * Prints, per wave (median of the rounds): the time until the last client's subscribe was answered,
 * the clients' p50/p95 from their own connect to that answer, this process's CPU per client, and on a
 * PostgreSQL of this machine the CPU of its processes per client, and the statements per client.
 */
import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ChatRecordType, REALTIME_PATH, realtimeRoom } from '@foyer/contract';
import { Server } from 'socket.io';
import { signAccessToken } from '../apps/server/src/http/auth';
import { hardTimeLimit, listenBenchApp, openBenchServerParts } from './lib/bench-server';
import { benchSocket } from './lib/bench-socket';
import { removeChatEvent, seedChatEvent } from './lib/chat-seed';
import { messagesOf } from './lib/child-messages';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 667);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROOM_SIZE = 10;
/** Records written to each room before the waves; every client resumes from the first. */
const RECORDS_PER_ROOM = 3;
/** The web client's reconnect delay: reconnectionDelay 150 ms, randomizationFactor 0.5. */
const DELAY_MS = { min: 75, max: 225 };

interface WaveClient {
  token: string;
  room: string;
}
type ToClients = { kind: 'wave'; url: string; clients: WaveClient[] } | { kind: 'close' };
interface WaveResult {
  kind: 'wave';
  /** Each client's time from its connect to its subscribe's answer (ms). */
  latencies: number[];
  /** From the wave's start to the last answer (ms). */
  lastMs: number;
  failed: number;
}
type FromClients = WaveResult | { kind: 'closed' };

// ---- the clients (child process) ----
const sockets: ReturnType<typeof benchSocket>[] = [];

const reconnectDelayMs = () => DELAY_MS.min + Math.random() * (DELAY_MS.max - DELAY_MS.min);

/** One client's reconnect: connect, resume its room from seq 1; ms until the answer, or null if refused. */
async function resume(url: string, token: string, room: string): Promise<number | null> {
  const began = performance.now();
  const socket = benchSocket(url, token);
  sockets.push(socket);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const ack = await socket.timeout(30_000).emitWithAck('subscribe', { room, since: 1 });
    if (!ack.ok || ack.missed.length !== RECORDS_PER_ROOM - 1) return null;
    return performance.now() - began;
  } catch {
    return null;
  }
}

function clientsProcess(): void {
  const send = (m: FromClients) => process.send?.(m);
  process.on('disconnect', () => process.exit(0));
  process.on('message', async (m: ToClients) => {
    if (m.kind === 'close') {
      for (const s of sockets.splice(0)) s.disconnect();
      send({ kind: 'closed' });
      return;
    }
    const start = performance.now();
    // Each client starts after the web client's reconnect delay, as a dead process's clients do:
    // the spread of the wave is what is simulated here, not a wait for something.
    const answered = await Promise.all(
      m.clients.map(
        ({ token, room }) =>
          new Promise<number | null>((resolve) => {
            setTimeout(() => void resume(m.url, token, room).then(resolve), reconnectDelayMs());
          }),
      ),
    );
    const latencies = answered.filter((ms): ms is number => ms !== null);
    const failed = answered.length - latencies.length;
    send({ kind: 'wave', latencies, lastMs: performance.now() - start, failed });
  });
}

// ---- the servers (this process) ----
const nextMessage = messagesOf<FromClients>();

/** CPU seconds used so far by every process named postgres on this machine (null: none visible). */
function postgresCpuSeconds(): number | null {
  let ticks = 0;
  let seen = false;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      seen = true;
    } catch {
      // ended meanwhile
    }
  }
  return seen ? ticks / 100 : null;
}

/** A socket.io server that takes any token and acks a subscribe at once: the floor. */
async function bareServer(): Promise<{ url: string; close: () => Promise<void>; server: Server }> {
  const http = createServer();
  const server = new Server(http, { path: REALTIME_PATH, transports: ['websocket'] });
  server.use((socket, next) =>
    typeof socket.handshake.auth?.token === 'string' ? next() : next(new Error('unauthorized')),
  );
  server.on('connection', (socket) => {
    socket.on('subscribe', (request: { room: string }, ack: (answer: unknown) => void) => {
      void socket.join(request.room);
      ack({ ok: true, missed: [{}, {}], more: false, lastSeq: RECORDS_PER_ROOM, truncated: false });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
    server,
  };
}

interface Measured {
  lastMs: number;
  p50: number;
  p95: number;
  cpuMsPerClient: number;
  pgCpuMsPerClient: number | null;
  statementsPerClient: number | null;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/**
 * Follows a server's connections from now on; `allClosed()` resolves once none is open. Counted at
 * the engine, not by socket.io's sockets: a socket leaves its namespace when its disconnect packet
 * arrives, before its connection closes.
 */
function trackConnections(server: Server): { allClosed: () => Promise<void> } {
  const open = new Set<object>();
  let waiting: (() => void) | null = null;
  server.engine.on('connection', (conn: { once(event: 'close', listener: () => void): unknown }) => {
    open.add(conn);
    conn.once('close', () => {
      open.delete(conn);
      if (open.size === 0) waiting?.();
    });
  });
  return {
    allClosed: () =>
      open.size === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiting = resolve;
          }),
  };
}

async function main(): Promise<void> {
  hardTimeLimit('bench/reconnect');
  const parts = await openBenchServerParts();
  const { app } = await listenBenchApp(parts);
  const foyerUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const bare = await bareServer();
  const foyerConnections = trackConnections(app.realtime.io);
  const bareConnections = trackConnections(bare.server);
  const seed = await seedChatEvent(parts.db, {
    clients: CLIENTS,
    roomSize: ROOM_SIZE,
    attendees: CLIENTS,
    jwtSecret: parts.config.jwtSecret,
    label: 'reconnect',
  });
  const rooms = [...new Set(seed.clients.map((c) => realtimeRoom.chatMessages(c.roomId)))];
  for (let n = 0; n < RECORDS_PER_ROOM; n++) {
    await Promise.all(rooms.map((room) => app.realtime.publish(room, ChatRecordType.Message, { n })));
  }
  const userIds = await parts.db
    .selectFrom('participants')
    .select(['id', 'user_id'])
    .where(
      'id',
      'in',
      seed.clients.map((c) => c.participantId),
    )
    .execute();
  const userOf = new Map(userIds.map((row) => [row.id, row.user_id as number]));

  let statements = 0;
  const executor = parts.db.getExecutor();
  const executeQuery = executor.executeQuery.bind(executor);
  executor.executeQuery = ((...args: Parameters<typeof executeQuery>) => {
    statements++;
    return executeQuery(...args);
  }) as typeof executor.executeQuery;

  const child = fork(fileURLToPath(import.meta.url), ['--clients'], { execArgv: ['--import', 'tsx'] });
  const onPostgres = parts.database.kind === 'postgres' && postgresCpuSeconds() !== null;

  async function wave(kind: 'foyer' | 'bare', round: number): Promise<Measured> {
    // Tokens no process has seen: a reconnect after a kill lands on a process that never verified them.
    const clients: WaveClient[] = await Promise.all(
      seed.clients.map(async (c) => ({
        token: await signAccessToken(parts.config.jwtSecret, {
          userId: userOf.get(c.participantId) as number,
          sessionId: `${kind}-${round}`,
        }),
        room: realtimeRoom.chatMessages(c.roomId),
      })),
    );
    const cpu = process.cpuUsage();
    const pg = onPostgres ? postgresCpuSeconds() : null;
    const statementsBefore = statements;
    const done = nextMessage(child, 'wave');
    child.send({ kind: 'wave', url: kind === 'foyer' ? foyerUrl : bare.url, clients } satisfies ToClients);
    const result = await done;
    const used = process.cpuUsage(cpu);
    const pgAfter = onPostgres ? postgresCpuSeconds() : null;
    if (result.failed > 0) throw new Error(`bench/reconnect: ${result.failed} ${kind} clients failed`);
    const closed = nextMessage(child, 'closed');
    child.send({ kind: 'close' } satisfies ToClients);
    await closed;
    await (kind === 'foyer' ? foyerConnections : bareConnections).allClosed();
    return {
      lastMs: result.lastMs,
      p50: percentile(result.latencies, 50),
      p95: percentile(result.latencies, 95),
      cpuMsPerClient: (used.user + used.system) / 1000 / CLIENTS,
      pgCpuMsPerClient: pg !== null && pgAfter !== null ? ((pgAfter - pg) * 1000) / CLIENTS : null,
      statementsPerClient: kind === 'foyer' ? (statements - statementsBefore) / CLIENTS : null,
    };
  }

  const foyer: Measured[] = [];
  const floor: Measured[] = [];
  // One wave of each to warm up (JIT, pools), then alternating rounds.
  await wave('bare', -1);
  await wave('foyer', -1);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['foyer', 'bare'] as const) : (['bare', 'foyer'] as const);
    for (const kind of order) (kind === 'foyer' ? foyer : floor).push(await wave(kind, round));
  }
  child.kill();
  await removeChatEvent(parts.db, seed);
  await bare.close();
  await app.close();
  await parts.database.close();

  const pick = (rows: Measured[], key: keyof Measured) => {
    const values = rows.map((r) => r[key]).filter((v): v is number => v !== null);
    return values.length === rows.length ? median(values) : null;
  };
  const f = (v: number | null, digits = 1) => (v === null ? '—' : v.toFixed(digits));
  const describe = (rows: Measured[]) =>
    `last answer ${f(pick(rows, 'lastMs'), 0)} ms, p50/p95 ${f(pick(rows, 'p50'))}/${f(pick(rows, 'p95'))} ms, ` +
    `server CPU ${f(pick(rows, 'cpuMsPerClient'), 2)} ms/client`;
  const foyerPg = pick(foyer, 'pgCpuMsPerClient');
  const ratio = (key: keyof Measured) =>
    f((pick(foyer, key) ?? Number.NaN) / (pick(floor, key) ?? Number.NaN), 2);
  console.log(
    `| ${new Date().toISOString().slice(0, 10)} | reconnect wave (\`bench/reconnect.ts\`): ${CLIENTS} chat clients, ` +
      `each with a token this process never saw, resuming its room (${RECORDS_PER_ROOM - 1} records missed), ` +
      `after 75–225 ms; median of ${ROUNDS} rounds alternating with a bare socket.io server | ${parts.database.kind} | ` +
      `Foyer: ${describe(foyer)}${foyerPg === null ? '' : `, PostgreSQL CPU ${f(foyerPg, 2)} ms/client`}, ` +
      `${f(pick(foyer, 'statementsPerClient'), 2)} statements/client; bare socket.io: ${describe(floor)} | ` +
      `ratio to bare socket.io: last answer ×${ratio('lastMs')}, p95 ×${ratio('p95')}, server CPU ×${ratio('cpuMsPerClient')}. ` +
      `Load avg ${loadavg()
        .map((l) => l.toFixed(1))
        .join('/')} |`,
  );
}

if (process.argv.includes('--clients')) clientsProcess();
else
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
