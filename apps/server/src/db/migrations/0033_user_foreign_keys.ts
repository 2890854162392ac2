import { type Kysely, sql } from 'kysely';

// Frozen once landed. Deleting an account (A7.10) deletes its `users` row, and PostgreSQL then finds
// the rows that refer to it, in every table with a foreign key to `users`, by that key's column.
// Without an index beginning with the column each of those is a walk of the whole table: at an
// event of 50,000 people `refresh_tokens` holds a row per sign-in and per token refresh, so one
// deletion (and ending someone's other sessions, `revokeUserSessions`) read all of them. The test
// `db/foreign-keys.test.ts` keeps every foreign key to `users` indexed from now on.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id)`.execute(db);
  await sql`CREATE INDEX refresh_tokens_as_user ON refresh_tokens (as_user_id) WHERE as_user_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX identities_user ON identities (user_id)`.execute(db);
  await sql`CREATE INDEX email_codes_user ON email_codes (user_id) WHERE user_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX one_time_tokens_user ON one_time_tokens (user_id)`.execute(db);
  await sql`CREATE INDEX contact_exchanges_requester ON contact_exchanges (requester_id)`.execute(db);
  for (const table of ['events', 'import_jobs', 'api_keys', 'webhooks']) {
    await sql
      .raw(`CREATE INDEX ${table}_created_by ON ${table} (created_by) WHERE created_by IS NOT NULL`)
      .execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up.
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'refresh_tokens_user',
    'refresh_tokens_as_user',
    'identities_user',
    'email_codes_user',
    'one_time_tokens_user',
    'contact_exchanges_requester',
    'events_created_by',
    'import_jobs_created_by',
    'api_keys_created_by',
    'webhooks_created_by',
  ]) {
    await sql.raw(`DROP INDEX IF EXISTS ${index}`).execute(db);
  }
}
