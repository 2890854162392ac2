import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns';

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
}

export interface ContactNotesTable {
  id: Generated<number>;
  contact_id: number;
  contact_type: Generated<'scan'>;
  note: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
