import { type Kysely, sql } from 'kysely';

// Frozen once landed. Indexes for the hourly housekeeping's deletions by age, which had none: each
// read its whole table every hour and at every start. `refresh_tokens` holds a row per sign-in and
// per token refresh (a million at a large event), `push_sent` a row per push sent. With the index a
// deletion reads only the rows it deletes. `db/housekeeping-indexes.test.ts` keeps it so.
const INDEXES: ReadonlyArray<readonly [name: string, table: string, column: string]> = [
  ['login_failures_created', 'login_failures', 'created_at'],
  ['email_codes_expires', 'email_codes', 'expires_at'],
  ['refresh_tokens_expires', 'refresh_tokens', 'expires_at'],
  ['one_time_tokens_expires', 'one_time_tokens', 'expires_at'],
  ['push_sent_created', 'push_sent', 'created_at'],
];

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, column] of INDEXES) {
    await sql.raw(`CREATE INDEX ${name} ON ${table} (${column})`).execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up.
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await sql.raw(`DROP INDEX IF EXISTS ${name}`).execute(db);
}
