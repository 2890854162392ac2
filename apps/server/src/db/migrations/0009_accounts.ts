import { type Kysely, sql } from 'kysely';

// Frozen once landed: e-mail verification of new accounts (issue 10).
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  // NULL until the address is confirmed with the mailed code. Existing accounts, seeds and fixtures
  // count as confirmed (the default); sign-up and registration insert NULL explicitly.
  await sql`ALTER TABLE users ADD COLUMN email_verified_at timestamptz DEFAULT now()`.execute(db);
  await sql`ALTER TABLE email_codes DROP CONSTRAINT email_codes_purpose_check`.execute(db);
  await sql`
    ALTER TABLE email_codes ADD CONSTRAINT email_codes_purpose_check
      CHECK (purpose IN ('reset', 'connect', 'signup'))`.execute(db);
}
