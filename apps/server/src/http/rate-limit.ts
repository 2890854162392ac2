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

export async function connectRateLimitRedis(url: string, log: FastifyBaseLogger): Promise<RateLimitBackend> {
  const client = createClient({
    url,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5_000),
    },
  });
  client.on('error', (err: unknown) => log.error({ err }, 'rate limit: redis error'));
  await client.connect();
  const redis: RateLimitRedis = {
    defineCommand(name, { lua }) {
      redis[name] = (key: string, ...rest: unknown[]) => {
        const done = rest.pop() as Callback;
        client.eval(lua, { keys: [key], arguments: rest.map(String) }).then(
          (result) => done(null, result),
          (error: Error) => done(error),
        );
      };
    },
  };
  return {
    redis,
    async close() {
      if (client.isOpen) await client.close();
    },
  };
}
