import type { Executor } from '../../db/executor';

/** A browser's subscription: one row per endpoint, owned by the account last signed in on it. */
export async function saveSubscription(
  db: Executor,
  row: { userId: number; endpoint: string; p256dh: string; auth: string; language: string },
): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({
      user_id: row.userId,
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
      language: row.language,
    })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: row.userId,
        p256dh: row.p256dh,
        auth: row.auth,
        language: row.language,
      }),
    )
    .execute();
}

/** Only the owner's: another account cannot switch off someone else's browser. */
export async function deleteSubscription(db: Executor, userId: number, endpoint: string): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

export async function deleteSubscriptionById(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export function subscriptionsOf(db: Executor, userId: number) {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth', 'language'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** Of these accounts, those with at least one browser subscribed, and the topics each muted. */
export async function pushableUsers(db: Executor, userIds: number[]): Promise<Map<number, string[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users as u')
    .select(['u.id', 'u.push_muted'])
    .where('u.id', 'in', [...new Set(userIds)])
    .where((eb) =>
      eb.exists(eb.selectFrom('push_subscriptions as s').select('s.id').whereRef('s.user_id', '=', 'u.id')),
    )
    .execute();
  return new Map(rows.map((r) => [r.id, r.push_muted ?? []]));
}

/** Everyone in the event with a browser subscribed, and their muted topics (one join, not an id list). */
export async function pushableInEvent(db: Executor, eventId: number): Promise<Map<number, string[]>> {
  const rows = await db
    .selectFrom('participants as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['u.id', 'u.push_muted'])
    .distinct()
    .where('p.event_id', '=', eventId)
    .where('p.state', '!=', 'deleted')
    .where((eb) =>
      eb.exists(eb.selectFrom('push_subscriptions as s').select('s.id').whereRef('s.user_id', '=', 'u.id')),
    )
    .execute();
  return new Map(rows.map((r) => [r.id, r.push_muted ?? []]));
}

export async function mutedTopics(db: Executor, userId: number): Promise<string[]> {
  const row = await db.selectFrom('users').select('push_muted').where('id', '=', userId).executeTakeFirst();
  return row?.push_muted ?? [];
}

export async function setMutedTopics(db: Executor, userId: number, topics: string[]): Promise<void> {
  await db
    .updateTable('users')
    .set({ push_muted: JSON.stringify(topics) })
    .where('id', '=', userId)
    .execute();
}

export async function wasSent(db: Executor, dedupeKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('push_sent')
    .select('dedupe_key')
    .where('dedupe_key', '=', dedupeKey)
    .executeTakeFirst();
  return row !== undefined;
}

export async function markSent(db: Executor, dedupeKey: string): Promise<void> {
  await db
    .insertInto('push_sent')
    .values({ dedupe_key: dedupeKey })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/** Hourly housekeeping: keys older than a push's lifetime cannot be retried any more. */
export async function forgetSentBefore(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('push_sent').where('created_at', '<', before).execute();
}
