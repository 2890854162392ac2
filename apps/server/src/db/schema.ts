import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Table types for Kysely. Keep in step with the migrations (they are the truth). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json<T> = ColumnType<T, string | T | undefined, string | T>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  surname: string;
  password_hash: string | null;
  timezone: string | null;
  profile_photo_path: string | null;
  sms_phone: string | null;
  ui_settings: Json<Record<string, unknown>>;
  notification_preferences: Json<{ type: string; channels: string[] }[]>;
  device_tokens: Json<{ deviceUID: string; token: string }[]>;
  is_super_user: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface IdentitiesTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  subject: string;
  created_at: CreatedAt;
}

export interface UserEmailsTable {
  id: Generated<number>;
  user_id: number;
  email: string;
  is_primary: Generated<boolean>;
  confirmed_at: Date | null;
  created_at: CreatedAt;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  as_user_id: number | null;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  created_at: CreatedAt;
}

export interface EmailCodesTable {
  id: Generated<number>;
  user_id: number | null;
  email: string;
  purpose: 'reset' | 'connect';
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  username: string;
  created_at: CreatedAt;
}

export interface OneTimeTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

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
  images: Json<Record<string, string | null>>;
  colors: Json<Record<string, string>>;
  pages: Json<Record<string, string | null>>;
  tabs: Json<string[]>;
  limit_tabs: Json<Record<string, string[]> | null>;
  tabs_config: Json<{ tabs?: string[] } | null>;
  index_page_path: Generated<string>;
  translation: Json<Record<string, unknown>>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface RegistrationField {
  fieldName: string;
  type: 'text' | 'select' | 'multiselect' | 'checkbox';
  required: boolean;
  dataList?: string[];
  placeholder?: string;
}

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
}

export interface SessionPeopleTable {
  session_id: number;
  participant_id: number;
  role: 'speaker' | 'moderator' | 'translator';
}

export interface OutboxTable {
  id: Generated<number>;
  channel: Generated<'email' | 'sms'>;
  recipient: string;
  subject: Generated<string>;
  body_text: string;
  body_html: string | null;
  dedupe_key: string | null;
  created_at: CreatedAt;
}

export interface DB {
  users: UsersTable;
  identities: IdentitiesTable;
  user_emails: UserEmailsTable;
  refresh_tokens: RefreshTokensTable;
  email_codes: EmailCodesTable;
  login_failures: LoginFailuresTable;
  one_time_tokens: OneTimeTokensTable;
  events: EventsTable;
  participant_types: ParticipantTypesTable;
  categories: CategoriesTable;
  booths: BoothsTable;
  participants: ParticipantsTable;
  locations: LocationsTable;
  tracks: TracksTable;
  sessions: SessionsTable;
  session_people: SessionPeopleTable;
  outbox: OutboxTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type EventRow = Selectable<EventsTable>;
export type ParticipantRow = Selectable<ParticipantsTable>;
