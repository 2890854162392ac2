import { type Kysely, sql } from 'kysely';

// Frozen once landed: E9.58 made an organizer's setting: 1:1 meetings can be switched off for an
// event (no Meet button, no new requests), instead of one event id excluded in the code.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE events ADD COLUMN meetings_enabled boolean NOT NULL DEFAULT true`.execute(db);
}
