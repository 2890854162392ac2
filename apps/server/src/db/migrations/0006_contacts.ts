import { type Kysely, sql } from 'kysely';

// Frozen once landed: collected contacts and their notes (E1.11–E1.13, E3.28, E3.29).
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  // A contact belongs to whoever collected it; event_ids are the events it was collected at.
  await sql`
    CREATE TABLE contacts (
      id serial PRIMARY KEY,
      owner_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      event_ids integer[] NOT NULL DEFAULT '{}',
      first_name text NOT NULL,
      last_name text NOT NULL DEFAULT '',
      emails text[] NOT NULL,
      phones text[] NOT NULL DEFAULT '{}',
      company text NOT NULL DEFAULT '',
      job_title text NOT NULL DEFAULT '',
      website text NOT NULL DEFAULT '',
      ticket_id text,
      profile_photo text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX contacts_owner ON contacts (owner_id, id DESC)`.execute(db);
  // Scanning the same badge twice updates the one contact instead of adding a second.
  await sql`CREATE UNIQUE INDEX contacts_owner_ticket ON contacts (owner_id, ticket_id) WHERE ticket_id IS NOT NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE contact_notes (
      id serial PRIMARY KEY,
      contact_id integer NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
      contact_type text NOT NULL DEFAULT 'scan' CHECK (contact_type IN ('scan')),
      note text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX contact_notes_contact ON contact_notes (contact_id, id)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE contact_notes`.execute(db);
  await sql`DROP TABLE contacts`.execute(db);
}
