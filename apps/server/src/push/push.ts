import fp from 'fastify-plugin';
import webpush from 'web-push';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where Web Push messages go (push/push.ts). */
    push: PushGateway;
  }
}

/** A browser's subscription as the server keeps it. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type PushOutcome =
  /** The push service took it. */
  | 'sent'
  /** The subscription is no more (404/410): forget it. */
  | 'gone'
  /** Try later (a timeout, a refused connection, 429 or 5xx). */
  | 'later'
  /** The push service refused this message for good (400, 403, 413…): do not try it again. */
  | 'refused';

/** Where Web Push messages go. The push services are outside the machine: plug another in with the plugin's `gateway` option. */
export interface PushGateway {
  send(
    target: PushTarget,
    payload: string,
    options: { ttlSeconds: number; topic?: string },
  ): Promise<PushOutcome>;
}

/** Seconds a push service waits for the device before it drops a message. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/**
 * The default gateway: the Web Push protocol itself (RFC 8030 delivery, RFC 8291 aes128gcm payload
 * encryption, RFC 8292 VAPID), the request built by `web-push` and sent with fetch, so that a push
 * service on loopback over http (a test's) is reached the same way as FCM or Mozilla's over https.
 */
export function webPushGateway(vapid: {
  publicKey: string;
  privateKey: string;
  subject: string;
}): PushGateway {
  return {
    async send(target, payload, options) {
      const request = webpush.generateRequestDetails(target, payload, {
        vapidDetails: vapid,
        TTL: options.ttlSeconds,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
        ...(options.topic ? { topic: options.topic } : {}),
      });
      let status: number;
      try {
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ? new Uint8Array(request.body) : null,
          redirect: 'error',
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        await response.arrayBuffer().catch(() => undefined);
        status = response.status;
      } catch {
        return 'later';
      }
      if (status >= 200 && status < 300) return 'sent';
      if (status === 404 || status === 410) return 'gone';
      if (status === 429 || status >= 500) return 'later';
      return 'refused';
    },
  };
}

/** Decorates `app.push`: the given gateway, else Web Push with the configured VAPID keys. */
export const pushPlugin = fp<{ gateway?: PushGateway }>(
  async (app, options) => {
    app.decorate('push', options.gateway ?? webPushGateway(app.ctx.config.vapid));
  },
  { name: 'push', fastify: '5.x', decorators: { fastify: ['ctx'] } },
);
