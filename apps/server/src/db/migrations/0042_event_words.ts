import { type Kysely, sql } from 'kysely';

// Frozen once landed. A7.27: an event may word some of the app's texts its own way ("Delegates" for
// "Attendees"), per language, by the catalogue's key: { "en": { "attendees.title": "Delegates" } }.
// The console replaces it as a whole; the app reads it as messagesForEvent/{eventId}.json (A7.28).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE events ADD COLUMN words jsonb NOT NULL DEFAULT '{}'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE events DROP COLUMN IF EXISTS words`.execute(db);
}
