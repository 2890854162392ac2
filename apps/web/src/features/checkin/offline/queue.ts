import type { CheckInSyncItem } from '@foyer/contract';
import { doorDb, type PendingScan, scansChanged } from './db';

/** The scans taken offline on this device: queued, settled by the server's answers, cleared by staff. */

/** Settled scans are kept this long for staff to read, then dropped. */
export const SETTLED_KEEP_MS = 24 * 60 * 60_000;

export async function queueScan(scan: PendingScan): Promise<void> {
  await (await doorDb()).put('scans', scan);
  scansChanged();
}

/** The event's scans on this device, oldest first. */
export async function listScans(eventId: number): Promise<PendingScan[]> {
  const scans = await (await doorDb()).getAllFromIndex('scans', 'byEvent', eventId);
  return scans.sort((a, b) => a.scannedAt.localeCompare(b.scannedAt) || a.nonce.localeCompare(b.nonce));
}

/** Every scan still waiting for the server, any event, oldest first. */
export async function waitingScans(): Promise<PendingScan[]> {
  const scans = (await (await doorDb()).getAll('scans')).filter((scan) => scan.state === 'pending');
  return scans.sort((a, b) => a.scannedAt.localeCompare(b.scannedAt) || a.nonce.localeCompare(b.nonce));
}

/** Stores the server's answers (or one refusal for a whole batch). */
export async function settleScans(
  answers: (CheckInSyncItem | { nonce: string; status: 'failed'; error: { code: string; msg: string } })[],
): Promise<void> {
  const db = await doorDb();
  const tx = db.transaction('scans', 'readwrite');
  const settledAt = new Date().toISOString();
  for (const answer of answers) {
    const scan = await tx.store.get(answer.nonce);
    if (scan?.state !== 'pending') continue;
    await tx.store.put(
      answer.status === 'done'
        ? { ...scan, state: 'done', result: answer.result, settledAt }
        : { ...scan, state: 'failed', error: answer.error, settledAt },
    );
  }
  await tx.done;
  scansChanged();
}

/** Drops the event's settled scans (staff read them), and anyone's settled a day ago. */
export async function clearSettled(eventId: number | null): Promise<void> {
  const db = await doorDb();
  const tx = db.transaction('scans', 'readwrite');
  const old = Date.now() - SETTLED_KEEP_MS;
  let cursor = await tx.store.openCursor();
  while (cursor) {
    const scan = cursor.value;
    if (
      scan.state !== 'pending' &&
      (scan.eventId === eventId || Date.parse(scan.settledAt ?? scan.scannedAt) < old)
    ) {
      await cursor.delete();
    }
    cursor = await cursor.continue();
  }
  await tx.done;
  scansChanged();
}
