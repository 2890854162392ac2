import { CHECK_IN_SYNC_MAX_SCANS, type CheckInSyncResult } from '@foyer/contract';
import { ApiError, api } from '../../../lib/api-client';
import type { PendingScan } from './db';
import { settleScans, waitingScans } from './queue';

/**
 * Sends the scans taken offline once the network is back (issue 14 part 4b): on the browser's
 * `online` event, when the door opens, right after a scan is queued, and after a failed attempt
 * again with a growing pause (1 s, 2 s, 4 s … 60 s). The server settles each scan once per device
 * and nonce, so sending one twice (two tabs, a lost answer) is harmless (docs/decisions/019).
 */

const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 60_000;

let running: Promise<void> | null = null;
let again = false;
let attempt = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
let users = 0;

const online = () => void syncNow();

/** Keeps syncing while a door screen is open; returns the function that stops (counted). */
export function startSync(): () => void {
  users += 1;
  if (users === 1) window.addEventListener('online', online);
  void syncNow();
  return () => {
    users -= 1;
    if (users > 0) return;
    window.removeEventListener('online', online);
    if (timer) clearTimeout(timer);
    timer = null;
  };
}

/** One pass over the waiting scans (a pass already under way runs once more after it). */
export function syncNow(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = pass()
    .catch(() => retryLater())
    .finally(() => {
      running = null;
      if (again) {
        again = false;
        void syncNow();
      }
    });
  return running;
}

function retryLater(): void {
  if (timer || users === 0) return;
  const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** attempt);
  attempt += 1;
  timer = setTimeout(() => {
    timer = null;
    void syncNow();
  }, delay);
}

/** Scans of one event, device and label go together, at most CHECK_IN_SYNC_MAX_SCANS a request. */
export function batches(scans: PendingScan[]): PendingScan[][] {
  const groups = new Map<string, PendingScan[]>();
  for (const scan of scans) {
    const key = JSON.stringify([scan.eventId, scan.deviceId, scan.deviceLabel]);
    const group = groups.get(key) ?? [];
    group.push(scan);
    groups.set(key, group);
  }
  const out: PendingScan[][] = [];
  for (const group of groups.values()) {
    for (let i = 0; i < group.length; i += CHECK_IN_SYNC_MAX_SCANS) {
      out.push(group.slice(i, i + CHECK_IN_SYNC_MAX_SCANS));
    }
  }
  return out;
}

async function pass(): Promise<void> {
  const scans = await waitingScans();
  if (scans.length === 0) {
    attempt = 0;
    return;
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return; // the online event comes
  for (const batch of batches(scans)) {
    const first = batch[0] as PendingScan;
    try {
      const answer = await api<CheckInSyncResult>('/event/participant/checkIn/sync', {
        method: 'POST',
        body: {
          eventId: first.eventId,
          deviceId: first.deviceId,
          ...(first.deviceLabel ? { deviceLabel: first.deviceLabel } : {}),
          // This device's clock now: the server judges the scans' times against it (a wrong clock).
          deviceNow: new Date().toISOString(),
          scans: batch.map((scan) => ({
            nonce: scan.nonce,
            ticketId: scan.ticketId,
            ...(scan.checkIn !== undefined ? { checkIn: scan.checkIn } : {}),
            ...(scan.toggle ? { toggle: true } : {}),
            entityType: scan.entityType,
            ...(scan.entityId !== null ? { entityId: scan.entityId } : {}),
            scannedAt: scan.scannedAt,
            ...(scan.scanMethod ? { scanMethod: scan.scanMethod } : {}),
          })),
        },
      });
      await settleScans(answer.results);
    } catch (error) {
      // Refused for good (the event ended, staff rights gone, a scan the server cannot read): each
      // scan says why. Anything else (no network, the server busy or down) is tried again later.
      if (
        error instanceof ApiError &&
        error.status >= 400 &&
        error.status < 500 &&
        ![401, 408, 429].includes(error.status)
      ) {
        await settleScans(
          batch.map((scan) => ({
            nonce: scan.nonce,
            status: 'failed' as const,
            error: { code: error.code, msg: error.message },
          })),
        );
        continue;
      }
      throw error;
    }
  }
  attempt = 0;
}
