import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns';

/** Attendee tags and views, invitations and one-to-one meetings (0004). Keep in step with the migrations (they are the truth). */
// 0004: attendee tags, profile views, invitations and one-to-one meetings
export interface ParticipantTagsTable {
  owner_id: number;
  target_id: number;
  tag: 'fav' | 'ignored';
  created_at: CreatedAt;
}

export interface ParticipantViewsTable {
  viewer_id: number;
  target_id: number;
  viewed_at: Timestamp;
}

export interface MeetingsTable {
  id: Generated<number>;
  event_id: number;
  kind: Generated<'meeting' | 'table'>;
  slot_session_id: number | null;
  sdt: Timestamp;
  edt: Timestamp;
  status: Generated<'accepted' | 'rescheduled' | 'cancelled'>;
  executor_id: number | null;
  message: Generated<string>;
  pre_booked: Generated<boolean>;
  booth_id: number | null;
  capacity: number | null;
  video_room: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** 0025: the table at the meeting point (on-site and hybrid events); null online and for popup tables. */
  table_number: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface MeetingParticipantsTable {
  meeting_id: number;
  participant_id: number;
  role: 'host' | 'guest';
  sdt: Timestamp;
  edt: Timestamp;
  active: Generated<boolean>;
  checked_in_at: Date | null;
  reminded_at: Date | null;
}

export interface InvitationsTable {
  id: Generated<number>;
  event_id: number;
  type: 'join' | 'reschedule';
  state: Generated<'waiting' | 'accepted' | 'rejected' | 'meeting' | 'reschedule' | 'processed' | 'revoked'>;
  from_participant_id: number;
  to_participant_id: number;
  to_booth_id: number | null;
  to_all: Generated<boolean>;
  meeting_id: number | null;
  session_id: number | null;
  proposed_sdt: Date | null;
  proposed_edt: Date | null;
  message: Generated<string>;
  response_message: string | null;
  responded_by: number | null;
  responded_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** 0028: slots the sender suggested (at most 3, free for both when sent). */
  suggested_session_ids: Generated<number[]>;
}

/** 0030: the last heartbeat of each person at a booth's popup table (E7.87, A9.35). */
export interface TablePresenceTable {
  meeting_id: number;
  participant_id: number;
  last_seen_at: Timestamp;
}
