import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';

export interface RedisAdapter {
  adapter: ReturnType<typeof createAdapter>;
  close(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The socket.io Redis adapter on two node-redis clients (one publishes, one subscribes), so that N
 * processes sharing the Redis deliver each other's emits. `key` namespaces the channels: instances
 * behind one public address share it, another deployment on the same Redis does not.
 */
export async function connectRedisAdapter(
  url: string,
  key: string,
  log: FastifyBaseLogger,
): Promise<RedisAdapter> {
  const pub = createClient({
    url,
    socket: { reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5_000) },
  });
  const sub = pub.duplicate();
  pub.on('error', (err: unknown) => log.error({ err }, 'realtime: redis publisher error'));
  sub.on('error', (err: unknown) => log.error({ err }, 'realtime: redis subscriber error'));
  const close = async () => {
    await Promise.allSettled([pub.isOpen ? pub.close() : null, sub.isOpen ? sub.close() : null]);
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
  } catch (error) {
    for (const client of [pub, sub]) {
      if (client.isOpen) client.destroy();
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { adapter: createAdapter(pub, sub, { key }), close };
}
