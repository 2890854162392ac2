import { type Kysely, sql } from 'kysely';

// Frozen once landed: attendee search at 50,000+ attendees (issue 13). The text and category indexes
// start with the event, so a search reads its own event's entries only instead of every event's
// matches and then throwing the others away (btree_gin lets a GIN index carry the integer column).
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gin`.execute(db);
  await sql`CREATE INDEX participants_event_search_vector ON participants USING gin (event_id, search_vector)`.execute(
    db,
  );
  await sql`CREATE INDEX participants_event_search_trgm ON participants USING gin (event_id, search_text gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX participants_event_categories ON participants USING gin (event_id, category_ids)`.execute(
    db,
  );
  // The whole directory's count (exact, unlike a narrowed search's) from the index alone.
  await sql`CREATE INDEX participants_listed ON participants (event_id) WHERE state <> 'deleted' AND visible`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS participants_search_vector`.execute(db);
  await sql`DROP INDEX IF EXISTS participants_search_trgm`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX participants_search_vector ON participants USING gin (search_vector)`.execute(db);
  await sql`CREATE INDEX participants_search_trgm ON participants USING gin (search_text gin_trgm_ops)`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS participants_listed`.execute(db);
  await sql`DROP INDEX IF EXISTS participants_event_categories`.execute(db);
  await sql`DROP INDEX IF EXISTS participants_event_search_trgm`.execute(db);
  await sql`DROP INDEX IF EXISTS participants_event_search_vector`.execute(db);
}
