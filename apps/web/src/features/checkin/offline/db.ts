import type {
  CheckInEntityType,
  CheckInOutcome,
  CheckInPerson,
  CheckInResult,
  CheckInSnapshotTicket,
  ScanMethod,
} from '@foyer/contract';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * The door's data on this device (IndexedDB, through idb): the event's tickets (the snapshot), when
 * they were fetched, and the scans taken while the network was away with what became of them.
 */

export interface StoredTicket extends CheckInSnapshotTicket {
  eventId: number;
  /** The snapshot refresh that last wrote it (older ones are dropped once a refresh completes). */
  stamp: string;
}

export interface SnapshotMeta {
  eventId: number;
  /** When the last complete refresh started (ISO). */
  at: string;
  types: { id: number; name: string }[];
  count: number;
}

export type PendingState = 'pending' | 'done' | 'failed';

/** A scan kept on this device while the network is away; synced on reconnect. */
export interface PendingScan {
  nonce: string;
  eventId: number;
  deviceId: string;
  deviceLabel: string;
  ticketId: string;
  /** The direction this device applied (from its snapshot); absent: a fast scan the server decides. */
  checkIn?: boolean;
  toggle?: boolean;
  entityType: CheckInEntityType;
  entityId: number | null;
  scanMethod?: ScanMethod;
  /** When it was scanned (ISO). */
  scannedAt: string;
  /** Who the snapshot says it is (null: not in the snapshot). */
  person: CheckInPerson | null;
  /** What the snapshot expects: checkedIn, checkedOut, alreadyCheckedIn… (null: unknown ticket). */
  expected: CheckInOutcome | null;
  state: PendingState;
  /** done: the server's answer (a conflict is alreadyCheckedIn/Out with `previous`). */
  result?: CheckInResult;
  /** failed: why the server refused it. */
  error?: { code: string; msg: string };
  /** When it was settled (ISO). */
  settledAt?: string;
}

interface DoorDb extends DBSchema {
  tickets: {
    key: [number, string];
    value: StoredTicket;
    indexes: { byParticipant: [number, number]; byEvent: number };
  };
  meta: { key: number; value: SnapshotMeta };
  scans: { key: string; value: PendingScan; indexes: { byEvent: number } };
}

const NAME = 'foyer-door';
let opening: Promise<IDBPDatabase<DoorDb>> | null = null;

export function doorDb(): Promise<IDBPDatabase<DoorDb>> {
  opening ??= openDB<DoorDb>(NAME, 1, {
    upgrade(db) {
      const tickets = db.createObjectStore('tickets', { keyPath: ['eventId', 'ticketId'] });
      tickets.createIndex('byParticipant', ['eventId', 'participantId']);
      tickets.createIndex('byEvent', 'eventId');
      db.createObjectStore('meta', { keyPath: 'eventId' });
      db.createObjectStore('scans', { keyPath: 'nonce' }).createIndex('byEvent', 'eventId');
    },
    terminated() {
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

// ---- change notices: the pending list re-reads when a scan is queued or settled ----------------

const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('foyer-door') : null;
channel?.addEventListener('message', () => {
  for (const listener of listeners) listener();
});

export function onScansChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells this page and the device's other tabs that the scans changed. */
export function scansChanged(): void {
  for (const listener of listeners) listener();
  channel?.postMessage('scans');
}
