import type { CheckInArea, CheckInOutcome, CheckInResult } from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Bus } from '../../events/bus';
import type { PersonRow } from './checkin.repository';
import {
  addUse,
  lockArea,
  readStatus,
  type ScanMark,
  type StatusRow,
  writeIn,
  writeOut,
} from './checkin.scan.repository';

/**
 * One scan at the door, inside the caller's transaction (E4.65, E4.71, E5.54–E5.57): the rules that
 * decide an outcome from the person's status in the area. Online scans and offline scans being
 * synced both come through here, so they can never disagree.
 */

/** A fast scan (toggle) repeating the same device's change within this time changes nothing. */
export const TOGGLE_REPEAT_MS = 1000;

export type ScanDirection = 'in' | 'out' | 'toggle';

export interface ScanInput {
  eventId: number;
  person: Pick<PersonRow, 'id' | 'type_id'>;
  area: Omit<CheckInArea, 'capacityUsed'>;
  /** The area's counter row (ensureAreaRow). */
  areaRowId: number;
  direction: ScanDirection;
  mark: ScanMark;
  /** The server's clock now (the toggle repeat window). */
  now: Date;
  /**
   * An offline scan's own time: the scan is not applied over a change made after it (the newer
   * fact wins; docs/decisions/019).
   */
  scannedAt?: Date | undefined;
  /**
   * A fast scan (E4.71) whose device chose the direction (an offline toggle the snapshot knew): a
   * repeat of the device's own change is a double read, as for a toggle.
   */
  fast?: boolean | undefined;
}

export interface ScanOutcome {
  outcome: CheckInOutcome;
  /** How many are inside the area after the scan. */
  used: number;
  previous: CheckInResult['previous'];
}

/** "Already checked in at 10:42 by Gate B": the last change's time and device label, else staff name. */
function previousOf(row: StatusRow | undefined): CheckInResult['previous'] {
  if (!row) return null;
  const at = (row.checked_in ? row.checked_in_at : row.checked_out_at) ?? row.updated_at;
  return { at: new Date(at).toISOString(), by: row.device_label || row.staff_name };
}

/**
 * The same device (or, without one, the same staff member) changed this status a moment before the
 * scan: a moment before now, or before an offline scan's own time (synced later, its double read is
 * as far from the first read as it was at the door).
 */
function isRepeat(row: StatusRow, input: ScanInput): boolean {
  const age = (input.scannedAt ?? input.now).getTime() - new Date(row.updated_at).getTime();
  if (age < 0 || age >= TOGGLE_REPEAT_MS) return false;
  return input.mark.deviceId !== null
    ? row.device_id === input.mark.deviceId
    : row.device_id === null && row.by_participant_id === input.mark.by;
}

export async function applyScan(
  trx: Transaction<DB>,
  bus: Pick<Bus, 'emit'> | undefined,
  input: ScanInput,
): Promise<ScanOutcome> {
  const { area, person, areaRowId } = input;
  let used = await lockArea(trx, areaRowId);
  const row = await readStatus(trx, areaRowId, person.id);
  const inside = row?.checked_in === true;
  const answer = (outcome: CheckInOutcome): ScanOutcome => ({
    outcome,
    used,
    previous: outcome === 'alreadyCheckedIn' || outcome === 'alreadyCheckedOut' ? previousOf(row) : null,
  });
  const already = () => answer(inside ? 'alreadyCheckedIn' : 'alreadyCheckedOut');

  // An offline scan older than the status's last change tells nothing new.
  if (input.scannedAt && row && new Date(row.updated_at).getTime() > input.scannedAt.getTime()) {
    return already();
  }
  let direction = input.direction;
  // E4.71 fast scan; a flood of the same code from one device counts once.
  if ((direction === 'toggle' || input.fast) && row && isRepeat(row, input)) return already();
  if (direction === 'toggle') direction = inside ? 'out' : 'in';
  const at = { areaType: area.entityType, areaId: area.entityId ?? null, staffId: input.mark.by };
  if (direction === 'in') {
    // E5.54 / E5.55: an area may admit only some participant types.
    if (area.allowedPart.length > 0 && !area.allowedPart.includes(person.type_id ?? -1)) {
      return answer('wrongTicketType');
    }
    if (inside) return already();
    // E5.56 / E5.57: an area at capacity refuses; the whole event never does.
    if (area.entityType !== 'event' && area.capacity !== null && used >= area.capacity) {
      return answer('fullyOccupied');
    }
    await writeIn(trx, areaRowId, person.id, input.mark);
    used = await addUse(trx, areaRowId, 1);
    await bus?.emit(
      {
        type: 'participant.checked_in',
        eventId: input.eventId,
        participantId: person.id,
        ...at,
        at: input.mark.at.toISOString(),
        used,
      },
      trx,
    );
    return answer('checkedIn');
  }
  if (!inside) return already();
  await writeOut(trx, areaRowId, person.id, input.mark);
  used = await addUse(trx, areaRowId, -1);
  await bus?.emit(
    {
      type: 'participant.checked_out',
      eventId: input.eventId,
      participantId: person.id,
      ...at,
      at: input.mark.at.toISOString(),
      used,
    },
    trx,
  );
  return answer('checkedOut');
}
