import { type Kysely, sql } from 'kysely';

// Frozen: agenda membership, off-times, calendar feeds (additive to 0001's sessions).
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  // One row per participant and session: the unique key is what makes a double join impossible.
  // 'joined' and 'waiting' rows hold a seat (sessions.used_capacity counts them); 'declined' does not.
  await sql`
    CREATE TABLE session_attendees (
      session_id integer NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      participant_id integer NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      status text NOT NULL CHECK (status IN ('joined', 'waiting', 'declined')),
      blocking boolean NOT NULL DEFAULT true,
      added_by integer REFERENCES participants(id) ON DELETE SET NULL,
      message text,
      checked_in_at timestamptz,
      last_ping_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (session_id, participant_id)
    )`.execute(db);
  await sql`CREATE INDEX session_attendees_participant ON session_attendees (participant_id)`.execute(db);
  // added_by is set only when someone else booked (on behalf); the index keeps participant deletes fast.
  await sql`CREATE INDEX session_attendees_added_by ON session_attendees (added_by) WHERE added_by IS NOT NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE participant_off (
      id serial PRIMARY KEY,
      participant_id integer NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      sdt timestamptz NOT NULL,
      edt timestamptz NOT NULL,
      created_by integer REFERENCES participants(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (sdt < edt)
    )`.execute(db);
  await sql`CREATE INDEX participant_off_participant ON participant_off (participant_id, sdt)`.execute(db);
  await sql`CREATE INDEX participant_off_created_by ON participant_off (created_by) WHERE created_by IS NOT NULL`.execute(
    db,
  );

  // The feed URL's token is HMAC(secret, participant + nonce): reproducible for the owner, never stored.
  await sql`
    CREATE TABLE calendar_feeds (
      participant_id integer PRIMARY KEY REFERENCES participants(id) ON DELETE CASCADE,
      nonce text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`ALTER TABLE sessions ADD COLUMN rehearsal_started_at timestamptz`.execute(db);
  await sql`CREATE INDEX sessions_parent ON sessions (parent_id) WHERE parent_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX session_people_participant ON session_people (participant_id)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS session_people_participant`.execute(db);
  await sql`DROP INDEX IF EXISTS sessions_parent`.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN IF EXISTS rehearsal_started_at`.execute(db);
  for (const table of ['calendar_feeds', 'participant_off', 'session_attendees']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)} CASCADE`.execute(db);
  }
}
