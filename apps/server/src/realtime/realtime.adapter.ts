import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { claimSharedSecret } from './shared-secret';

export interface RedisAdapter {
  adapter: ReturnType<typeof createAdapter>;
  close(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 10_000;
const CLOSE_TIMEOUT_MS = 1_000;

/**
 * The socket.io Redis adapter on two node-redis clients (one publishes, one subscribes), so that N
 * processes sharing the Redis deliver each other's emits. The channels are `<prefix>-realtime#…`:
 * every process with the same REDIS_PREFIX is one deployment, whatever its PUBLIC_URL or port; a
 * separate deployment on the same Redis sets its own prefix. Processes of one deployment must share
 * JWT_SECRET: a process with another one refuses to start (see shared-secret.ts).
 */
export async function connectRedisAdapter(
  options: { url: string; prefix: string; jwtSecret: string },
  log: FastifyBaseLogger,
): Promise<RedisAdapter> {
  const { url } = options;
  // No offline queue for publishing: while Redis is away a push to other processes fails at once
  // (their clients fetch what they missed, see apps/web/src/lib/realtime.ts) instead of piling up
  // and arriving late. The subscriber keeps node-redis' default, which resubscribes on reconnect.
  const pub = createClient({
    url,
    disableOfflineQueue: true,
    socket: { reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5_000) },
  });
  const sub = pub.duplicate({ disableOfflineQueue: false });
  pub.on('error', (err: unknown) => log.error({ err }, 'realtime: redis publisher error'));
  sub.on('error', (err: unknown) => log.error({ err }, 'realtime: redis subscriber error'));
  let stopClaim = () => {};
  const close = async () => {
    stopClaim();
    await Promise.allSettled([pub, sub].map((client) => closeWithin(client, CLOSE_TIMEOUT_MS)));
  };

  // Fail the start-up with a clear message rather than hang while node-redis keeps retrying.
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`REDIS_URL: no answer from Redis within ${CONNECT_TIMEOUT_MS / 1000} s`)),
      CONNECT_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([Promise.all([pub.connect(), sub.connect()]), timeout]);
    stopClaim = await claimSharedSecret(pub, { prefix: options.prefix, jwtSecret: options.jwtSecret }, log);
  } catch (error) {
    for (const client of [pub, sub]) {
      if (client.isOpen) client.destroy();
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const key = `${options.prefix}-realtime`;
  return { adapter: createAdapter(quietPublisher(pub, log), sub, { key }), close };
}

type RedisClient = ReturnType<typeof createClient>;

/**
 * The adapter publishes without awaiting or catching: a publish failing while Redis is away would
 * be an unhandled rejection, which ends the process. This hands the adapter the same client with
 * failures of `publish` logged instead.
 */
function quietPublisher(client: RedisClient, log: FastifyBaseLogger): RedisClient {
  let failing = false;
  return new Proxy(client, {
    get(target, property) {
      if (property === 'publish') {
        return (...args: Parameters<RedisClient['publish']>) => {
          const sent = target.publish(...args);
          sent.then(
            () => {
              failing = false;
            },
            (err: unknown) => {
              if (!failing) log.warn({ err }, 'realtime: push to other processes failed (Redis away)');
              failing = true;
            },
          );
          return sent;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** QUIT waits for Redis to answer; a Redis that does not must not hold up a shutdown. */
async function closeWithin(client: RedisClient, ms: number): Promise<void> {
  if (!client.isOpen) return;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const outcome = await Promise.race([client.close().catch(() => 'failed' as const), late]);
  clearTimeout(timer);
  if (outcome !== undefined && client.isOpen) client.destroy();
}
