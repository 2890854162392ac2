import { type Kysely, sql } from 'kysely';

// Frozen once landed. Why a badge print job's last attempt failed, as a stable code the console
// translates (badges.printError.<code>), beside the English detail in last_error. Jobs failed
// before it have none: the console shows their English text.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE badge_print_jobs ADD COLUMN last_error_code text`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE badge_print_jobs DROP COLUMN last_error_code`.execute(db);
}
