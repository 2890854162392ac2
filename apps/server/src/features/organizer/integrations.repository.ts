import { MEETING_SLOT_SESSION_TYPE, SESSION_TYPE_OFF_TIME } from '@foyer/contract';
import { type Kysely, sql } from 'kysely';
import { type Executor, firstRow } from '../../db/executor';
import type { DB, WebhookAttempt } from '../../db/schema';

/** The SQL of the integrations area (docs/decisions/017): API keys, webhooks, deliveries, the API's reads. */

// ---------------------------------------------------------------- API keys

export function findApiKeys(db: Executor, eventId: number) {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('id', 'desc')
    .execute();
}

export function insertApiKey(
  db: Executor,
  values: {
    event_id: number;
    name: string;
    prefix: string;
    key_hash: string;
    scopes: string[];
    created_by: number;
  },
) {
  return db.insertInto('api_keys').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Revokes the key (once: a second revoke keeps the first time); undefined when not the event's. */
export function revokeApiKey(db: Executor, eventId: number, keyId: number, at: Date) {
  return db
    .updateTable('api_keys')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', sql<Date>`${at}`) }))
    .where('id', '=', keyId)
    .where('event_id', '=', eventId)
    .returningAll()
    .executeTakeFirst();
}

// ---------------------------------------------------------------- webhooks

export function findWebhooks(db: Executor, eventId: number) {
  return db.selectFrom('webhooks').selectAll().where('event_id', '=', eventId).orderBy('id').execute();
}

/** The event's webhook; `keep` holds it against a delete until the transaction ends (FOR KEY SHARE). */
export function findWebhook(db: Executor, eventId: number, webhookId: number, keep?: 'keep') {
  return firstRow(
    db.selectFrom('webhooks').selectAll().where('id', '=', webhookId).where('event_id', '=', eventId),
    keep,
  );
}

export function insertWebhook(
  db: Executor,
  values: {
    event_id: number;
    url: string;
    secret: string;
    events: string[];
    active: boolean;
    created_by: number;
  },
) {
  return db.insertInto('webhooks').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateWebhook(
  db: Executor,
  eventId: number,
  webhookId: number,
  values: Partial<{ url: string; secret: string; events: string[]; active: boolean }>,
) {
  return db
    .updateTable('webhooks')
    .set(values)
    .where('id', '=', webhookId)
    .where('event_id', '=', eventId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteWebhook(db: Executor, eventId: number, webhookId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('webhooks')
    .where('id', '=', webhookId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The event's active webhooks subscribed to `eventType`. */
export function findSubscribers(db: Executor, eventId: number, eventType: string) {
  return db
    .selectFrom('webhooks')
    .select('id')
    .where('event_id', '=', eventId)
    .where('active', '=', true)
    .where(sql<boolean>`${eventType} = ANY(events)`)
    .orderBy('id')
    .execute();
}

// ---------------------------------------------------------------- deliveries

export function insertDeliveries(
  db: Executor,
  rows: { webhook_id: number; event_type: string; payload: string; next_attempt_at: Date }[],
) {
  if (rows.length === 0) return Promise.resolve([]);
  return db.insertInto('webhook_deliveries').values(rows).returningAll().execute();
}

export function findDeliveries(db: Executor, webhookId: number, limit: number) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function findDelivery(db: Executor, deliveryId: number) {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', deliveryId).executeTakeFirst();
}

/** What the sender needs of a claimed delivery. */
export interface ClaimedDelivery {
  id: number;
  event_type: string;
  payload: Record<string, unknown>;
  attempts: number;
  url: string;
  secret: string;
}

/**
 * Claims up to `limit` due deliveries (or just `onlyId`) of active webhooks (any, `evenInactive`): `FOR UPDATE SKIP
 * LOCKED` lets two processes race without taking one row twice, and pushing `next_attempt_at` by
 * `leaseMs` keeps the row theirs while the POST runs outside any transaction.
 */
export async function claimDue(
  db: Kysely<DB>,
  opts: { now: Date; leaseMs: number; limit: number; onlyId?: number; evenInactive?: boolean },
): Promise<ClaimedDelivery[]> {
  const only = opts.onlyId === undefined ? sql`TRUE` : sql`d.id = ${opts.onlyId}`;
  const active = opts.evenInactive ? sql`TRUE` : sql`w.active`;
  const leaseUntil = new Date(opts.now.getTime() + opts.leaseMs);
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<ClaimedDelivery>`
      UPDATE webhook_deliveries AS d SET next_attempt_at = ${leaseUntil}
      FROM webhooks w
      WHERE w.id = d.webhook_id AND d.id IN (
        SELECT d.id FROM webhook_deliveries d
        JOIN webhooks w ON w.id = d.webhook_id AND ${active}
        WHERE d.status IN ('pending', 'failed') AND d.next_attempt_at <= ${opts.now} AND ${only}
        ORDER BY d.next_attempt_at, d.id
        LIMIT ${opts.limit}
        FOR UPDATE OF d SKIP LOCKED)
      RETURNING d.id, d.event_type, d.payload, d.attempts, w.url, w.secret`.execute(trx);
    return rows;
  });
}

/** Records one attempt: delivered, a retry at `nextAttemptAt`, or given up (`dead`). */
export async function recordAttempt(
  db: Executor,
  id: number,
  outcome: {
    status: 'delivered' | 'failed' | 'dead';
    attempt: WebhookAttempt;
    nextAttemptAt: Date | null;
    deliveredAt: Date | null;
  },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: outcome.status,
      attempts: sql<number>`attempts + 1`,
      next_attempt_at: outcome.nextAttemptAt,
      delivered_at: outcome.deliveredAt,
      last_status_code: outcome.attempt.statusCode,
      last_error: outcome.attempt.error,
      attempt_log: sql`attempt_log || ${JSON.stringify([outcome.attempt])}::jsonb`,
    })
    .where('id', '=', id)
    .execute();
}

// ---------------------------------------------------------------- the integration API's reads

/** A page of the event's participants by id (deleted ones left out), with their type's name. */
export function findParticipantsPage(db: Executor, eventId: number, after: number, limit: number) {
  return participantQuery(db, eventId)
    .where('p.id', '>', after)
    .where('p.state', '!=', 'deleted')
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

export function findParticipantSummary(db: Executor, eventId: number, participantId: number) {
  return participantQuery(db, eventId).where('p.id', '=', participantId).executeTakeFirst();
}

export function findParticipantSummaryByTicket(db: Executor, eventId: number, ticketId: string) {
  return participantQuery(db, eventId)
    .where('p.ticket_id', '=', ticketId)
    .where('p.state', '!=', 'deleted')
    .executeTakeFirst();
}

export function findParticipantIdOfUser(db: Executor, eventId: number, userId: number) {
  return db
    .selectFrom('participants')
    .select('id')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

function participantQuery(db: Executor, eventId: number) {
  return db
    .selectFrom('participants as p')
    .leftJoin('participant_types as t', 't.id', 'p.type_id')
    .select([
      'p.id',
      'p.name',
      'p.surname',
      'p.email',
      'p.company',
      'p.job_title',
      't.name as type_name',
      'p.state',
      'p.created_at',
    ])
    .where('p.event_id', '=', eventId);
}

export type ParticipantSummaryRow = NonNullable<Awaited<ReturnType<typeof findParticipantSummary>>>;

/** A page of the event's sessions by id: not deleted, not meeting slots or off-times. */
export function findSessionsPage(db: Executor, eventId: number, after: number, limit: number) {
  return db
    .selectFrom('sessions as s')
    .leftJoin('locations as l', 'l.id', 's.location_id')
    .leftJoin('tracks as tr', 'tr.id', 's.track_id')
    .select([
      's.id',
      's.name',
      's.type',
      's.sdt',
      's.edt',
      'l.name as location',
      'tr.name as track',
      's.capacity',
      's.hidden',
    ])
    .where('s.event_id', '=', eventId)
    .where('s.deleted', '=', false)
    .where('s.type', 'not in', [MEETING_SLOT_SESSION_TYPE, SESSION_TYPE_OFF_TIME])
    .where('s.id', '>', after)
    .orderBy('s.id')
    .limit(limit)
    .execute();
}

/** The meeting's time and people, for meeting.confirmed (undefined when gone). */
export async function findMeetingSummary(db: Executor, eventId: number, meetingId: number) {
  const meeting = await db
    .selectFrom('meetings')
    .selectAll()
    .where('id', '=', meetingId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  if (!meeting) return undefined;
  const people = await db
    .selectFrom('meeting_participants')
    .select('participant_id')
    .where('meeting_id', '=', meetingId)
    .where('active', '=', true)
    .orderBy('participant_id')
    .execute();
  return { meeting, participantIds: people.map((p) => p.participant_id) };
}
