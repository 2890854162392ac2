import { type Kysely, sql } from 'kysely';

// Frozen once landed. Login was limited to 30 requests a minute per client address, successful ones
// included: at a venue, where a crowd signs in at once from one address, the 31st attendee of the
// minute was refused. Failures now carry the address they came from, and the per-address limit
// counts those (the route keeps a far higher ceiling against floods).
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE login_failures ADD COLUMN address text`.execute(db);
  await sql`
    CREATE INDEX login_failures_address ON login_failures (address, created_at)
     WHERE address IS NOT NULL`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS login_failures_address`.execute(db);
  await sql`ALTER TABLE login_failures DROP COLUMN IF EXISTS address`.execute(db);
}
