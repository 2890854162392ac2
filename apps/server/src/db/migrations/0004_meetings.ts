import { type Kysely, sql } from 'kysely';

// Frozen once landed: attendee search, tags, invitations, one-to-one meetings, booth extras.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE events ADD COLUMN restricted boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE participant_types ADD COLUMN allowed_to_modify boolean NOT NULL DEFAULT true`.execute(
    db,
  );
  await sql`ALTER TABLE categories ADD COLUMN type text NOT NULL DEFAULT 'select' CHECK (type IN ('select', 'text'))`.execute(
    db,
  );
  await sql`ALTER TABLE categories ADD COLUMN is_private boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    ALTER TABLE booths
      ADD COLUMN documents jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN social_links jsonb NOT NULL DEFAULT '{}',
      ADD COLUMN category_ids integer[] NOT NULL DEFAULT '{}'`.execute(db);

  // Search: one weighted vector (A name, B company and job title, C offer, D seek and category
  // names) plus lower-cased text for trigram substring matches, and a precomputed boost so the
  // default order is an index scan (E9 "search boosts").
  await sql`
    ALTER TABLE participants
      ADD COLUMN booth_pending_role text CHECK (booth_pending_role IN ('admin', 'user')),
      ADD COLUMN social_links jsonb NOT NULL DEFAULT '{}',
      ADD COLUMN search_vector tsvector NOT NULL DEFAULT ''::tsvector,
      ADD COLUMN search_text text NOT NULL DEFAULT '',
      ADD COLUMN search_boost integer NOT NULL DEFAULT 0,
      ADD COLUMN sort_name text GENERATED ALWAYS AS (lower(name || ' ' || surname)) STORED,
      ADD COLUMN sort_company text GENERATED ALWAYS AS (lower(company)) STORED`.execute(db);

  await sql`
    CREATE FUNCTION participant_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      cats text;
      prio integer;
    BEGIN
      SELECT coalesce(string_agg(c.name, ' '), '') INTO cats FROM categories c WHERE c.id = ANY(NEW.category_ids);
      SELECT t.priority INTO prio FROM participant_types t WHERE t.id = NEW.type_id;
      NEW.search_vector :=
        setweight(to_tsvector('simple', NEW.name || ' ' || NEW.surname), 'A') ||
        setweight(to_tsvector('simple', NEW.company || ' ' || NEW.job_title), 'B') ||
        setweight(to_tsvector('simple', NEW.offer), 'C') ||
        setweight(to_tsvector('simple', NEW.seek || ' ' || cats), 'D');
      NEW.search_text := lower(concat_ws(' ', NEW.name, NEW.surname, NEW.company, NEW.job_title));
      NEW.search_boost :=
        (CASE WHEN NEW.state = 'active' THEN 1048576 ELSE 0 END) +
        (CASE WHEN NEW.booth_role = 'owner' THEN 524288 ELSE 0 END) +
        (CASE WHEN prio IS NULL THEN 0 ELSE (1 << least(greatest(prio, 0), 18)) END);
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER participants_search_refresh
      BEFORE INSERT OR UPDATE OF name, surname, company, job_title, offer, seek, category_ids, type_id, booth_role, state
      ON participants FOR EACH ROW EXECUTE FUNCTION participant_search_refresh()`.execute(db);
  // Keep the derived columns right when a type's priority or a category's name changes.
  await sql`
    CREATE FUNCTION participant_search_touch_type() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE participants SET type_id = type_id WHERE type_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER participant_types_search_touch AFTER UPDATE OF priority ON participant_types
      FOR EACH ROW EXECUTE FUNCTION participant_search_touch_type()`.execute(db);
  await sql`
    CREATE FUNCTION participant_search_touch_category() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE participants SET category_ids = category_ids WHERE NEW.id = ANY(category_ids);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER categories_search_touch AFTER UPDATE OF name ON categories
      FOR EACH ROW EXECUTE FUNCTION participant_search_touch_category()`.execute(db);
  await sql`UPDATE participants SET name = name`.execute(db);

  await sql`CREATE INDEX participants_search_vector ON participants USING gin (search_vector)`.execute(db);
  await sql`CREATE INDEX participants_search_trgm ON participants USING gin (search_text gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX participants_search_boost ON participants (event_id, search_boost DESC, sort_name, id)`.execute(
    db,
  );
  await sql`CREATE INDEX participants_search_name ON participants (event_id, sort_name, id)`.execute(db);
  await sql`CREATE INDEX participants_search_company ON participants (event_id, sort_company, id)`.execute(
    db,
  );
  await sql`CREATE INDEX participants_booth ON participants (booth_id) WHERE booth_id IS NOT NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE participant_tags (
      owner_id integer NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      target_id integer NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      tag text NOT NULL CHECK (tag IN ('fav', 'ignored')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (owner_id, target_id, tag),
      CHECK (owner_id <> target_id)
    )`.execute(db);

  await sql`
    CREATE TABLE participant_views (
      viewer_id integer NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      target_id integer NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      viewed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (viewer_id, target_id)
    )`.execute(db);

  await sql`
    CREATE TABLE meetings (
      id serial PRIMARY KEY,
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      kind text NOT NULL DEFAULT 'meeting' CHECK (kind IN ('meeting', 'table')),
      slot_session_id integer REFERENCES sessions(id) ON DELETE SET NULL,
      sdt timestamptz NOT NULL,
      edt timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'accepted' CHECK (status IN ('accepted', 'rescheduled', 'cancelled')),
      executor_id integer REFERENCES participants(id) ON DELETE SET NULL,
      message text NOT NULL DEFAULT '',
      pre_booked boolean NOT NULL DEFAULT false,
      booth_id integer REFERENCES booths(id) ON DELETE SET NULL,
      capacity integer,
      video_room text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (sdt < edt)
    )`.execute(db);
  await sql`CREATE INDEX meetings_event_time ON meetings (event_id, sdt)`.execute(db);

  // sdt/edt are copied here so a person's bookings are checked without a join, and so the unique
  // index below makes a double booking of the same start impossible even if a check were skipped.
  await sql`
    CREATE TABLE meeting_participants (
      meeting_id integer NOT NULL REFERENCES meetings(id) ON DELETE CASCADE,
      participant_id integer NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('host', 'guest')),
      sdt timestamptz NOT NULL,
      edt timestamptz NOT NULL,
      active boolean NOT NULL DEFAULT true,
      checked_in_at timestamptz,
      reminded_at timestamptz,
      PRIMARY KEY (meeting_id, participant_id)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX meeting_participants_one_start ON meeting_participants (participant_id, sdt) WHERE active`.execute(
    db,
  );
  await sql`CREATE INDEX meeting_participants_reminders ON meeting_participants (sdt) WHERE active AND reminded_at IS NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE invitations (
      id serial PRIMARY KEY,
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('join', 'reschedule')),
      state text NOT NULL DEFAULT 'waiting'
        CHECK (state IN ('waiting', 'accepted', 'rejected', 'meeting', 'reschedule', 'processed', 'revoked')),
      from_participant_id integer NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      to_participant_id integer NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      to_booth_id integer REFERENCES booths(id) ON DELETE SET NULL,
      to_all boolean NOT NULL DEFAULT false,
      meeting_id integer REFERENCES meetings(id) ON DELETE SET NULL,
      session_id integer REFERENCES sessions(id) ON DELETE SET NULL,
      proposed_sdt timestamptz,
      proposed_edt timestamptz,
      message text NOT NULL DEFAULT '',
      response_message text,
      responded_by integer REFERENCES participants(id) ON DELETE SET NULL,
      responded_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (from_participant_id <> to_participant_id)
    )`.execute(db);
  await sql`CREATE INDEX invitations_from ON invitations (event_id, from_participant_id)`.execute(db);
  await sql`CREATE INDEX invitations_to ON invitations (event_id, to_participant_id)`.execute(db);
  await sql`CREATE INDEX invitations_booth ON invitations (to_booth_id) WHERE to_booth_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX invitations_meeting ON invitations (meeting_id) WHERE meeting_id IS NOT NULL`.execute(
    db,
  );
  // At most one open request per direction, and one open reschedule per meeting, even under races.
  await sql`
    CREATE UNIQUE INDEX invitations_one_waiting_join ON invitations (from_participant_id, to_participant_id)
      WHERE type = 'join' AND state = 'waiting'`.execute(db);
  await sql`
    CREATE UNIQUE INDEX invitations_one_waiting_reschedule ON invitations (meeting_id)
      WHERE type = 'reschedule' AND state = 'waiting'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'invitations',
    'meeting_participants',
    'meetings',
    'participant_views',
    'participant_tags',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)} CASCADE`.execute(db);
  }
  await sql`DROP TRIGGER IF EXISTS categories_search_touch ON categories`.execute(db);
  await sql`DROP TRIGGER IF EXISTS participant_types_search_touch ON participant_types`.execute(db);
  await sql`DROP TRIGGER IF EXISTS participants_search_refresh ON participants`.execute(db);
  await sql`DROP FUNCTION IF EXISTS participant_search_touch_category()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS participant_search_touch_type()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS participant_search_refresh()`.execute(db);
  await sql`
    ALTER TABLE participants
      DROP COLUMN booth_pending_role, DROP COLUMN social_links, DROP COLUMN search_vector, DROP COLUMN search_text,
      DROP COLUMN search_boost, DROP COLUMN sort_name, DROP COLUMN sort_company`.execute(db);
  await sql`ALTER TABLE booths DROP COLUMN documents, DROP COLUMN social_links, DROP COLUMN category_ids`.execute(
    db,
  );
  await sql`ALTER TABLE categories DROP COLUMN type, DROP COLUMN is_private`.execute(db);
  await sql`ALTER TABLE participant_types DROP COLUMN allowed_to_modify`.execute(db);
  await sql`ALTER TABLE events DROP COLUMN restricted`.execute(db);
}
