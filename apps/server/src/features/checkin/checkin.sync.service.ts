import {
  type CheckInArea,
  type CheckInSyncItem,
  type CheckInSyncRequest,
  type CheckInSyncResult,
  type CheckInSyncScan,
  checkInAreaKey,
  ErrorCode,
  isEventFinished,
} from '@foyer/contract';
import type { AppContext } from '../../context';
import type { ParticipantRow } from '../../db/schema';
import type { Bus } from '../../events/bus';
import { AppError } from '../../http/errors';
import { describeArea, ensureAreaRow, findPerson, isBadgePrinted } from './checkin.repository';
import { applyScan } from './checkin.scan.service';
import { presentScan, requireCheckInStaff } from './checkin.service';
import * as repo from './checkin.sync.repository';

/**
 * POST /event/participant/checkIn/sync: scans a device took while offline, settled on reconnect
 * (issue 14 part 4; docs/decisions/019-offline-check-in.md).
 * - Idempotent per (device, nonce): the answer commits with the change it made, and a resend (a
 *   retry after a lost answer, a twin request racing this one) gets the stored answer back.
 * - The scans go through the same rules as an online scan (applyScan), in the order they arrive:
 *   the first device to sync a check-in wins; the other is told "already checked in at 10:42 by
 *   Gate B". A scan is never applied over a change made after it was taken.
 */

/** How long a device can resend a scan and get the stored answer. */
export const SYNC_KEEP_MS = 30 * 24 * 60 * 60_000;

/**
 * A device clock this close to ours is taken as it is: the difference is then as likely the
 * request's own time on the way as the clock's error, and moving the scans by it would make them
 * later than they were.
 */
export const DEVICE_CLOCK_TOLERANCE_MS = 60_000;

/**
 * How far the device's clock is ahead of ours (behind: negative), judged from the time it sent
 * with the request; 0 without one (an older app) or within DEVICE_CLOCK_TOLERANCE_MS.
 */
export function deviceClockOffset(deviceNow: string | undefined, now: Date): number {
  if (deviceNow === undefined) return 0;
  const offset = new Date(deviceNow).getTime() - now.getTime();
  return Math.abs(offset) > DEVICE_CLOCK_TOLERANCE_MS ? offset : 0;
}

type Area = { area: Omit<CheckInArea, 'capacityUsed'>; rowId: number } | null;

export async function syncScans(
  ctx: AppContext,
  userId: number,
  input: CheckInSyncRequest,
  bus?: Pick<Bus, 'emit'>,
): Promise<CheckInSyncResult> {
  const { event, me } = await requireCheckInStaff(ctx, input.eventId, userId);
  if (isEventFinished({ isFinished: event.is_finished, realEdt: event.real_edt }, ctx.now())) {
    throw AppError.forbidden('The event has finished');
  }
  const stored = await repo.storedResults(
    ctx.db,
    input.eventId,
    input.deviceId,
    input.scans.map((s) => s.nonce),
  );
  const areas = new Map<string, Area>();
  const results: CheckInSyncItem[] = [];
  // A device whose clock is wrong (a flat battery's 1970, a hand-set year): its scans are taken
  // at their distance from its own "now", on our clock (decision 019, later 2026-12-05).
  const clockOffset = deviceClockOffset(input.deviceNow, ctx.now());
  for (const scan of input.scans) {
    let item = stored.get(scan.nonce);
    if (!item) {
      item = await settle(ctx, bus, input, me, scan, areas, clockOffset);
      stored.set(scan.nonce, item); // the same nonce twice in one batch: one scan
    }
    results.push({ nonce: scan.nonce, ...item } as CheckInSyncItem);
  }
  return { results };
}

async function areaOf(
  ctx: AppContext,
  eventId: number,
  scan: CheckInSyncScan,
  areas: Map<string, Area>,
): Promise<Area> {
  const key = checkInAreaKey(scan.entityType, scan.entityId);
  if (!areas.has(key)) {
    const area = await describeArea(ctx.db, eventId, scan.entityType, scan.entityId);
    areas.set(
      key,
      area
        ? { area, rowId: (await ensureAreaRow(ctx.db, eventId, area.entityType, area.entityId ?? 0)).id }
        : null,
    );
  }
  return areas.get(key) ?? null;
}

const failed = (code: string, msg: string): repo.StoredItem => ({ status: 'failed', error: { code, msg } });

/** One scan: claimed, applied and its answer stored in one transaction. */
async function settle(
  ctx: AppContext,
  bus: Pick<Bus, 'emit'> | undefined,
  input: CheckInSyncRequest,
  me: ParticipantRow,
  scan: CheckInSyncScan,
  areas: Map<string, Area>,
  clockOffset: number,
): Promise<repo.StoredItem> {
  const { eventId, deviceId } = input;
  // Read before the transaction: PGlite has one connection, nothing may use ctx.db inside it.
  const person = await findPerson(ctx.db, eventId, { ticketId: scan.ticketId });
  const place = person ? await areaOf(ctx, eventId, scan, areas) : null;
  const printedAt = person ? await isBadgePrinted(ctx.db, person.id) : null;
  const now = ctx.now();
  const scannedAt = new Date(new Date(scan.scannedAt).getTime() - clockOffset);
  // A device clock still ahead of ours: the scan happened now at the latest.
  const at = scannedAt.getTime() > now.getTime() ? now : scannedAt;
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.claim(trx, eventId, deviceId, scan.nonce, now))) {
      // Claimed before: a twin's answer (the claim waited for its commit), or a command queued with
      // `Prefer: respond-async` under this id that the outbox has not run yet (E4.77). That is this
      // very scan: it is applied here, its row held so the command's run finds the answer and only
      // records it (checkin.command.service.ts). Answering "failed" would settle it on the device
      // as never applied, while the command applies it later.
      const stored = await repo.readResult(trx, eventId, deviceId, scan.nonce, { forUpdate: true });
      if (stored) return stored;
    }
    let item: repo.StoredItem;
    if (!person) item = failed(ErrorCode.NotFound, 'Ticket not found');
    else if (!place) item = failed(ErrorCode.NotFound, 'Check-in area not found');
    else {
      const done = await applyScan(trx, bus, {
        eventId,
        person,
        area: place.area,
        areaRowId: place.rowId,
        direction: scan.checkIn === undefined ? 'toggle' : scan.checkIn ? 'in' : 'out',
        now,
        scannedAt: at,
        fast: scan.toggle === true,
        mark: {
          by: me.id,
          at,
          deviceId,
          deviceLabel: input.deviceLabel || null,
          scanType: scan.toggle ? 'fast' : 'individual',
          scanMethod: scan.scanMethod ?? null,
          offline: true,
        },
      });
      item = { status: 'done', result: presentScan(person, place.area, done, printedAt) };
    }
    await repo.storeResult(trx, eventId, deviceId, scan.nonce, item);
    return item;
  });
}

/** Hourly: forget answers older than SYNC_KEEP_MS. */
export function pruneSyncAnswers(ctx: AppContext): Promise<number> {
  return repo.pruneSync(ctx.db, new Date(ctx.now().getTime() - SYNC_KEEP_MS));
}
