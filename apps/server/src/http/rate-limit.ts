import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';

/** Route option: at most `max` calls a minute per client address. */
export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

type Callback = (error: Error | null, result?: unknown) => void;

/**
 * The shape @fastify/rate-limit's Redis store expects (ioredis' `defineCommand` and the commands it
 * defines), on the node-redis client we already use for realtime. The store's Lua scripts run
 * atomically in Redis, so counters are shared by every instance behind one address.
 */
export interface RateLimitRedis {
  defineCommand(name: string, definition: { numberOfKeys: number; lua: string }): void;
  [command: string]: unknown;
}

export interface RateLimitBackend {
  redis: RateLimitRedis;
  close(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 10_000;
/** The longest a request waits for Redis before it is counted in this process instead. */
export const REDIS_DEADLINE_MS = 250;
/** After Redis failed to answer, how long to count locally before asking it again. */
const RETRY_AFTER_MS = 1_000;

/**
 * Counters of this process, used while Redis does not answer: a fixed window per key, as the
 * Redis script counts. Limits then hold per process rather than per deployment (at worst N times
 * the limit with N processes), which beats both waiting for Redis and letting everything through.
 */
export class LocalCounters {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts a call; returns [count in the window, ms left in it], like the store's Redis script. */
  incr(key: string, windowMs: number): [number, number] {
    const now = this.now();
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.windows.size >= 10_000) this.prune(now);
      entry = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return [entry.count, entry.resetAt - now];
  }

  read(key: string): [number, number] {
    const now = this.now();
    const entry = this.windows.get(key);
    return entry && entry.resetAt > now ? [entry.count, entry.resetAt - now] : [0, 0];
  }

  private prune(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}

/** Rejects when the promise has not settled within `ms` (node-redis' own timeout misses EVAL). */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * The rate-limit counters in Redis, never waiting on it: no offline queue (a call while
 * disconnected fails at once instead of waiting for the reconnect), a deadline on every call, and
 * after a failure the process counts by itself for a second before it tries Redis again.
 */
export async function connectRateLimitRedis(url: string, log: FastifyBaseLogger): Promise<RateLimitBackend> {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5_000),
    },
  });
  client.on('error', (err: unknown) => log.error({ err }, 'rate limit: redis error'));
  await client.connect();

  const local = new LocalCounters();
  let localUntil = 0;
  let failing = false;
  const useLocal = () => !client.isReady || Date.now() < localUntil;
  const fallBack = (error: unknown) => {
    if (!failing) log.warn({ err: error }, 'rate limit: Redis does not answer; counting in this process');
    failing = true;
    localUntil = Date.now() + RETRY_AFTER_MS;
  };
  const answered = () => {
    if (failing) log.info('rate limit: Redis answers again; counting there');
    failing = false;
  };
  // The RedisStore defines exactly these two scripts; their arguments after the key are
  // (timeWindow, max, continueExceeding, exponentialBackoff) and (nothing).
  const fallbacks: Record<string, (key: string, args: string[]) => [number, number]> = {
    rateLimit: (key, [timeWindow]) => local.incr(key, Number(timeWindow)),
    rateLimitRead: (key) => local.read(key),
  };

  const redis: RateLimitRedis = {
    defineCommand(name, { lua }) {
      const fallback = fallbacks[name];
      redis[name] = (key: string, ...rest: unknown[]) => {
        const done = rest.pop() as Callback;
        const args = rest.map(String);
        if (fallback && useLocal()) {
          done(null, fallback(key, args));
          return;
        }
        withDeadline(client.eval(lua, { keys: [key], arguments: args }), REDIS_DEADLINE_MS).then(
          (result) => {
            answered();
            done(null, result);
          },
          (error: Error) => {
            if (!fallback) return done(error);
            fallBack(error);
            done(null, fallback(key, args));
          },
        );
      };
    },
  };
  return {
    redis,
    async close() {
      // A clean QUIT would wait for a Redis that may not answer.
      if (client.isOpen) client.destroy();
    },
  };
}
