import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { createClient } from 'redis';
import { ConfigError } from '../config';

type RedisClient = ReturnType<typeof createClient>;

/** How long the fingerprint outlives the last process that refreshed it. */
export const SECRET_FINGERPRINT_TTL_MS = 30_000;
const REFRESH_EVERY_MS = 10_000;

// Claims the key for our fingerprint unless another one holds it; answers the one that holds it.
const CLAIM = `
  local current = redis.call('GET', KEYS[1])
  if not current then
    redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
    return ARGV[1]
  end
  if current == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
  return current
`;

/** Identifies the secret without revealing it (an HMAC keyed by the secret itself). */
export function secretFingerprint(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('foyer: JWT_SECRET fingerprint').digest('hex');
}

/**
 * Every process on one Redis (one REDIS_PREFIX) must sign and check tokens with the same
 * JWT_SECRET, or a user's token from one process is refused by the next (docs/decisions/008).
 * Processes keep the fingerprint of their secret under `<prefix>-jwt-secret`; a process with
 * another secret refuses to start. Returns a stop function for the refresh timer.
 */
export async function claimSharedSecret(
  client: RedisClient,
  options: { prefix: string; jwtSecret: string },
  log: FastifyBaseLogger,
): Promise<() => void> {
  const key = `${options.prefix}-jwt-secret`;
  const mine = secretFingerprint(options.jwtSecret);
  const claim = () =>
    client.eval(CLAIM, { keys: [key], arguments: [mine, String(SECRET_FINGERPRINT_TTL_MS)] });
  if ((await claim()) !== mine) {
    throw new ConfigError(
      `JWT_SECRET: other Foyer processes on this Redis (REDIS_PREFIX=${options.prefix}) use a different JWT_SECRET.\n` +
        '  All processes sharing REDIS_URL must have the same JWT_SECRET (set it explicitly: a generated one\n' +
        '  differs per DATA_DIR), or use their own REDIS_PREFIX if they are a separate deployment.\n' +
        `  If you changed the secret on purpose, stop the old processes: the check clears ${SECRET_FINGERPRINT_TTL_MS / 1000} s after the last one.`,
    );
  }
  const timer = setInterval(() => {
    claim().then(
      (holder) => {
        if (holder !== mine) {
          log.error(
            { key },
            'JWT_SECRET: a process with a different JWT_SECRET now shares this Redis; tokens will fail between them',
          );
        }
      },
      // Redis away: the next refresh tries again (the fingerprint lives three refreshes).
      () => {},
    );
  }, REFRESH_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
