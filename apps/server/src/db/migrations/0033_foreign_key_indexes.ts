import { type Kysely, sql } from 'kysely';

// Frozen once landed. Indexes for foreign keys that had none beginning with their column.
//  - Deleting a row makes PostgreSQL find the rows that refer to it, in every table with a foreign
//    key to it, by that key's column; without such an index each lookup reads the whole table. An
//    account's deletion (A7.10) walked `refresh_tokens` twice (a row per sign-in and per token
//    refresh: a million at a large event) and ending someone's other sessions walked it once; an
//    announcement's or a poll's deletion walked `notifications` (its notice is found by `post_id`
//    or `poll_id`, not keys but looked up the same way) and `notification_reads` (a row per reader
//    of each event-wide notice); a booth's, a room's, a track's, a type's or a printer's deletion
//    walked meetings, sessions, participants, badge templates and print jobs.
//  - The event's booths, categories, rooms, tracks, types, print batches and contact exchanges are
//    read by `event_id`, which had no index either: each read walked every event's rows.
// What stays unindexed, and why, is in the test `db/foreign-keys.test.ts`.
const INDEXES: ReadonlyArray<readonly [name: string, table: string, column: string, nullable: boolean]> = [
  ['refresh_tokens_user', 'refresh_tokens', 'user_id', false],
  ['refresh_tokens_as_user', 'refresh_tokens', 'as_user_id', true],
  ['identities_user', 'identities', 'user_id', false],
  ['email_codes_user', 'email_codes', 'user_id', true],
  ['one_time_tokens_user', 'one_time_tokens', 'user_id', false],
  ['contact_exchanges_requester', 'contact_exchanges', 'requester_id', false],
  ['events_created_by', 'events', 'created_by', true],
  ['import_jobs_created_by', 'import_jobs', 'created_by', true],
  ['api_keys_created_by', 'api_keys', 'created_by', true],
  ['webhooks_created_by', 'webhooks', 'created_by', true],
  ['notification_reads_notification', 'notification_reads', 'notification_id', false],
  ['notifications_post', 'notifications', 'post_id', true],
  ['notifications_poll', 'notifications', 'poll_id', true],
  ['meetings_booth', 'meetings', 'booth_id', true],
  ['sessions_location', 'sessions', 'location_id', true],
  ['sessions_track', 'sessions', 'track_id', true],
  ['participants_type', 'participants', 'type_id', true],
  ['badge_templates_type', 'badge_templates', 'participant_type_id', true],
  ['categories_parent', 'categories', 'parent_id', true],
  ['badge_print_batches_printer', 'badge_print_batches', 'printer_id', true],
  ['badge_print_jobs_printer', 'badge_print_jobs', 'printer_id', true],
  ['booths_event', 'booths', 'event_id', false],
  ['categories_event', 'categories', 'event_id', false],
  ['locations_event', 'locations', 'event_id', false],
  ['tracks_event', 'tracks', 'event_id', false],
  ['participant_types_event', 'participant_types', 'event_id', false],
  ['badge_print_batches_event', 'badge_print_batches', 'event_id', false],
  ['contact_exchanges_event', 'contact_exchanges', 'event_id', false],
];

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, column, nullable] of INDEXES) {
    const where = nullable ? ` WHERE ${column} IS NOT NULL` : '';
    await sql.raw(`CREATE INDEX ${name} ON ${table} (${column})${where}`).execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up.
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await sql.raw(`DROP INDEX IF EXISTS ${name}`).execute(db);
}
