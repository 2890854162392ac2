import { type Kysely, sql } from 'kysely';

// Frozen once landed: A2.71 the venue map tab shows the event's own map: one image with numbered
// pins ({ image, width, height, pins: [{ x, y, label, roomId }] }); null when the event has none.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE events ADD COLUMN venue_map jsonb`.execute(db);
}
