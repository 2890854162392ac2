import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
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
  // Web Push (VAPID, RFC 8292): both keys or neither (neither: generated once under DATA_DIR).
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'an uncompressed P-256 public key, base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'a P-256 private key, base64url (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .refine((s) => /^(mailto:|https:)/.test(s), 'must start with mailto: or https:')
    .optional(),
  // Push services the server may post to (host names; a name also admits its subdomains).
  PUSH_SERVICE_HOSTS: z
    .string()
    .regex(/^[a-z0-9.-]+(,[a-z0-9.-]+)*$/i, 'comma-separated host names')
    .optional(),
  WEB_DIST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Where embedded PGlite runs: its own thread, so a slow query does not stall every socket, or the server's.
  PGLITE_THREAD: z.enum(['worker', 'main']).default('worker'),
  // How long a stop (SIGTERM, SIGINT) waits for the requests in flight before it ends them.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  DEV_MAILBOX: z.enum(['true', 'false']).optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  WEBHOOK_PRIVATE_NETWORK: z.enum(['true', 'false']).optional(),
  PRINTER_LOOPBACK: z.enum(['true', 'false']).optional(),
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
  /** Web Push: the server's VAPID key pair and contact (docs/decisions/020-web-push.md). */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Push services a subscription's endpoint may name (https only; loopback too outside production). */
  pushServiceHosts: readonly string[];
  logLevel: string;
  /** Embedded PGlite in a worker thread (default) or in the server's thread (PGLITE_THREAD). */
  pgliteThread: 'worker' | 'main';
  shutdownGraceMs: number;
  /** Seed the demo into an empty database: by default outside production only (SEED_DEMO). */
  seedDemo: boolean;
  /**
   * Who may read the outbox at /dev/mailbox (docs/decisions/006): 'loopback' (default outside
   * production with no SMTP_URL), 'anyone' (DEV_MAILBOX=true) or 'nobody' (production, SMTP, false).
   */
  devMailbox: 'loopback' | 'anyone' | 'nobody';
  trustProxy: boolean;
  /**
   * Whether webhooks may be delivered to loopback, private and shared network addresses
   * (WEBHOOK_PRIVATE_NETWORK; by default outside production only). Link-local, reserved and
   * multicast addresses never (docs/decisions/017).
   */
  webhookPrivateNetwork: boolean;
  /**
   * Whether badge printers may be at this server's loopback address (PRINTER_LOOPBACK; by default
   * outside production only): there are its own services, which take a label's text as commands.
   * A venue's private network is always open to printers; link-local addresses never.
   */
  printerLoopback: boolean;
  /**
   * The live-support widget's script (A1.18), written into the web app's page at run time, and its
   * origin, which the content security policy allows.
   */
  supportWidgetUrl: string | undefined;
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
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both (a pair) or neither',
    );
  }
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
    vapid: {
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : persistedVapidKeys(dataDir)),
      subject: e.VAPID_SUBJECT ?? `mailto:${mailAddress(e.MAIL_FROM)}`,
    },
    pushServiceHosts: e.PUSH_SERVICE_HOSTS
      ? e.PUSH_SERVICE_HOSTS.toLowerCase().split(',')
      : DEFAULT_PUSH_SERVICE_HOSTS,
    logLevel: e.LOG_LEVEL,
    pgliteThread: e.PGLITE_THREAD,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : e.NODE_ENV !== 'production',
    devMailbox: devMailboxAudience(e.NODE_ENV, e.DEV_MAILBOX, e.SMTP_URL),
    trustProxy: e.TRUST_PROXY === 'true',
    webhookPrivateNetwork: e.WEBHOOK_PRIVATE_NETWORK
      ? e.WEBHOOK_PRIVATE_NETWORK === 'true'
      : e.NODE_ENV !== 'production',
    printerLoopback: e.PRINTER_LOOPBACK ? e.PRINTER_LOOPBACK === 'true' : e.NODE_ENV !== 'production',
    supportWidgetUrl: e.VITE_SUPPORT_WIDGET_URL,
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

/** The push services of Chrome/Edge/Opera, Firefox, Edge on Windows and Safari. */
const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

/** The address inside `Name <address>` (or the whole text). */
function mailAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

/** No VAPID keys configured: generate a P-256 pair once and keep it under DATA_DIR (subscriptions need the same key). */
function persistedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'vapid-keys.json');
  const read = () => {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  };
  if (existsSync(file)) return read();
  mkdirSync(dataDir, { recursive: true });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const raw = {
    publicKey: ecdh.getPublicKey('base64url', 'uncompressed'),
    // 32 bytes even when the number has a leading zero byte (what web-push checks).
    privateKey: ecdh.getPrivateKey().toString('hex').padStart(64, '0'),
  };
  const keys = {
    publicKey: raw.publicKey,
    privateKey: Buffer.from(raw.privateKey, 'hex').toString('base64url'),
  };
  // Written aside and linked into place: of several processes starting at once, one pair wins
  // whole and every process uses it (a link fails when the name exists).
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aside, JSON.stringify(keys), { mode: 0o600 });
  try {
    linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return read();
  } finally {
    unlinkSync(aside);
  }
  return keys;
}
