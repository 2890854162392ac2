import { type Kysely, sql } from 'kysely';

// Frozen: the foundation schema (identity, accounts, events, participants, booths, sessions, outbox).
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await sql`
    CREATE TABLE users (
      id serial PRIMARY KEY,
      username text NOT NULL UNIQUE,
      name text NOT NULL,
      surname text NOT NULL,
      password_hash text,
      timezone text,
      profile_photo_path text,
      sms_phone text,
      ui_settings jsonb NOT NULL DEFAULT '{}',
      notification_preferences jsonb NOT NULL DEFAULT '[]',
      device_tokens jsonb NOT NULL DEFAULT '[]',
      is_super_user boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE identities (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      provider text NOT NULL,
      subject text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (provider, subject)
    )`.execute(db);

  await sql`
    CREATE TABLE user_emails (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      email text NOT NULL UNIQUE,
      is_primary boolean NOT NULL DEFAULT false,
      confirmed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX user_emails_one_primary ON user_emails (user_id) WHERE is_primary`.execute(
    db,
  );

  await sql`
    CREATE TABLE refresh_tokens (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      family_id uuid NOT NULL,
      token_hash text NOT NULL UNIQUE,
      as_user_id integer REFERENCES users(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id)`.execute(db);

  await sql`
    CREATE TABLE email_codes (
      id serial PRIMARY KEY,
      user_id integer REFERENCES users(id) ON DELETE CASCADE,
      email text NOT NULL,
      purpose text NOT NULL CHECK (purpose IN ('reset', 'connect')),
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX email_codes_lookup ON email_codes (email, purpose)`.execute(db);

  await sql`
    CREATE TABLE login_failures (
      id serial PRIMARY KEY,
      username text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX login_failures_lookup ON login_failures (username, created_at)`.execute(db);

  await sql`
    CREATE TABLE one_time_tokens (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE events (
      id serial PRIMARY KEY,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      event_type text NOT NULL CHECK (event_type IN ('normal', 'online', 'hybrid')),
      default_language text NOT NULL DEFAULT 'en',
      timezone text NOT NULL DEFAULT 'UTC',
      domain text UNIQUE,
      public_event boolean NOT NULL DEFAULT true,
      use_ticket_id_for_signup boolean NOT NULL DEFAULT false,
      registration_open boolean NOT NULL DEFAULT true,
      registration_form jsonb NOT NULL DEFAULT '[]',
      start_date timestamptz NOT NULL,
      real_sdt timestamptz NOT NULL,
      real_edt timestamptz NOT NULL,
      is_finished boolean NOT NULL DEFAULT false,
      images jsonb NOT NULL DEFAULT '{}',
      colors jsonb NOT NULL DEFAULT '{}',
      pages jsonb NOT NULL DEFAULT '{}',
      tabs jsonb NOT NULL DEFAULT '[]',
      limit_tabs jsonb,
      tabs_config jsonb,
      index_page_path text NOT NULL DEFAULT 'attendees',
      translation jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (real_sdt <= real_edt)
    )`.execute(db);

  await sql`
    CREATE TABLE participant_types (
      id serial PRIMARY KEY,
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      name text NOT NULL,
      ticket_type text,
      priority integer NOT NULL DEFAULT 0,
      max_meeting_count integer,
      invitation_rights jsonb,
      disable_guest boolean NOT NULL DEFAULT false,
      at_registration boolean NOT NULL DEFAULT false
    )`.execute(db);

  await sql`
    CREATE TABLE categories (
      id serial PRIMARY KEY,
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      parent_id integer REFERENCES categories(id) ON DELETE CASCADE,
      kind text NOT NULL DEFAULT 'participant' CHECK (kind IN ('participant', 'booth')),
      name text NOT NULL,
      is_multi boolean NOT NULL DEFAULT true,
      max_selectable integer,
      required boolean NOT NULL DEFAULT false
    )`.execute(db);

  await sql`
    CREATE TABLE booths (
      id serial PRIMARY KEY,
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      booth_type text NOT NULL DEFAULT 'exhibitor',
      website text,
      location text,
      images jsonb NOT NULL DEFAULT '{}',
      agenda_enabled boolean NOT NULL DEFAULT true,
      rate integer NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE participants (
      id serial PRIMARY KEY,
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      type_id integer REFERENCES participant_types(id) ON DELETE SET NULL,
      booth_id integer REFERENCES booths(id) ON DELETE SET NULL,
      booth_role text CHECK (booth_role IN ('owner', 'admin', 'user', 'not_confirmed')),
      organizer boolean NOT NULL DEFAULT false,
      organizer_role text,
      check_in_admin boolean NOT NULL DEFAULT false,
      rights jsonb NOT NULL DEFAULT '{}',
      email text NOT NULL,
      name text NOT NULL,
      surname text NOT NULL,
      company text NOT NULL DEFAULT '',
      job_title text NOT NULL DEFAULT '',
      city text NOT NULL DEFAULT '',
      phone text NOT NULL DEFAULT '',
      website text NOT NULL DEFAULT '',
      biography text NOT NULL DEFAULT '',
      offer text NOT NULL DEFAULT '',
      seek text NOT NULL DEFAULT '',
      profile_photo text,
      category_ids integer[] NOT NULL DEFAULT '{}',
      fields jsonb NOT NULL DEFAULT '{}',
      ticket_id text UNIQUE,
      state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'inactive', 'invited', 'deleted')),
      visible boolean NOT NULL DEFAULT true,
      is_speaker boolean NOT NULL DEFAULT false,
      present text CHECK (present IN ('venue', 'online')),
      last_presence_confirm_at timestamptz,
      reg_type text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (event_id, email)
    )`.execute(db);
  await sql`CREATE INDEX participants_user ON participants (user_id)`.execute(db);
  // One participant record per account and event, whichever of its e-mails it registered with.
  await sql`CREATE UNIQUE INDEX participants_event_user ON participants (event_id, user_id) WHERE user_id IS NOT NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE locations (
      id serial PRIMARY KEY,
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      name text NOT NULL,
      capacity integer CHECK (capacity IS NULL OR capacity >= 0),
      used_capacity integer NOT NULL DEFAULT 0 CHECK (used_capacity >= 0)
    )`.execute(db);

  await sql`
    CREATE TABLE tracks (
      id serial PRIMARY KEY,
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      name text NOT NULL,
      color text
    )`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id serial PRIMARY KEY,
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      parent_id integer REFERENCES sessions(id) ON DELETE CASCADE,
      location_id integer REFERENCES locations(id) ON DELETE SET NULL,
      track_id integer REFERENCES tracks(id) ON DELETE SET NULL,
      name text NOT NULL,
      type text NOT NULL DEFAULT 'session',
      description text NOT NULL DEFAULT '',
      sdt timestamptz NOT NULL,
      edt timestamptz NOT NULL,
      capacity integer CHECK (capacity IS NULL OR capacity >= 0),
      used_capacity integer NOT NULL DEFAULT 0 CHECK (used_capacity >= 0),
      hidden boolean NOT NULL DEFAULT false,
      restricted boolean NOT NULL DEFAULT false,
      allowed_type_ids integer[] NOT NULL DEFAULT '{}',
      external_link text,
      offline_link text,
      on_site boolean NOT NULL DEFAULT false,
      needs_approval boolean NOT NULL DEFAULT false,
      images jsonb NOT NULL DEFAULT '{}',
      deleted boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (sdt < edt),
      CHECK (capacity IS NULL OR used_capacity <= capacity)
    )`.execute(db);
  await sql`CREATE INDEX sessions_event_time ON sessions (event_id, sdt)`.execute(db);

  await sql`
    CREATE TABLE session_people (
      session_id integer NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      participant_id integer NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('speaker', 'moderator', 'translator')),
      PRIMARY KEY (session_id, participant_id, role)
    )`.execute(db);

  await sql`
    CREATE TABLE outbox (
      id serial PRIMARY KEY,
      channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'sms')),
      recipient text NOT NULL,
      subject text NOT NULL DEFAULT '',
      body_text text NOT NULL,
      body_html text,
      dedupe_key text UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'outbox',
    'session_people',
    'sessions',
    'tracks',
    'locations',
    'participants',
    'booths',
    'categories',
    'participant_types',
    'events',
    'one_time_tokens',
    'login_failures',
    'email_codes',
    'refresh_tokens',
    'user_emails',
    'identities',
    'users',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)} CASCADE`.execute(db);
  }
}
