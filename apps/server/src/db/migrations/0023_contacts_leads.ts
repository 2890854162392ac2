import { type Kysely, sql } from 'kysely';

// Frozen once landed: contact exchanges (E4.62), held meetings' partners as contacts, booth leads
// with qualification questions and notes, and booth visits for the booth report (issue 14, part 6).
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  // The participant a contact is (a scanned badge, a card that matched, a meeting partner).
  await sql`
    ALTER TABLE contacts
      ADD COLUMN participant_id integer REFERENCES participants(id) ON DELETE SET NULL,
      ADD COLUMN source text NOT NULL DEFAULT 'typed'
        CHECK (source IN ('typed', 'badge', 'vcard', 'mecard', 'meeting', 'exchange'))`.execute(db);
  // One contact per person I know: two racing scans of one badge keep one.
  await sql`CREATE UNIQUE INDEX contacts_owner_participant ON contacts (owner_id, participant_id) WHERE participant_id IS NOT NULL`.execute(
    db,
  );

  // E4.62: one exchange per pair of users (user_low < user_high), whoever asked first.
  await sql`
    CREATE TABLE contact_exchanges (
      id serial PRIMARY KEY,
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      user_low integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      user_high integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      requester_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      low_participant_id integer REFERENCES participants(id) ON DELETE SET NULL,
      high_participant_id integer REFERENCES participants(id) ON DELETE SET NULL,
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'accepted', 'rejected')),
      source text NOT NULL DEFAULT 'scan' CHECK (source IN ('scan', 'meeting')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (user_low < user_high),
      CHECK (requester_id = user_low OR requester_id = user_high),
      UNIQUE (user_low, user_high)
    )`.execute(db);
  await sql`CREATE INDEX contact_exchanges_high ON contact_exchanges (user_high)`.execute(db);

  // Held meetings whose partners were made each other's contacts (the job's claim: once each).
  await sql`
    CREATE TABLE contact_meeting_links (
      meeting_id integer PRIMARY KEY REFERENCES meetings(id) ON DELETE CASCADE,
      linked_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE booth_lead_questions (
      id serial PRIMARY KEY,
      booth_id integer NOT NULL REFERENCES booths(id) ON DELETE CASCADE,
      position integer NOT NULL,
      label text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('text', 'choice')),
      options text[] NOT NULL DEFAULT '{}'
    )`.execute(db);
  await sql`CREATE INDEX booth_lead_questions_booth ON booth_lead_questions (booth_id, position)`.execute(db);

  // match_key says who a lead is (p:<participant id>, e:<e-mail>, t:<phone>, n:<name>): two team
  // members scanning one badge at the same moment make one lead.
  await sql`
    CREATE TABLE booth_leads (
      id serial PRIMARY KEY,
      booth_id integer NOT NULL REFERENCES booths(id) ON DELETE CASCADE,
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      match_key text NOT NULL,
      participant_id integer REFERENCES participants(id) ON DELETE SET NULL,
      first_name text NOT NULL,
      last_name text NOT NULL DEFAULT '',
      emails text[] NOT NULL DEFAULT '{}',
      phones text[] NOT NULL DEFAULT '{}',
      company text NOT NULL DEFAULT '',
      job_title text NOT NULL DEFAULT '',
      website text NOT NULL DEFAULT '',
      profile_photo text,
      rating smallint CHECK (rating BETWEEN 1 AND 5),
      answers jsonb NOT NULL DEFAULT '{}',
      source text NOT NULL CHECK (source IN ('badge', 'vcard', 'mecard')),
      scanned_by integer REFERENCES participants(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (booth_id, match_key)
    )`.execute(db);
  await sql`CREATE INDEX booth_leads_booth ON booth_leads (booth_id, id DESC)`.execute(db);

  await sql`
    CREATE TABLE booth_lead_notes (
      id serial PRIMARY KEY,
      lead_id integer NOT NULL REFERENCES booth_leads(id) ON DELETE CASCADE,
      author_id integer REFERENCES participants(id) ON DELETE SET NULL,
      note text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX booth_lead_notes_lead ON booth_lead_notes (lead_id, id)`.execute(db);

  // Who opened the booth's page (the report's visitors).
  await sql`
    CREATE TABLE booth_visits (
      booth_id integer NOT NULL REFERENCES booths(id) ON DELETE CASCADE,
      participant_id integer NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      first_at timestamptz NOT NULL,
      last_at timestamptz NOT NULL,
      visits integer NOT NULL DEFAULT 1,
      PRIMARY KEY (booth_id, participant_id)
    )`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE booth_visits`.execute(db);
  await sql`DROP TABLE booth_lead_notes`.execute(db);
  await sql`DROP TABLE booth_leads`.execute(db);
  await sql`DROP TABLE booth_lead_questions`.execute(db);
  await sql`DROP TABLE contact_meeting_links`.execute(db);
  await sql`DROP TABLE contact_exchanges`.execute(db);
  await sql`DROP INDEX contacts_owner_participant`.execute(db);
  await sql`ALTER TABLE contacts DROP COLUMN source, DROP COLUMN participant_id`.execute(db);
}
