/**
 * The client side of bench/scaleout.ts, run in a child process (`startClients()` forks this file):
 * BENCH_CLIENTS web-app realtime clients (apps/web/src/lib/realtime.ts, the browser's own code: it
 * reconnects, re-subscribes with the last seq it holds and fetches holes), each subscribed to its chat
 * room, and one sender per room posting messages over HTTP in turn. Every recipient counts each
 * message id once (a second arrival is a duplicate), so after the run it is known which answered
 * message reached which member, however it arrived: pushed live, or fetched after a reconnect.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type ChatMessage, ChatRecordType, type RealtimeRecord, realtimeRoom } from '@foyer/contract';
import { connectRealtime, type RealtimeClient } from '../../apps/web/src/lib/realtime';
import type { ChatClient } from './chat-seed';
import { messagesOf } from './child-messages';

const CONNECT_BATCH = 100;
/** A client not subscribed by then counts as failed. */
const CONNECT_TIMEOUT_MS = 30_000;
/** Messages sent in the first seconds are left out of the latency figures (JIT, pools, caches). */
export const WARM_UP_MS = 3_000;

export interface Latency {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface DeliveryStats {
  /** Sends answered 200: each is owed to every other member of its room. */
  answered: number;
  /** Sends that failed (an answer other than 200, or none: the connection broke). */
  failed: number;
  failures: Record<string, number>;
  /** Answered messages × the other members of their room. */
  expected: number;
  /** Of those, how many arrived (each member counted once per message). */
  delivered: number;
  /** Arrivals of a message a member already had. */
  duplicates: number;
  /** Deliveries of messages sent while their recipient was disconnected (fetched after the reconnect). */
  caughtUp: number;
  /** Arrivals of messages whose send failed (written, but the answer was lost with the process). */
  unanswered: number;
  /** Delivery latency (send start → arrival) of messages sent after the warm-up. */
  latency: Latency;
  /** The same for messages sent before the kill, and from the kill on. */
  beforeKill: Latency;
  afterKill: Latency;
  httpP95: number;
  /** Clients that lost their connection, and how long they took to be connected again. */
  dropped: number;
  reconnect: Latency;
  /** How long after the last send the last owed message arrived. */
  settleMs: number;
}

export type ToClients =
  | { kind: 'start'; url: string; clients: ChatClient[] }
  | { kind: 'send'; rate: number; seconds: number }
  | { kind: 'killed'; at: number }
  | { kind: 'settle'; timeoutMs: number };
export type FromClients =
  | { kind: 'ready'; connectMs: number; failed: number }
  | { kind: 'sending'; at: number }
  | { kind: 'sent'; sent: number }
  /** After a kill: every client it dropped is connected again (`all`), or the run ended first. */
  | { kind: 'back'; all: boolean }
  | { kind: 'stats'; stats: DeliveryStats };

const now = () => performance.timeOrigin + performance.now();

export function latency(values: number[]): Latency {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) =>
    sorted.length === 0
      ? Number.NaN
      : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN);
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: at(100) };
}

export function startClients(): ChildProcess {
  return fork(fileURLToPath(import.meta.url), ['--clients'], { execArgv: ['--import', 'tsx'] });
}

/** The next message of `kind` from the client process; rejects if it ends first. */
export const nextFromClients = messagesOf<FromClients>();

// ---- the client process ----

interface Member {
  client: ChatClient;
  realtime: RealtimeClient;
  /** Message ids this member received. */
  seen: Set<number>;
  /** When it was seen disconnected first, while it is. */
  downSince: number | null;
  /** Its last disconnection: from when until when. */
  lastDown: { from: number; to: number } | null;
}

async function clientProcess(): Promise<void> {
  const send = (m: FromClients) => process.send?.(m);
  const members: Member[] = [];
  /** Message id → how many members received it. */
  const arrivals = new Map<number, number>();
  /** Message id → [room, send start] for sends answered 200. */
  const answered = new Map<number, { roomId: number; sentAt: number }>();
  const roomSizes = new Map<number, number>();
  const samples: { sentAt: number; ms: number }[] = [];
  const failures: Record<string, number> = {};
  const http: number[] = [];
  let duplicates = 0;
  let caughtUp = 0;
  let failed = 0;
  let sendStart = Number.POSITIVE_INFINITY;
  let sendEnd = 0;
  let killAt = Number.POSITIVE_INFINITY;
  let lastArrival = 0;
  let dropped = 0;
  let backSent = false;
  const reconnects: number[] = [];
  let url = '';
  process.on('disconnect', () => process.exit(0));

  function onRecord(member: Member, record: RealtimeRecord<ChatMessage>): void {
    if (record.type !== ChatRecordType.Message || record.payload.sndr === member.client.participantId) return;
    const id = record.payload.messageId;
    if (member.seen.has(id)) {
      duplicates++;
      return;
    }
    const at = now();
    member.seen.add(id);
    arrivals.set(id, (arrivals.get(id) ?? 0) + 1);
    const sentAt = Number(record.payload.msg);
    samples.push({ sentAt, ms: at - sentAt });
    // Sent while this member was away (or just before: in flight when its process died), so it can
    // only have come from the catch-up after the reconnect.
    const away = member.lastDown;
    if (away && sentAt < away.to && sentAt >= away.from - 2_000 && at >= away.to) caughtUp++;
    lastArrival = at;
  }

  async function connectAll(clients: ChatClient[]): Promise<void> {
    const started = now();
    let failedToConnect = 0;
    for (const c of clients) roomSizes.set(c.roomId, (roomSizes.get(c.roomId) ?? 0) + 1);
    for (let i = 0; i < clients.length; i += CONNECT_BATCH) {
      await Promise.all(
        clients.slice(i, i + CONNECT_BATCH).map(
          (client) =>
            new Promise<void>((resolve) => {
              const realtime = connectRealtime(async () => client.token, { url });
              const member: Member = { client, realtime, seen: new Set(), downSince: null, lastDown: null };
              members.push(member);
              const fail = () => {
                clearTimeout(timer);
                failedToConnect++;
                resolve();
              };
              const timer = setTimeout(fail, CONNECT_TIMEOUT_MS);
              realtime.subscribe<ChatMessage>(
                realtimeRoom.chatMessages(client.roomId),
                (record) => onRecord(member, record),
                {
                  onReady: () => {
                    clearTimeout(timer);
                    resolve();
                  },
                  onError: fail,
                },
              );
            }),
        ),
      );
    }
    // Who is disconnected, and for how long (socket.io reconnects by itself through the balancer).
    setInterval(() => {
      const t = now();
      for (const m of members) {
        if (!m.realtime.connected) {
          if (m.downSince === null) {
            m.downSince = t;
            dropped++;
          }
        } else if (m.downSince !== null) {
          reconnects.push(t - m.downSince);
          m.lastDown = { from: m.downSince, to: t };
          m.downSince = null;
        }
      }
      if (!backSent && t >= killAt && dropped > 0 && members.every((m) => m.downSince === null)) {
        backSent = true;
        send({ kind: 'back', all: true });
      }
    }, 50).unref();
    send({ kind: 'ready', connectMs: now() - started, failed: failedToConnect });
  }

  async function sendAll(rate: number, seconds: number): Promise<void> {
    // One sender per room, taking turns; a message's text is its send time.
    const senders = [...new Map(members.map((m) => [m.client.roomId, m.client])).values()];
    const total = rate * seconds;
    const inFlight = new Set<Promise<void>>();
    let sent = 0;
    const start = now();
    sendStart = start;
    send({ kind: 'sending', at: start });
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        const due = Math.min(total, Math.floor(((now() - start) / 1000) * rate));
        while (sent < due) {
          const sender = senders[sent % senders.length] as ChatClient;
          sent++;
          const t = now();
          const p = fetch(`${url}/api/v1/chat/message`, {
            method: 'POST',
            headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ roomId: sender.roomId, msg: String(t) }),
          })
            .then(async (r) => {
              const body = (await r.json().catch(() => null)) as { data?: ChatMessage } | null;
              http.push(now() - t);
              if (r.status !== 200 || !body?.data) throw new Error(`HTTP ${r.status}`);
              answered.set(body.data.messageId, { roomId: sender.roomId, sentAt: t });
            })
            .catch((error: unknown) => {
              failed++;
              // fetch's own message is "fetch failed"; why is in its cause (ECONNRESET, socket closed…).
              const cause =
                error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
              const reason =
                error instanceof Error
                  ? `${error.message}${cause?.code ? ` ${cause.code}` : ''}`
                  : String(error);
              failures[reason] = (failures[reason] ?? 0) + 1;
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
    sendEnd = now();
    send({ kind: 'sent', sent });
  }

  function missing(): number {
    let owed = 0;
    for (const [id, { roomId }] of answered) {
      owed += Math.max(0, (roomSizes.get(roomId) ?? 1) - 1 - (arrivals.get(id) ?? 0));
    }
    return owed;
  }

  async function settle(timeoutMs: number): Promise<DeliveryStats> {
    const deadline = now() + timeoutMs;
    while (missing() > 0 && now() < deadline) await new Promise((r) => setTimeout(r, 50));
    let expected = 0;
    let delivered = 0;
    for (const [id, { roomId }] of answered) {
      expected += (roomSizes.get(roomId) ?? 1) - 1;
      delivered += arrivals.get(id) ?? 0;
    }
    let unanswered = 0;
    for (const [id, count] of arrivals) if (!answered.has(id)) unanswered += count;
    const warm = samples.filter((s) => s.sentAt >= sendStart + WARM_UP_MS);
    return {
      answered: answered.size,
      failed,
      failures,
      expected,
      delivered,
      duplicates,
      caughtUp,
      unanswered,
      latency: latency(warm.map((s) => s.ms)),
      beforeKill: latency(warm.filter((s) => s.sentAt < killAt).map((s) => s.ms)),
      afterKill: latency(warm.filter((s) => s.sentAt >= killAt).map((s) => s.ms)),
      httpP95: latency(http).p95,
      dropped,
      reconnect: latency(reconnects),
      settleMs: Math.max(0, lastArrival - sendEnd),
    };
  }

  process.on('message', (m: ToClients) => {
    if (m.kind === 'start') {
      url = m.url;
      void connectAll(m.clients);
    } else if (m.kind === 'send') {
      void sendAll(m.rate, m.seconds);
    } else if (m.kind === 'killed') {
      killAt = m.at;
    } else {
      void settle(m.timeoutMs).then((stats) => {
        for (const member of members) member.realtime.close();
        if (killAt < Number.POSITIVE_INFINITY && !backSent) send({ kind: 'back', all: false });
        send({ kind: 'stats', stats });
      });
    }
  });
}

if (process.argv.includes('--clients')) void clientProcess();
