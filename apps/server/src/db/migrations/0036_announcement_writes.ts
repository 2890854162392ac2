import { type Kysely, sql } from 'kysely';

// Frozen once landed. The participants' posting cap (E1.08 without the spam: 2 a minute, 10 an hour)
// counted the announcements that still exist, so posting and deleting at once posted without limit,
// each one pushed live to every lobby. Every capped announcement written is now logged here for an
// hour (the posts feature's hourly housekeeping deletes older rows).
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE announcement_writes (
      participant_id integer NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX announcement_writes_author ON announcement_writes (participant_id, created_at)`.execute(
    db,
  );
  await sql`CREATE INDEX announcement_writes_created ON announcement_writes (created_at)`.execute(db);
  await sql`
    INSERT INTO announcement_writes (participant_id, created_at)
    SELECT participant_id, created_at FROM posts
     WHERE type = 'announcement' AND created_at > now() - interval '1 hour'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS announcement_writes`.execute(db);
}
