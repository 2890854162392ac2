import { type Kysely, sql } from 'kysely';

// Frozen once landed: deleted accounts leave the lists, attendee lobby posts, hidden posts (issue 10).
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  // A deleted account's participant records stay for the organizers' lists but are gone for
  // everyone else (E3.02): deleting the user marks them, whatever path deletes the row.
  await sql`
    CREATE FUNCTION participants_account_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE participants SET state = 'deleted', updated_at = now()
       WHERE user_id = OLD.id AND state <> 'deleted';
      RETURN OLD;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER users_delete_marks_participants BEFORE DELETE ON users
      FOR EACH ROW EXECUTE FUNCTION participants_account_deleted()`.execute(db);
  // Accounts deleted before this migration: a record that was registered (reg_type) has lost its user.
  await sql`
    UPDATE participants SET state = 'deleted'
     WHERE user_id IS NULL AND reg_type IS NOT NULL AND state <> 'deleted'`.execute(db);

  // official: written by an organizer or moderator (notifies the event, E1.08 / A9.41); else a
  // participant post. hidden_at/hidden_by: an organizer took it out of the lobby; the row stays.
  await sql`
    ALTER TABLE posts
      ADD COLUMN official boolean NOT NULL DEFAULT false,
      ADD COLUMN hidden_at timestamptz,
      ADD COLUMN hidden_by integer REFERENCES participants(id) ON DELETE SET NULL`.execute(db);
  await sql`
    UPDATE posts SET official = true
      FROM participants a
     WHERE a.id = posts.participant_id
       AND (a.organizer OR a.rights->>'moderator' = 'true')`.execute(db);
  // The per-author posting cap counts an author's recent announcements.
  await sql`
    CREATE INDEX posts_author_recent ON posts (participant_id, created_at)
      WHERE type = 'announcement'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX posts_author_recent`.execute(db);
  await sql`ALTER TABLE posts DROP COLUMN hidden_by, DROP COLUMN hidden_at, DROP COLUMN official`.execute(db);
  await sql`DROP TRIGGER users_delete_marks_participants ON users`.execute(db);
  await sql`DROP FUNCTION participants_account_deleted()`.execute(db);
}
