import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns';

/** Personal agenda: session places, off-time, calendar feeds (0003). Keep in step with the migrations (they are the truth). */
/** 0003_agenda: a participant's place in a session; joined and waiting rows hold a seat. */
export interface SessionAttendeesTable {
  session_id: number;
  participant_id: number;
  status: 'joined' | 'waiting' | 'declined';
  blocking: Generated<boolean>;
  added_by: number | null;
  message: string | null;
  checked_in_at: Date | null;
  last_ping_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** 0003_agenda: an off-time (break) in a participant's agenda. */
export interface ParticipantOffTable {
  id: Generated<number>;
  participant_id: number;
  sdt: Timestamp;
  edt: Timestamp;
  created_by: number | null;
  created_at: CreatedAt;
}

/** 0003_agenda: the secret behind a participant's calendar feed URL. */
export interface CalendarFeedsTable {
  participant_id: number;
  nonce: string;
  token_hash: string;
  created_at: CreatedAt;
}
