import type { CheckInEntityType, ScanMethod, ScanType } from '@foyer/contract';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The SQL of one scan (checkin.scan.ts). Every scan of an area first locks the area's counter row,
 * so the scans of one area run one after another: the status read, the decision and the writes
 * cannot interleave (two scanners on one ticket, a toggle flood, the last place of a room), and
 * every scan takes its locks in the same order (area, then status row), so none deadlock.
 */

/** Locks the area's counter row until the transaction ends; how many are inside now. */
export async function lockArea(trx: Transaction<DB>, areaId: number): Promise<number> {
  const { rows } = await sql<{ capacity_used: number }>`
    SELECT capacity_used FROM checkin_areas WHERE id = ${areaId} FOR UPDATE`.execute(trx);
  return rows[0]?.capacity_used ?? 0;
}

/** A person's status in an area, with who and what made its last change. */
export function readStatus(trx: Transaction<DB>, areaId: number, participantId: number) {
  return trx
    .selectFrom('checkins as c')
    .leftJoin('participants as s', 's.id', 'c.by_participant_id')
    .select([
      'c.checked_in',
      'c.checked_in_at',
      'c.checked_out_at',
      'c.updated_at',
      'c.by_participant_id',
      'c.device_id',
      'c.device_label',
      sql<string | null>`nullif(trim(concat_ws(' ', s.name, s.surname)), '')`.as('staff_name'),
    ])
    .where('c.area_id', '=', areaId)
    .where('c.participant_id', '=', participantId)
    .executeTakeFirst();
}
export type StatusRow = NonNullable<Awaited<ReturnType<typeof readStatus>>>;

/** How and where a change was made (kept on the status row, 0021). */
export interface ScanMark {
  /** The staff member's participant id. */
  by: number;
  /** When the person went in or out: now, or an offline scan's own time. */
  at: Date;
  deviceId: string | null;
  deviceLabel: string | null;
  scanType: ScanType | null;
  scanMethod: ScanMethod | null;
  offline: boolean;
}

const markColumns = (mark: ScanMark) => ({
  by_participant_id: mark.by,
  updated_at: mark.at,
  device_id: mark.deviceId,
  device_label: mark.deviceLabel,
  scan_type: mark.scanType,
  scan_method: mark.scanMethod,
  offline: mark.offline,
});

export async function writeIn(trx: Transaction<DB>, areaId: number, participantId: number, mark: ScanMark) {
  const columns = { ...markColumns(mark), checked_in: true, checked_in_at: mark.at };
  await trx
    .insertInto('checkins')
    .values({ area_id: areaId, participant_id: participantId, ...columns })
    .onConflict((oc) => oc.columns(['area_id', 'participant_id']).doUpdateSet(columns))
    .execute();
}

export async function writeOut(trx: Transaction<DB>, areaId: number, participantId: number, mark: ScanMark) {
  await trx
    .updateTable('checkins')
    .set({ ...markColumns(mark), checked_in: false, checked_out_at: mark.at })
    .where('area_id', '=', areaId)
    .where('participant_id', '=', participantId)
    .execute();
}

/** Adds to the area's count (never below 0); the count after. */
export async function addUse(trx: Transaction<DB>, areaId: number, delta: 1 | -1): Promise<number> {
  const { rows } = await sql<{ capacity_used: number }>`
    UPDATE checkin_areas SET capacity_used = GREATEST(capacity_used + ${delta}::int, 0)
     WHERE id = ${areaId} RETURNING capacity_used`.execute(trx);
  return rows[0]?.capacity_used ?? 0;
}

/** How many are inside an area now (0 before its first scan). */
export async function areaUseOf(
  trx: Transaction<DB>,
  eventId: number,
  entityType: CheckInEntityType,
  entityId: number,
): Promise<number> {
  const row = await trx
    .selectFrom('checkin_areas')
    .select('capacity_used')
    .where('event_id', '=', eventId)
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', entityId)
    .executeTakeFirst();
  return row?.capacity_used ?? 0;
}
