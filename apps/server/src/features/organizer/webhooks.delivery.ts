import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { AppContext } from '../../context';
import type { WebhookAttempt } from '../../db/schema';
import { type ClaimedDelivery, claimDue, recordAttempt } from './integrations.repository';
import { addressRefusal, guardedLookup, RefusedAddressError } from './webhooks.address';

/**
 * Sending webhook deliveries (docs/decisions/017): a scheduler job claims due rows, POSTs each as
 * JSON signed Stripe-style, and records the attempt; a failure is retried with backoff, then dead.
 */

/** Wait before the next attempt after attempt n (1-based) failed; after the last one, dead. */
export const RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const DELIVERY_TIMEOUT_MS = 5_000;
/** How long a claimed row stays the claimer's (the POST's timeout, and slack). */
const LEASE_MS = 60_000;
const BATCH = 20;
/** Batches per job run, so one run ends even when rows keep coming. */
const MAX_BATCHES = 10;
const MAX_ERROR_LENGTH = 500;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: the receiver recomputes it with the secret. */
export function signature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** The JSON body: what happened, when, and its data. `id` is the delivery's, for idempotency. */
export function deliveryBody(delivery: Pick<ClaimedDelivery, 'id' | 'event_type' | 'payload'>): string {
  return JSON.stringify({ id: delivery.id, type: delivery.event_type, ...delivery.payload });
}

/**
 * POSTs `body` and resolves with the answer's status code once its body is read (and dropped: the
 * answer is not kept). The connection goes only to an address `addressRefusal` allows; a redirect is
 * not followed (the owner registered this address, not another one).
 */
function postTo(url: URL, headers: Record<string, string>, body: string, allowPrivate: boolean) {
  return new Promise<number>((resolve, reject) => {
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    const refusal = isIP(literal) ? addressRefusal(literal, allowPrivate) : null;
    if (refusal) return reject(new RefusedAddressError(refusal));
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup((ip) => addressRefusal(ip, allowPrivate)),
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      },
      (response) => {
        response.on('error', reject);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.resume();
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** One POST; never throws: a failure is an attempt with its error. */
async function post(delivery: ClaimedDelivery, at: Date, allowPrivate: boolean): Promise<WebhookAttempt> {
  const body = deliveryBody(delivery);
  const started = Date.now();
  const done = (statusCode: number | null, error: string | null): WebhookAttempt => ({
    at: at.toISOString(),
    statusCode,
    error: error === null ? null : error.slice(0, MAX_ERROR_LENGTH),
    durationMs: Date.now() - started,
  });
  try {
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Foyer-Webhooks/1',
      'x-foyer-event': delivery.event_type,
      'x-foyer-delivery': String(delivery.id),
      'x-foyer-signature': signature(delivery.secret, body, at),
    };
    const status = await postTo(new URL(delivery.url), headers, body, allowPrivate);
    const ok = status >= 200 && status < 300;
    return done(status, ok ? null : `HTTP ${status}`);
  } catch (error) {
    return done(null, describe(error));
  }
}

function describe(error: unknown): string {
  if (error instanceof RefusedAddressError) return `Address not allowed: ${error.message}`;
  if (error instanceof Error) {
    const reason = (error as { cause?: unknown }).cause;
    if (error.name === 'TimeoutError' || (reason instanceof Error && reason.name === 'TimeoutError'))
      return `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`;
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && code !== 'ABORT_ERR' ? code : error.message;
  }
  return String(error);
}

/** Attempts one claimed delivery and records how it went. */
async function attempt(ctx: AppContext, delivery: ClaimedDelivery): Promise<void> {
  const at = ctx.now();
  const result = await post(delivery, at, ctx.config.webhookPrivateNetwork);
  const number = delivery.attempts + 1;
  if (result.error === null) {
    await recordAttempt(ctx.db, delivery.id, {
      status: 'delivered',
      attempt: result,
      nextAttemptAt: null,
      deliveredAt: ctx.now(),
    });
    return;
  }
  const delay = RETRY_DELAYS_MS[number - 1];
  await recordAttempt(ctx.db, delivery.id, {
    status: delay === undefined ? 'dead' : 'failed',
    attempt: result,
    nextAttemptAt: delay === undefined ? null : new Date(at.getTime() + delay),
    deliveredAt: null,
  });
}

/**
 * The job: sends every due delivery of an active webhook, a batch at a time; or only `onlyId`
 * ("send test", `evenInactive`). Returns how many were attempted.
 */
export async function sendDueDeliveries(
  ctx: AppContext,
  only: { onlyId: number; evenInactive: boolean } | null = null,
): Promise<number> {
  let sent = 0;
  const onlyId = only?.onlyId;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const claimed = await claimDue(ctx.db, {
      now: ctx.now(),
      leaseMs: LEASE_MS,
      limit: BATCH,
      ...(only ? only : {}),
    });
    if (claimed.length === 0) break;
    await Promise.all(claimed.map((delivery) => attempt(ctx, delivery)));
    sent += claimed.length;
    if (onlyId !== undefined || claimed.length < BATCH) break;
  }
  return sent;
}
