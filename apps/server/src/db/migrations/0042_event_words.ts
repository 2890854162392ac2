import { type Kysely, sql } from 'kysely';

// Frozen once landed. A7.27: an event may word some of the app's texts its own way ("Delegates" for
// "Attendees"), per language, by the catalogue's key: { "en": { "attendees.title": "Delegates" } }.
// The texts live in a table of their own (up to 200 per language, 500 characters each): the events
// row is read by nearly every request, and carries only the languages that have words (A7.28).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE events ADD COLUMN own_words text[] NOT NULL DEFAULT '{}'`.execute(db);
  await sql`
    CREATE TABLE event_words (
      event_id integer PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
      words jsonb NOT NULL
    )`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS event_words`.execute(db);
  await sql`ALTER TABLE events DROP COLUMN IF EXISTS own_words`.execute(db);
}
