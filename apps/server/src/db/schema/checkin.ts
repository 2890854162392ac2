import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './columns';

/** Staff check-in and badge printing (0007). Keep in step with the migrations (they are the truth). */
export interface CheckinAreasTable {
  id: Generated<number>;
  event_id: number;
  entity_type: 'event' | 'location' | 'session';
  /** 0 for the whole event. */
  entity_id: number;
  capacity_used: Generated<number>;
  // 0017: the organizer's set-up of the area (null/empty: the room's or session's own rules).
  configured: Generated<boolean>;
  name: string | null;
  capacity: number | null;
  allowed_type_ids: ColumnType<number[], number[] | undefined, number[]>;
  // 0041: when the set-up last changed (to the millisecond; scans leave it).
  updated_at: Generated<Date>;
}

export interface CheckinsTable {
  area_id: number;
  participant_id: number;
  checked_in: boolean;
  checked_in_at: Date | null;
  checked_out_at: Date | null;
  by_participant_id: number | null;
  updated_at: Timestamp;
  // 0021: how and where the last change was made (E3.35), and whether it came from an offline sync.
  device_id: string | null;
  device_label: string | null;
  scan_type: 'individual' | 'fast' | null;
  scan_method: 'camera' | 'handheldScanner' | null;
  offline: Generated<boolean>;
}

/** 0021: an offline scan settled once per device and nonce (docs/decisions/019). */
export interface CheckinSyncTable {
  event_id: number;
  device_id: string;
  nonce: string;
  /** The CheckInSyncItem answered (without its nonce). */
  result: Json<unknown>;
  created_at: Generated<Date>;
}

export interface BadgePrintsTable {
  participant_id: number;
  printed_at: Generated<Date>;
  print_count: Generated<number>;
  printed_by: number | null;
}
