import { randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
  type createApiKeyRequest,
  type createWebhookRequest,
  type IntegrationParticipant,
  type IntegrationSession,
  type integrationPageQuery,
  type updateWebhookRequest,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryEvent,
  type WebhookEventType,
  type WebhookWithSecret,
} from '@foyer/contract';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import type { ApiKeysTable, WebhookDeliveriesTable, WebhooksTable } from '../../db/schema';
import { hashApiKey } from '../../http/api-key';
import { AppError } from '../../http/errors';
import * as repo from './integrations.repository';
import { requireConsole } from './organizer.access';
import { urlRefusal } from './webhooks.address';
import { sendDueDeliveries } from './webhooks.delivery';

/** The console's integrations area (issue 12, part 8; docs/decisions/017). Owner only. */

const DELIVERY_LOG_LENGTH = 50;
/** Characters of the secret (after `foyer_`) shown in lists. */
const PREFIX_LENGTH = 8;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

function presentKey(row: Selectable<ApiKeysTable>): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
  };
}

function presentWebhook(row: Selectable<WebhooksTable>): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    active: row.active,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

function presentDelivery(row: Selectable<WebhookDeliveriesTable>): WebhookDelivery {
  return {
    id: row.id,
    event: row.event_type,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    createdAt: new Date(row.created_at).toISOString(),
    nextAttemptAt: row.status === 'pending' || row.status === 'failed' ? iso(row.next_attempt_at) : null,
    deliveredAt: iso(row.delivered_at),
    log: row.attempt_log,
  };
}

const owner = (ctx: AppContext, eventId: number, userId: number) =>
  requireConsole(ctx.db, eventId, userId, 'integrations');

// ---------------------------------------------------------------- API keys

export async function listApiKeys(ctx: AppContext, userId: number, eventId: number): Promise<ApiKey[]> {
  await owner(ctx, eventId, userId);
  return (await repo.findApiKeys(ctx.db, eventId)).map(presentKey);
}

/** A new key: its secret is answered this once; only its SHA-256 is kept. */
export async function createApiKey(
  ctx: AppContext,
  userId: number,
  eventId: number,
  input: z.output<typeof createApiKeyRequest>,
): Promise<CreatedApiKey> {
  await owner(ctx, eventId, userId);
  const random = randomBytes(32).toString('base64url');
  const secret = `${API_KEY_PREFIX}${random}`;
  const row = await repo.insertApiKey(ctx.db, {
    event_id: eventId,
    name: input.name,
    prefix: random.slice(0, PREFIX_LENGTH),
    key_hash: hashApiKey(secret),
    scopes: input.scopes,
    created_by: userId,
  });
  return { key: presentKey(row), secret };
}

export async function revokeApiKey(
  ctx: AppContext,
  userId: number,
  eventId: number,
  keyId: number,
): Promise<ApiKey> {
  await owner(ctx, eventId, userId);
  const row = await repo.revokeApiKey(ctx.db, eventId, keyId, ctx.now());
  if (!row) throw AppError.notFound('API key not found');
  return presentKey(row);
}

// ---------------------------------------------------------------- webhooks

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export async function listWebhooks(ctx: AppContext, userId: number, eventId: number): Promise<Webhook[]> {
  await owner(ctx, eventId, userId);
  return (await repo.findWebhooks(ctx.db, eventId)).map(presentWebhook);
}

/** An address deliveries may not go to (webhooks.address.ts) is a field error when saved. */
function refuseAddress(ctx: AppContext, url: string): void {
  const refusal = urlRefusal(url, ctx.config.webhookPrivateNetwork);
  if (refusal) {
    throw AppError.badRequest(`Webhooks cannot be sent there: ${refusal}`, {
      url: 'organizer.integrations.error.address',
    });
  }
}

export async function createWebhook(
  ctx: AppContext,
  userId: number,
  eventId: number,
  input: z.output<typeof createWebhookRequest>,
): Promise<WebhookWithSecret> {
  await owner(ctx, eventId, userId);
  refuseAddress(ctx, input.url);
  const secret = newSecret();
  const row = await repo.insertWebhook(ctx.db, {
    event_id: eventId,
    url: input.url,
    secret,
    events: input.events,
    active: input.active,
    created_by: userId,
  });
  return { webhook: presentWebhook(row), secret };
}

export async function updateWebhook(
  ctx: AppContext,
  userId: number,
  eventId: number,
  webhookId: number,
  input: z.output<typeof updateWebhookRequest>,
): Promise<WebhookWithSecret> {
  await owner(ctx, eventId, userId);
  if (input.url !== undefined) refuseAddress(ctx, input.url);
  const secret = input.rotateSecret ? newSecret() : null;
  const values = {
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.events !== undefined ? { events: input.events } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
    ...(secret ? { secret } : {}),
  };
  const row =
    Object.keys(values).length > 0
      ? await repo.updateWebhook(ctx.db, eventId, webhookId, values)
      : await repo.findWebhook(ctx.db, eventId, webhookId);
  if (!row) throw AppError.notFound('Webhook not found');
  return { webhook: presentWebhook(row), secret };
}

export async function deleteWebhook(
  ctx: AppContext,
  userId: number,
  eventId: number,
  webhookId: number,
): Promise<null> {
  await owner(ctx, eventId, userId);
  if (!(await repo.deleteWebhook(ctx.db, eventId, webhookId))) throw AppError.notFound('Webhook not found');
  return null;
}

async function requireWebhook(ctx: AppContext, userId: number, eventId: number, webhookId: number) {
  await owner(ctx, eventId, userId);
  const webhook = await repo.findWebhook(ctx.db, eventId, webhookId);
  if (!webhook) throw AppError.notFound('Webhook not found');
  return webhook;
}

export async function listDeliveries(
  ctx: AppContext,
  userId: number,
  eventId: number,
  webhookId: number,
): Promise<WebhookDelivery[]> {
  await requireWebhook(ctx, userId, eventId, webhookId);
  return (await repo.findDeliveries(ctx.db, webhookId, DELIVERY_LOG_LENGTH)).map(presentDelivery);
}

/** The body's fields besides `id` and `type`. */
export function deliveryPayload(eventId: number, at: Date, data: Record<string, unknown>) {
  return { eventId, occurredAt: at.toISOString(), data };
}

/** Queues rows for these webhooks (in the caller's transaction, when given), due now. */
export function queueDeliveries(
  db: Executor,
  webhookIds: number[],
  eventType: WebhookDeliveryEvent,
  payload: Record<string, unknown>,
  at: Date,
) {
  const body = JSON.stringify(payload);
  return repo.insertDeliveries(
    db,
    webhookIds.map((id) => ({ webhook_id: id, event_type: eventType, payload: body, next_attempt_at: at })),
  );
}

/**
 * "Send test": queues a `ping` delivery and attempts it at once (even on an inactive webhook, the
 * one way to try a receiver before switching it on), answering how that went. A failure is retried
 * like any delivery while the webhook is active.
 */
export async function sendTest(
  ctx: AppContext,
  userId: number,
  eventId: number,
  webhookId: number,
): Promise<WebhookDelivery> {
  const webhook = await requireWebhook(ctx, userId, eventId, webhookId);
  const at = ctx.now();
  const payload = deliveryPayload(eventId, at, { message: 'Hello from Foyer', webhookId: webhook.id });
  // Queued with the webhook held: one deleted meanwhile is a 404, not a broken foreign key.
  const [queued] = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.findWebhook(trx, eventId, webhook.id, 'keep')))
      throw AppError.notFound('Webhook not found');
    return queueDeliveries(trx, [webhook.id], 'ping', payload, at);
  });
  if (!queued) throw new Error('the test delivery was not written');
  await sendDueDeliveries(ctx, { onlyId: queued.id, evenInactive: true });
  const row = await repo.findDelivery(ctx.db, queued.id);
  return presentDelivery(row ?? queued);
}

// ---------------------------------------------------------------- the integration API

export function presentParticipant(row: repo.ParticipantSummaryRow): IntegrationParticipant {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    email: row.email,
    company: row.company,
    jobTitle: row.job_title,
    type: row.type_name,
    state: row.state,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

type PageQuery = z.output<typeof integrationPageQuery>;

export async function integrationParticipants(ctx: AppContext, eventId: number, query: PageQuery) {
  const rows = await repo.findParticipantsPage(ctx.db, eventId, query.after ?? 0, query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(presentParticipant),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

export async function integrationSessions(ctx: AppContext, eventId: number, query: PageQuery) {
  const rows = await repo.findSessionsPage(ctx.db, eventId, query.after ?? 0, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const items: IntegrationSession[] = page.map((row) => ({
    id: row.id,
    name: row.name,
    type: row.type,
    sdt: new Date(row.sdt).toISOString(),
    edt: new Date(row.edt).toISOString(),
    location: row.location,
    track: row.track,
    capacity: row.capacity,
    hidden: row.hidden,
  }));
  return { items, nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
}
