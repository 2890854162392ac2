import { type Kysely, sql } from 'kysely';

// Frozen once landed: notifications, chat, announcements with comments, polls.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  // A4.36 "seen" marker (latest notification date the drawer showed) and the A4.38 "mark all read"
  // watermark (every notification with an id up to it counts as read).
  await sql`
    ALTER TABLE users
      ADD COLUMN notifications_seen_at timestamptz,
      ADD COLUMN notifications_read_up_to bigint NOT NULL DEFAULT 0`.execute(db);

  // A personal notification has user_id; an event-wide one (announcement, poll) has user_id NULL
  // and reaches every participant of event_id: one row and one push however large the event.
  await sql`
    CREATE TABLE notifications (
      id bigserial PRIMARY KEY,
      user_id integer REFERENCES users(id) ON DELETE CASCADE,
      event_id integer REFERENCES events(id) ON DELETE CASCADE,
      type text NOT NULL,
      session_id integer,
      invitation_id integer,
      meeting_id integer,
      post_id integer,
      poll_id integer,
      actor_participant_id integer,
      message text,
      title text,
      -- Milliseconds, as the clients hold dates: the A4.36 seen marker compares against them exactly.
      created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
      CHECK (user_id IS NOT NULL OR event_id IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX notifications_user ON notifications (user_id, id) WHERE user_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX notifications_broadcast ON notifications (event_id, id) WHERE user_id IS NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE notification_reads (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      notification_id bigint NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
      read_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, notification_id)
    )`.execute(db);

  // Chat. private_key ("event:low:high" participant ids) makes a 1:1 room unique per pair and event,
  // so two people opening a chat at once get the same room.
  await sql`
    CREATE TABLE chat_rooms (
      id serial PRIMARY KEY,
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('private', 'group')),
      name text,
      private_key text UNIQUE,
      created_by integer REFERENCES participants(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE chat_members (
      room_id integer NOT NULL REFERENCES chat_rooms(id) ON DELETE CASCADE,
      participant_id integer NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      last_seen_message_id bigint NOT NULL DEFAULT 0,
      pinned boolean NOT NULL DEFAULT false,
      joined_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (room_id, participant_id)
    )`.execute(db);
  await sql`CREATE INDEX chat_members_user ON chat_members (user_id, room_id)`.execute(db);
  await sql`CREATE INDEX chat_members_participant ON chat_members (participant_id)`.execute(db);
  await sql`
    CREATE TABLE chat_messages (
      id bigserial PRIMARY KEY,
      room_id integer NOT NULL REFERENCES chat_rooms(id) ON DELETE CASCADE,
      sender_id integer REFERENCES participants(id) ON DELETE SET NULL,
      type text,
      msg text,
      det jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX chat_messages_room ON chat_messages (room_id, id)`.execute(db);

  // Announcements and comments share one table (E7.41: one event/post call for both).
  await sql`
    CREATE TABLE posts (
      id serial PRIMARY KEY,
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('announcement', 'comment')),
      parent_id integer REFERENCES posts(id) ON DELETE CASCADE,
      participant_id integer NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      text text NOT NULL,
      files jsonb NOT NULL DEFAULT '[]',
      post_at timestamptz,
      published_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((type = 'comment') = (parent_id IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX posts_event ON posts (event_id, type, id)`.execute(db);
  await sql`CREATE INDEX posts_parent ON posts (parent_id, id) WHERE parent_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX posts_due ON posts (post_at) WHERE published_at IS NULL`.execute(db);

  // Polls. One ballot per participant and poll (the primary key makes a double vote impossible).
  await sql`
    CREATE TABLE polls (
      id serial PRIMARY KEY,
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      question text NOT NULL,
      answers jsonb NOT NULL,
      multiple boolean NOT NULL DEFAULT false,
      auto_publish_results boolean NOT NULL DEFAULT false,
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'closed')),
      results_visible boolean NOT NULL DEFAULT false,
      post_at timestamptz,
      published_at timestamptz,
      closed_at timestamptz,
      finished_at timestamptz,
      announced_at timestamptz,
      created_by integer REFERENCES participants(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX polls_event ON polls (event_id, id)`.execute(db);
  await sql`CREATE INDEX polls_due ON polls (post_at) WHERE status = 'draft' AND post_at IS NOT NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE poll_ballots (
      poll_id integer NOT NULL REFERENCES polls(id) ON DELETE CASCADE,
      participant_id integer NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      answer_ids integer[] NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (poll_id, participant_id)
    )`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['poll_ballots', 'polls', 'posts', 'chat_messages', 'chat_members', 'chat_rooms']) {
    await sql.raw(`DROP TABLE ${table}`).execute(db);
  }
  await sql`DROP TABLE notification_reads`.execute(db);
  await sql`DROP TABLE notifications`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN notifications_seen_at, DROP COLUMN notifications_read_up_to`.execute(
    db,
  );
}
