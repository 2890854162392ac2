import type { RegistrationField } from '@foyer/contract';
import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';

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
  /** 0005: A4.36 latest notification date seen; A4.38 notifications with an id up to this are read. */
  notifications_seen_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  notifications_read_up_to: Generated<number>;
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
  /** 0004: searches and invitations follow participant-type segmentation (E6.15, E6.17). */
  restricted: Generated<boolean>;
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
}

export interface SessionPeopleTable {
  session_id: number;
  participant_id: number;
  role: 'speaker' | 'moderator' | 'translator';
}

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

export interface RealtimeEventsTable {
  id: Generated<number>;
  room: string;
  seq: number;
  type: string;
  payload: Json<unknown>;
  created_at: CreatedAt;
}

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
}

// 0005_engagement: notifications, chat, announcements and comments, polls
export interface NotificationsTable {
  id: Generated<number>;
  /** Null for an event-wide notification (every participant of event_id). */
  user_id: number | null;
  event_id: number | null;
  type: string;
  session_id: number | null;
  invitation_id: number | null;
  meeting_id: number | null;
  post_id: number | null;
  poll_id: number | null;
  actor_participant_id: number | null;
  message: string | null;
  title: string | null;
  created_at: CreatedAt;
}

export interface NotificationReadsTable {
  user_id: number;
  notification_id: number;
  read_at: CreatedAt;
}

export interface ChatRoomsTable {
  id: Generated<number>;
  event_id: number;
  type: 'private' | 'group';
  name: string | null;
  private_key: string | null;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface ChatMembersTable {
  room_id: number;
  participant_id: number;
  user_id: number | null;
  last_seen_message_id: Generated<number>;
  pinned: Generated<boolean>;
  joined_at: CreatedAt;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  room_id: number;
  sender_id: number | null;
  /** 'text' or a system type (E4.55); null once deleted (E7.89). */
  type: string | null;
  msg: string | null;
  det: Json<Record<string, number | string | null> | null>;
  created_at: CreatedAt;
  deleted_at: Date | null;
}

export interface PostsTable {
  id: Generated<number>;
  event_id: number;
  type: 'announcement' | 'comment';
  parent_id: number | null;
  participant_id: number;
  text: string;
  files: Json<{ url: string; contentType: 'image/jpeg' | 'image/png' }[]>;
  post_at: Date | null;
  published_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PollsTable {
  id: Generated<number>;
  event_id: number;
  question: string;
  answers: Json<{ id: number; text: string }[]>;
  multiple: Generated<boolean>;
  auto_publish_results: Generated<boolean>;
  status: Generated<'draft' | 'published' | 'closed'>;
  results_visible: Generated<boolean>;
  post_at: Date | null;
  published_at: Date | null;
  closed_at: Date | null;
  finished_at: Date | null;
  /** When the "poll" notification went out (once, at the first publish). */
  announced_at: Date | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PollBallotsTable {
  poll_id: number;
  participant_id: number;
  answer_ids: ColumnType<number[], number[], number[]>;
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
  session_attendees: SessionAttendeesTable;
  participant_off: ParticipantOffTable;
  calendar_feeds: CalendarFeedsTable;
  outbox: OutboxTable;
  realtime_events: RealtimeEventsTable;
  participant_tags: ParticipantTagsTable;
  participant_views: ParticipantViewsTable;
  meetings: MeetingsTable;
  meeting_participants: MeetingParticipantsTable;
  invitations: InvitationsTable;
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
  chat_rooms: ChatRoomsTable;
  chat_members: ChatMembersTable;
  chat_messages: ChatMessagesTable;
  posts: PostsTable;
  polls: PollsTable;
  poll_ballots: PollBallotsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type EventRow = Selectable<EventsTable>;
export type ParticipantRow = Selectable<ParticipantsTable>;
