import { type Kysely, sql } from 'kysely';

// Frozen once landed: the organizer console, people (issue 12).
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  // A personal invitation link's token, stored only as its sha256 (hex); single-use, replaced on resend.
  await sql`ALTER TABLE participants ADD COLUMN invite_token_hash text`.execute(db);
  await sql`ALTER TABLE participants ADD COLUMN invited_at timestamptz`.execute(db);
  await sql`CREATE UNIQUE INDEX participants_invite_token_idx ON participants (invite_token_hash)
    WHERE invite_token_hash IS NOT NULL`.execute(db);
}
