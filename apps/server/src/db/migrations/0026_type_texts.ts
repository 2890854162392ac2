import { type Kysely, sql } from 'kysely';

// Frozen once landed: E3.05 "texts per language": a participant type's name in each of the app's
// languages, as the organizer writes them ({"tr": "Katılımcı", ...}); the name stays the default.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE participant_types ADD COLUMN texts jsonb NOT NULL DEFAULT '{}'`.execute(db);
}
