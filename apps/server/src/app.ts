import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { type ClientConfig, ErrorCode } from '@foyer/contract';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { AppContext } from './context';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, isWriteConflict } from './db/errors';
import { busPlugin } from './events/bus.plugin';
import { features } from './features';
import { searchCachePlugin } from './features/participants/search.cache';
import { rateLimitKey } from './http/auth';
import { endIdleConnectionsWhileClosing } from './http/close-connections';
import { compressJson } from './http/compression';
import { reportServerError } from './http/crash-reports';
import { AppError } from './http/errors';
import { rejectNulCharacters } from './http/input-guard';
import { openApiRoutes } from './http/openapi';
import { connectRateLimitRedis } from './http/rate-limit';
import { addSecurityHeaders } from './http/security-headers';
import { spaPageWithWidget } from './http/spa-page';
import { schedulerPlugin } from './jobs/scheduler';
import { type PushGateway, pushPlugin } from './push/push';
import { createRealtime, REALTIME_CLEANUP_EVERY_MS, type Realtime } from './realtime/realtime';
import { type SmsGateway, smsPlugin } from './sms/sms';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Pushes records to socket.io rooms at /api/v1/realtime (see realtime/realtime.ts). */
    realtime: Realtime;
  }
}

export const API_PREFIX = '/api/v1';

/** The router's limit on one path parameter (Fastify's default `maxParamLength`). */
const MAX_PARAM_LENGTH = 100;

/** What a request that met another write unexpectedly hears (see isWriteConflict). */
const WRITE_CONFLICT = 'Someone changed this at the same moment. Nothing was saved: please try again.';

function sendUriTooLong(reply: FastifyReply) {
  return reply.status(414).send({
    success: false,
    error: { code: ErrorCode.UriTooLong, msg: 'A part of the address is too long' },
  });
}

/** The router's own refusals (bad percent-encoding, a path parameter over 100 characters), as envelopes. */
function sendFrameworkError(error: FastifyError, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendUriTooLong(reply);
  return reply.status(400).send({
    success: false,
    error: { code: ErrorCode.Validation, msg: 'The address is not valid (malformed percent-encoding)' },
  });
}

/** An address no route serves, in the envelope (404, or 414 for an over-long segment). */
function sendNoRoute(request: FastifyRequest, reply: FastifyReply) {
  // With the SPA served, its wildcard route (and /api/*) takes an over-long parameter before the
  // router can refuse it: answer as the router does without the SPA.
  const path = request.url.split('?')[0] ?? '';
  if (path.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH)) return sendUriTooLong(reply);
  return reply.status(404).send({
    success: false,
    error: { code: ErrorCode.NotFound, msg: `No route ${request.method} ${path}` },
  });
}

export interface AppOptions {
  /** Where text messages go (default: the outbox, shown at /dev/mailbox outside production). */
  smsGateway?: SmsGateway;
  /** Where Web Push messages go (default: the Web Push protocol to the browsers' push services). */
  pushGateway?: PushGateway;
}

export async function buildApp(ctx: AppContext, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      ctx.config.logLevel === 'silent'
        ? false
        : {
            level: ctx.config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', '*.password'],
          },
    bodyLimit: 4 * 1024 * 1024,
    // Malformed percent-encoding and over-long path parameters are refused by the router before any
    // route or hook runs; answer them in the envelope like every other error.
    frameworkErrors: (error, _request, reply) => sendFrameworkError(error, reply as FastifyReply),
    // Only behind a proxy we run: otherwise X-Forwarded-For would let a client pick its rate-limit key.
    trustProxy: ctx.config.trustProxy,
  });
  app.decorate('ctx', ctx);

  addSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The live-support widget (A1.18) is the only third-party script, and only when configured.
        // 'wasm-unsafe-eval' lets our own WebAssembly run (the door's QR decoder, E9.26); no eval().
        scriptSrc: [
          "'self'",
          "'wasm-unsafe-eval'",
          ...(ctx.config.supportWidgetOrigin ? [ctx.config.supportWidgetOrigin] : []),
        ],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: [
          "'self'",
          'ws:',
          'wss:',
          ...(ctx.config.supportWidgetOrigin ? [ctx.config.supportWidgetOrigin] : []),
          // The web app's crash reports (A2.64) go straight to the DSN's host, only when one is set.
          ...(ctx.config.sentryDsn ? [new URL(ctx.config.sentryDsn).origin] : []),
        ],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'https:'],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  app.addHook('preValidation', rejectNulCharacters);
  // JSON of 1 KB and more goes compressed to clients that accept it (a venue's Wi-Fi is slow).
  app.addHook('onSend', compressJson);
  // Per-route limits (perMinute); counted in Redis when REDIS_URL is set, so that several instances
  // behind one address share the counters, else in this process. While Redis does not answer within
  // REDIS_DEADLINE_MS, each process counts by itself (http/rate-limit.ts): no request waits for it.
  const rateLimitRedis = ctx.config.redisUrl
    ? await connectRateLimitRedis(ctx.config.redisUrl, app.log)
    : null;
  if (rateLimitRedis) app.addHook('onClose', () => rateLimitRedis.close());
  await app.register(rateLimit, {
    global: false,
    // Per signed-in account, else per client address (a venue's attendees share its address).
    keyGenerator: rateLimitKey,
    ...(rateLimitRedis
      ? { redis: rateLimitRedis.redis, nameSpace: `${ctx.config.redisPrefix}-rate-limit:`, skipOnError: true }
      : {}),
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({
        success: false,
        error: { code: error.code, msg: error.message, ...(error.fields ? { fields: error.fields } : {}) },
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({
        success: false,
        error: { code: ErrorCode.RateLimited, msg: 'Too many requests, try again later' },
      });
    }
    if (status === 413) {
      return reply.status(413).send({
        success: false,
        error: { code: ErrorCode.PayloadTooLarge, msg: 'Request body is too large' },
      });
    }
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ success: false, error: { code: ErrorCode.Validation, msg: error.message } });
    }
    if (isWriteConflict(error)) {
      // Two writes met where no code expected it: the request changed nothing (its transaction
      // rolled back) and may simply be sent again. Logged and reported, as a bug to look at.
      request.log.warn({ err: error }, 'write conflict');
      reportServerError(error, request);
      return reply
        .status(409)
        .send({ success: false, error: { code: ErrorCode.Conflict, msg: WRITE_CONFLICT } });
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL restarting, failing over or out of connections: not a bug in the request. 503 is
      // what the web app takes as "not reached": it keeps what it shows and asks again.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ success: false, error: { code: ErrorCode.Unavailable, msg: DATABASE_UNAVAILABLE } });
    }
    request.log.error({ err: error }, 'unhandled error');
    reportServerError(error, request);
    // 5xx details stay in the log, never in the response.
    return reply
      .status(500)
      .send({ success: false, error: { code: ErrorCode.Internal, msg: 'Unknown error' } });
  });

  app.get(`${API_PREFIX}/health`, async () => {
    await ctx.db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
    // mail 'outbox': e-mail is not delivered (no SMTP_URL), see docs/decisions/006.
    return { success: true, data: { status: 'ok', database: ctx.dbKind, mail: ctx.mailer.kind } };
  });

  // Public, read at run time by the web app (so one build serves every deployment).
  app.get(`${API_PREFIX}/client-config`, async (_request, reply) => {
    const data: ClientConfig = { sentryDsn: ctx.config.sentryDsn ?? null };
    reply.header('cache-control', 'no-cache');
    return { success: true, data };
  });

  // GET /api/v1/openapi.json (from the contract's route catalogue) and the reference page /api/docs.
  await openApiRoutes(app);

  // Infrastructure and shared services, as named plugins (decorators app.scheduler, app.bus,
  // app.sms, app.searchCache); the features after them.
  await app.register(schedulerPlugin);
  await app.register(busPlugin);
  // Before the features, which register their room policies on it; closed before the HTTP server.
  // Pushes records written in a transaction through the event bus once it committed (its processor).
  const realtime = await createRealtime(app.server, { ...ctx, log: app.log, bus: app.bus });
  app.decorate('realtime', realtime);
  app.addHook('preClose', () => realtime.close());
  endIdleConnectionsWhileClosing(app);
  app.scheduler.every('realtime-cleanup', REALTIME_CLEANUP_EVERY_MS, () => realtime.cleanup());
  await app.register(smsPlugin, options.smsGateway ? { gateway: options.smsGateway } : {});
  await app.register(pushPlugin, options.pushGateway ? { gateway: options.pushGateway } : {});
  await app.register(searchCachePlugin);

  for (const feature of features) {
    await app.register(feature, { prefix: API_PREFIX });
  }

  const hasSpa = existsSync(join(ctx.config.webDist, 'index.html'));
  const spaPage = hasSpa ? spaPageWithWidget(ctx.config.webDist, ctx.config.supportWidgetUrl) : null;
  /** The web app's page, for every path that is the SPA's (it renders its own not-found page, A2.19). */
  const sendSpa = (reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    if (!spaPage) return reply.type('text/html').sendFile('index.html');
    return spaPage().then((html) => reply.type('text/html; charset=utf-8').send(html));
  };
  if (hasSpa) {
    // The address people open first: the static files' wildcard would answer it 403 (a directory).
    app.get('/', (_request, reply) => sendSpa(reply));
    // Unknown API paths are answered before the web app's catch-all route below would look each
    // one up on disk (several file-system calls: 5× the CPU time of the answer itself).
    app.get('/api/*', (request, reply) => sendNoRoute(request, reply));
    // wildcard: files are looked up per request, so a rebuild is served without a restart.
    await app.register(fastifyStatic, {
      root: ctx.config.webDist,
      wildcard: true,
      index: false,
      // A directory of the build (/assets/) is no file: the not-found handler below, not a 403.
      allowedPath: (pathname) => !pathname.endsWith('/'),
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        // Vite names assets by content hash: cache them for good; everything else revalidates.
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') return sendNoRoute(request, reply);
    // A missing file (an old asset after a rebuild, an image under /public/) is a 404, whether or
    // not the web app is built: it must not come back as HTML with status 200, nor as a 503.
    if (/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!hasSpa) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build`, then start again.');
    }
    // Every other path is the SPA's.
    return sendSpa(reply);
  });

  return app;
}
