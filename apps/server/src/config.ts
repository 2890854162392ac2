import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const urlWith = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((u) => protocols.includes(new URL(u).protocol), `must start with ${protocols.join(' or ')}`);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWith(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: urlWith(['redis:', 'rediss:']).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits and _ . : - only (at most 64)')
    .default('foyer'),
  SMTP_URL: urlWith(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Foyer <no-reply@foyer.test>'),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  VIDEO_URL_TEMPLATE: z
    .string()
    .refine((t) => t.includes('{room}'), 'must contain {room}')
    .default('https://meet.jit.si/foyer-{room}'),
  SENTRY_DSN: z.string().url().optional(),
  WEB_DIST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Where embedded PGlite runs: its own thread, so a slow query does not stall every socket, or the server's.
  PGLITE_THREAD: z.enum(['worker', 'main']).default('worker'),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  DEV_MAILBOX: z.enum(['true', 'false']).optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  VITE_SUPPORT_WIDGET_URL: z.string().url().optional(),
  // Test-only: the event bus writes outbox rows but never processes them (crash tests).
  FOYER_OUTBOX_PAUSE: z.enum(['1', '0']).default('0'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Namespaces this deployment's keys and channels in Redis (several deployments on one Redis). */
  redisPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  jwtSecret: string;
  videoUrlTemplate: string;
  sentryDsn: string | undefined;
  logLevel: string;
  /** Embedded PGlite in a worker thread (default) or in the server's thread (PGLITE_THREAD). */
  pgliteThread: 'worker' | 'main';
  /** Seed the demo into an empty database: by default outside production only (SEED_DEMO). */
  seedDemo: boolean;
  /**
   * Who may read the outbox at /dev/mailbox (docs/decisions/006): 'loopback' (default outside
   * production with no SMTP_URL), 'anyone' (DEV_MAILBOX=true) or 'nobody' (production, SMTP, false).
   */
  devMailbox: 'loopback' | 'anyone' | 'nobody';
  trustProxy: boolean;
  /** Origin allowed to serve the live-support widget script (same variable the web build reads). */
  supportWidgetOrigin: string | undefined;
  webDist: string;
  /** Test-only (FOYER_OUTBOX_PAUSE=1): outbox rows are written but never processed. */
  outboxPaused: boolean;
}

export class ConfigError extends Error {}

/** Reads the environment once at start-up; a bad value stops the process with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.DEV_MAILBOX === 'true') {
    throw new ConfigError(
      'Invalid configuration:\n  DEV_MAILBOX: must not be true in production (it shows every e-mail, reset codes included)',
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    videoUrlTemplate: e.VIDEO_URL_TEMPLATE,
    sentryDsn: e.SENTRY_DSN,
    logLevel: e.LOG_LEVEL,
    pgliteThread: e.PGLITE_THREAD,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : e.NODE_ENV !== 'production',
    devMailbox: devMailboxAudience(e.NODE_ENV, e.DEV_MAILBOX, e.SMTP_URL),
    trustProxy: e.TRUST_PROXY === 'true',
    supportWidgetOrigin: e.VITE_SUPPORT_WIDGET_URL ? new URL(e.VITE_SUPPORT_WIDGET_URL).origin : undefined,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : resolve(import.meta.dirname, '../../web/dist'),
    outboxPaused: e.FOYER_OUTBOX_PAUSE === '1',
  };
}

function devMailboxAudience(
  env: Config['env'],
  flag: 'true' | 'false' | undefined,
  smtpUrl: string | undefined,
): Config['devMailbox'] {
  if (env === 'production' || flag === 'false') return 'nobody';
  if (flag === 'true') return 'anyone';
  return smtpUrl ? 'nobody' : 'loopback';
}

/** JWT_SECRET absent: generate one and keep it under DATA_DIR so tokens survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
