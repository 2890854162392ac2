import type { CheckInSyncItem } from '@foyer/contract';
import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';

/** An answer as stored: the sync item without its nonce. */
export type StoredItem =
  | Omit<Extract<CheckInSyncItem, { status: 'done' }>, 'nonce'>
  | Omit<Extract<CheckInSyncItem, { status: 'failed' }>, 'nonce'>;

/** The answers already stored for these nonces of a device. */
export async function storedResults(
  db: Executor,
  eventId: number,
  deviceId: string,
  nonces: string[],
): Promise<Map<string, StoredItem>> {
  if (nonces.length === 0) return new Map();
  const rows = await db
    .selectFrom('checkin_sync')
    .select(['nonce', 'result'])
    .where('event_id', '=', eventId)
    .where('device_id', '=', deviceId)
    .where('nonce', 'in', nonces)
    .execute();
  return new Map(rows.map((r) => [r.nonce, r.result as StoredItem]));
}

/**
 * Claims a scan for this transaction: true when it is new. A twin request holding the same claim
 * makes this wait until it commits (then false: read its answer) or rolls back (then true).
 */
export async function claim(
  trx: Transaction<DB>,
  eventId: number,
  deviceId: string,
  nonce: string,
  at: Date,
): Promise<boolean> {
  const { rows } = await sql<{ nonce: string }>`
    INSERT INTO checkin_sync (event_id, device_id, nonce, result, created_at)
    VALUES (${eventId}, ${deviceId}, ${nonce}, 'null'::jsonb, ${at})
    ON CONFLICT DO NOTHING
    RETURNING nonce`.execute(trx);
  return rows.length === 1;
}

export async function storeResult(
  trx: Transaction<DB>,
  eventId: number,
  deviceId: string,
  nonce: string,
  item: StoredItem,
): Promise<void> {
  await trx
    .updateTable('checkin_sync')
    .set({ result: JSON.stringify(item) })
    .where('event_id', '=', eventId)
    .where('device_id', '=', deviceId)
    .where('nonce', '=', nonce)
    .execute();
}

/** The stored answer of a claimed scan: null while it is claimed and not applied yet. */
export async function readResult(
  trx: Transaction<DB>,
  eventId: number,
  deviceId: string,
  nonce: string,
  options: { forUpdate?: boolean } = {},
): Promise<StoredItem | null> {
  let query = trx
    .selectFrom('checkin_sync')
    .select('result')
    .where('event_id', '=', eventId)
    .where('device_id', '=', deviceId)
    .where('nonce', '=', nonce);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return (row?.result as StoredItem | null | undefined) ?? null;
}

/** A command's stored answer: undefined when there is no such command, null while it waits. */
export async function storedCommand(
  db: Executor,
  eventId: number,
  deviceId: string,
  nonce: string,
): Promise<StoredItem | null | undefined> {
  const row = await db
    .selectFrom('checkin_sync')
    .select('result')
    .where('event_id', '=', eventId)
    .where('device_id', '=', deviceId)
    .where('nonce', '=', nonce)
    .executeTakeFirst();
  return row ? ((row.result as StoredItem | null) ?? null) : undefined;
}

/** Forgets answers older than `before` (a device resends within minutes or days, not months). */
export async function pruneSync(db: Executor, before: Date): Promise<number> {
  const result = await db.deleteFrom('checkin_sync').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
