import { type Kysely, sql } from 'kysely';

// Frozen once landed: the organizer console's event set-up (issue 12).
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  // Archived events leave every list but the owner's console; nothing is deleted.
  await sql`ALTER TABLE events ADD COLUMN archived_at timestamptz`.execute(db);
  // The languages the event offers (A1.10); the default language is always one of them.
  await sql`ALTER TABLE events ADD COLUMN languages jsonb NOT NULL DEFAULT '["en"]'::jsonb`.execute(db);
  await sql`ALTER TABLE events ADD COLUMN created_by integer REFERENCES users(id) ON DELETE SET NULL`.execute(
    db,
  );
  await sql`CREATE INDEX events_public_idx ON events (real_edt) WHERE public_event AND archived_at IS NULL`.execute(
    db,
  );
}
