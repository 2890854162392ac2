import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from './columns';

/** Collected contacts and notes (0006). Keep in step with the migrations (they are the truth). */
type TextList = ColumnType<string[], string[] | undefined, string[]>;

export interface ContactsTable {
  id: Generated<number>;
  owner_id: number;
  event_ids: ColumnType<number[], number[] | undefined, number[]>;
  first_name: string;
  last_name: Generated<string>;
  emails: ColumnType<string[], string[], string[]>;
  phones: TextList;
  company: Generated<string>;
  job_title: Generated<string>;
  website: Generated<string>;
  ticket_id: string | null;
  profile_photo: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  // 0023: the participant a contact is, and where it came from
  participant_id: number | null;
  source: Generated<'typed' | 'badge' | 'vcard' | 'mecard' | 'meeting' | 'exchange'>;
}

export interface ContactNotesTable {
  id: Generated<number>;
  contact_id: number;
  contact_type: Generated<'scan'>;
  note: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

// 0023: exchanges (E4.62), held meetings' links, booth leads and visits

export interface ContactExchangesTable {
  id: Generated<number>;
  event_id: number;
  user_low: number;
  user_high: number;
  requester_id: number;
  low_participant_id: number | null;
  high_participant_id: number | null;
  state: Generated<'pending' | 'accepted' | 'rejected'>;
  source: Generated<'scan' | 'meeting'>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ContactMeetingLinksTable {
  meeting_id: number;
  linked_at: CreatedAt;
}

export interface BoothLeadQuestionsTable {
  id: Generated<number>;
  booth_id: number;
  position: number;
  label: string;
  kind: 'text' | 'choice';
  options: TextList;
}

export interface BoothLeadsTable {
  id: Generated<number>;
  booth_id: number;
  event_id: number;
  match_key: string;
  participant_id: number | null;
  first_name: string;
  last_name: Generated<string>;
  emails: TextList;
  phones: TextList;
  company: Generated<string>;
  job_title: Generated<string>;
  website: Generated<string>;
  profile_photo: string | null;
  rating: number | null;
  answers: Json<Record<string, string>>;
  source: 'badge' | 'vcard' | 'mecard';
  scanned_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface BoothLeadNotesTable {
  id: Generated<number>;
  lead_id: number;
  author_id: number | null;
  note: string;
  created_at: CreatedAt;
}

export interface BoothVisitsTable {
  booth_id: number;
  participant_id: number;
  first_at: Timestamp;
  last_at: Timestamp;
  visits: Generated<number>;
}
