import { createHmac } from 'node:crypto';
import type { AppContext } from '../../context';
import type { WebhookAttempt } from '../../db/schema';
import { type ClaimedDelivery, claimDue, recordAttempt } from './integrations.repository';

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

/** One POST; never throws: a failure is an attempt with its error. */
async function post(delivery: ClaimedDelivery, at: Date): Promise<WebhookAttempt> {
  const body = deliveryBody(delivery);
  const started = Date.now();
  const done = (statusCode: number | null, error: string | null): WebhookAttempt => ({
    at: at.toISOString(),
    statusCode,
    error: error === null ? null : error.slice(0, MAX_ERROR_LENGTH),
    durationMs: Date.now() - started,
  });
  try {
    const response = await fetch(delivery.url, {
      method: 'POST',
      // A redirect is not followed: the owner registered this address, not another one.
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Foyer-Webhooks/1',
        'x-foyer-event': delivery.event_type,
        'x-foyer-delivery': String(delivery.id),
        'x-foyer-signature': signature(delivery.secret, body, at),
      },
      body,
    });
    // The answer's body is not kept; read it so the connection is released.
    await response.arrayBuffer().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    return done(response.status, ok ? null : `HTTP ${response.status}`);
  } catch (error) {
    return done(null, describe(error));
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}

/** Attempts one claimed delivery and records how it went. */
async function attempt(ctx: AppContext, delivery: ClaimedDelivery): Promise<void> {
  const at = ctx.now();
  const result = await post(delivery, at);
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
