import { type Kysely, sql } from 'kysely';

// Frozen once landed: the sender of a meeting request may suggest up to three slots free for both
// (issue 15, beyond the spec); the invitee still picks any free slot (E4.20).
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE invitations ADD COLUMN suggested_session_ids integer[] NOT NULL DEFAULT '{}'`.execute(
    db,
  );
}
