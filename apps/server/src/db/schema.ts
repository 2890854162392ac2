/** Table types for Kysely, one file per area under ./schema; the migrations are the truth. */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { CalendarFeedsTable, ParticipantOffTable, SessionAttendeesTable } from './schema/agenda';
import type {
  BadgePrintBatchesTable,
  BadgePrintersTable,
  BadgePrintJobsTable,
  BadgeTemplatesTable,
} from './schema/badges';
import type { BadgePrintsTable, CheckinAreasTable, CheckinSyncTable, CheckinsTable } from './schema/checkin';
import type {
  BoothLeadNotesTable,
  BoothLeadQuestionsTable,
  BoothLeadsTable,
  BoothVisitsTable,
  ContactExchangesTable,
  ContactMeetingLinksTable,
  ContactNotesTable,
  ContactsTable,
} from './schema/contacts';
import type {
  AnnouncementWritesTable,
  ChatMembersTable,
  ChatMessagesTable,
  ChatRoomsTable,
  NotificationReadsTable,
  NotificationsTable,
  PollBallotsTable,
  PollsTable,
  PostsTable,
} from './schema/engagement';
import type {
  BoothsTable,
  CategoriesTable,
  EventsTable,
  EventWordsTable,
  LocationsTable,
  ParticipantsTable,
  ParticipantTypesTable,
  SessionPeopleTable,
  SessionsTable,
  TracksTable,
} from './schema/events';
import type {
  EmailCodesTable,
  IdentitiesTable,
  LoginFailuresTable,
  OneTimeTokensTable,
  PushSentTable,
  PushSubscriptionsTable,
  RefreshTokensTable,
  UserEmailsTable,
  UsersTable,
} from './schema/identity';
import type { ImportJobsTable } from './schema/import';
import type { ApiKeysTable, WebhookDeliveriesTable, WebhooksTable } from './schema/integrations';
import type {
  InvitationsTable,
  MeetingParticipantsTable,
  MeetingsTable,
  ParticipantTagsTable,
  ParticipantViewsTable,
  TablePresenceTable,
} from './schema/meetings';
import type { BusOutboxTable, OutboxTable, RealtimeEventsTable } from './schema/platform';

export type * from './schema/agenda';
export type * from './schema/badges';
export type * from './schema/checkin';
export type * from './schema/columns';
export type * from './schema/contacts';
export type * from './schema/engagement';
export type * from './schema/events';
export type * from './schema/identity';
export type * from './schema/import';
export type * from './schema/integrations';
export type * from './schema/meetings';
export type * from './schema/platform';

export interface DB {
  users: UsersTable;
  push_subscriptions: PushSubscriptionsTable;
  push_sent: PushSentTable;
  identities: IdentitiesTable;
  user_emails: UserEmailsTable;
  refresh_tokens: RefreshTokensTable;
  email_codes: EmailCodesTable;
  login_failures: LoginFailuresTable;
  one_time_tokens: OneTimeTokensTable;
  events: EventsTable;
  event_words: EventWordsTable;
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
  bus_outbox: BusOutboxTable;
  participant_tags: ParticipantTagsTable;
  participant_views: ParticipantViewsTable;
  meetings: MeetingsTable;
  meeting_participants: MeetingParticipantsTable;
  table_presence: TablePresenceTable;
  invitations: InvitationsTable;
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
  chat_rooms: ChatRoomsTable;
  chat_members: ChatMembersTable;
  chat_messages: ChatMessagesTable;
  posts: PostsTable;
  announcement_writes: AnnouncementWritesTable;
  polls: PollsTable;
  poll_ballots: PollBallotsTable;
  contacts: ContactsTable;
  contact_notes: ContactNotesTable;
  contact_exchanges: ContactExchangesTable;
  contact_meeting_links: ContactMeetingLinksTable;
  booth_lead_questions: BoothLeadQuestionsTable;
  booth_leads: BoothLeadsTable;
  booth_lead_notes: BoothLeadNotesTable;
  booth_visits: BoothVisitsTable;
  checkin_areas: CheckinAreasTable;
  checkins: CheckinsTable;
  checkin_sync: CheckinSyncTable;
  badge_prints: BadgePrintsTable;
  badge_printers: BadgePrintersTable;
  badge_templates: BadgeTemplatesTable;
  badge_print_batches: BadgePrintBatchesTable;
  badge_print_jobs: BadgePrintJobsTable;
  import_jobs: ImportJobsTable;
  api_keys: ApiKeysTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type EventRow = Selectable<EventsTable>;
export type ParticipantRow = Selectable<ParticipantsTable>;
