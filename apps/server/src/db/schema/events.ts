import type { RegistrationField, StoredVenueMap } from '@foyer/contract';
import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { CreatedAt, Json, Timestamp } from './columns';

/** Events, their structure, participants, booths and sessions (0001). Keep in step with the migrations (they are the truth). */
export interface EventsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  event_type: 'normal' | 'online' | 'hybrid';
  default_language: Generated<string>;
  timezone: Generated<string>;
  domain: string | null;
  public_event: Generated<boolean>;
  use_ticket_id_for_signup: Generated<boolean>;
  registration_open: Generated<boolean>;
  registration_form: Json<RegistrationField[]>;
  start_date: Timestamp;
  real_sdt: Timestamp;
  real_edt: Timestamp;
  is_finished: Generated<boolean>;
  /** 0029: E9.58, 1:1 meetings on (the default) or switched off by the organizer. */
  meetings_enabled: Generated<boolean>;
  images: Json<Record<string, string | null>>;
  colors: Json<Record<string, string>>;
  pages: Json<Record<string, string | null>>;
  /** 0031: A2.71, the venue map with its pins; null when the event has none. */
  venue_map: ColumnType<StoredVenueMap | null, string | null | undefined, string | null>;
  tabs: Json<string[]>;
  limit_tabs: Json<Record<string, string[]> | null>;
  tabs_config: Json<{ tabs?: string[] } | null>;
  index_page_path: Generated<string>;
  translation: Json<Record<string, unknown>>;
  /** 0042: A7.28, the languages in which the event words some of the app's texts (event_words). */
  own_words: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** 0004: searches and invitations follow participant-type segmentation (E6.15, E6.17). */
  restricted: Generated<boolean>;
  /** 0012: set when the owner archived the event (it leaves every list but the console). */
  archived_at: Date | null;
  /** 0012: the languages the event offers (A1.10). */
  languages: Json<string[]>;
  /** 0012: the account that created the event in the console. */
  created_by: number | null;
}

// The form definition is the contract's, so the web form and the server check the same shape.
export type { RegistrationField };

export interface ParticipantTypesTable {
  id: Generated<number>;
  event_id: number;
  name: string;
  ticket_type: string | null;
  priority: Generated<number>;
  max_meeting_count: number | null;
  invitation_rights: Json<number[] | null>;
  disable_guest: Generated<boolean>;
  at_registration: Generated<boolean>;
  allowed_to_modify: Generated<boolean>; // 0004, E6.36
  /** 0026, E3.05: the name per language ({ tr: '…' }); `name` is the default. */
  texts: ColumnType<Partial<Record<string, string>>, string | undefined, string>;
}

export interface CategoriesTable {
  id: Generated<number>;
  event_id: number;
  parent_id: number | null;
  kind: Generated<'participant' | 'booth'>;
  name: string;
  is_multi: Generated<boolean>;
  max_selectable: number | null;
  required: Generated<boolean>;
  type: Generated<'select' | 'text'>; // 0004
  is_private: Generated<boolean>; // 0004
}

export interface BoothsTable {
  id: Generated<number>;
  event_id: number;
  name: string;
  description: Generated<string>;
  booth_type: Generated<string>;
  website: string | null;
  location: string | null;
  images: Json<Record<string, string | null>>;
  agenda_enabled: Generated<boolean>;
  rate: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  // 0004
  documents: Json<{ name: string; url: string; type: string }[]>;
  social_links: Json<Record<string, string>>;
  category_ids: ColumnType<number[], number[] | undefined, number[]>;
}

export type BoothRole = 'owner' | 'admin' | 'user' | 'not_confirmed';

export interface ParticipantsTable {
  id: Generated<number>;
  event_id: number;
  user_id: number | null;
  type_id: number | null;
  booth_id: number | null;
  booth_role: BoothRole | null;
  organizer: Generated<boolean>;
  organizer_role: string | null;
  check_in_admin: Generated<boolean>;
  rights: Json<Record<string, boolean>>;
  email: string;
  name: string;
  surname: string;
  company: Generated<string>;
  job_title: Generated<string>;
  city: Generated<string>;
  phone: Generated<string>;
  website: Generated<string>;
  biography: Generated<string>;
  offer: Generated<string>;
  seek: Generated<string>;
  profile_photo: string | null;
  category_ids: ColumnType<number[], number[] | undefined, number[]>;
  fields: Json<Record<string, unknown>>;
  ticket_id: string | null;
  state: Generated<'active' | 'inactive' | 'invited' | 'deleted'>;
  visible: Generated<boolean>;
  is_speaker: Generated<boolean>;
  present: 'venue' | 'online' | null;
  last_presence_confirm_at: Date | null;
  reg_type: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  // 0004: team invitation role, social links, and search columns kept by a trigger
  booth_pending_role: 'admin' | 'user' | null;
  social_links: Json<Record<string, string>>;
  search_vector: Generated<string>;
  search_text: Generated<string>;
  search_boost: Generated<number>;
  sort_name: GeneratedAlways<string>;
  sort_company: GeneratedAlways<string>;
  /** 0014: sha256 (hex) of the personal invitation link's token; null once used or never invited. */
  invite_token_hash: string | null;
  /** 0014: when the last invitation was mailed. */
  invited_at: Date | null;
  /** 0024 (A4.43): when the event-profile wizard was finished; null until then. */
  profile_filled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface LocationsTable {
  id: Generated<number>;
  event_id: number;
  name: string;
  capacity: number | null;
  used_capacity: Generated<number>;
}

export interface TracksTable {
  id: Generated<number>;
  event_id: number;
  name: string;
  color: string | null;
}

export interface SessionsTable {
  id: Generated<number>;
  event_id: number;
  parent_id: number | null;
  location_id: number | null;
  track_id: number | null;
  name: string;
  type: Generated<string>;
  description: Generated<string>;
  sdt: Timestamp;
  edt: Timestamp;
  capacity: number | null;
  used_capacity: Generated<number>;
  hidden: Generated<boolean>;
  restricted: Generated<boolean>;
  allowed_type_ids: ColumnType<number[], number[] | undefined, number[]>;
  external_link: string | null;
  offline_link: string | null;
  on_site: Generated<boolean>;
  needs_approval: Generated<boolean>;
  images: Json<Record<string, string | null>>;
  deleted: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** 0003_agenda. */
  rehearsal_started_at: Date | null;
  /** 0018_session_import: the import file's key for the session (unique in the event). */
  external_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionPeopleTable {
  session_id: number;
  participant_id: number;
  role: 'speaker' | 'moderator' | 'translator';
}

/** 0042: A7.27, the app's texts an event words its own way: language → catalogue key → text. */
export interface EventWordsTable {
  event_id: number;
  words: Json<Record<string, Record<string, string>>>;
}
