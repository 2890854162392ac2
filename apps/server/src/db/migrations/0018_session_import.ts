import { type Kysely, sql } from 'kysely';

// Frozen once landed: sessions imported from a file (issue 12, part 4; decision 016). The file's own
// key for a session is kept so a re-import matches it instead of adding it again.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE sessions ADD COLUMN external_id text`.execute(db);
  await sql`
    CREATE UNIQUE INDEX sessions_event_external_id ON sessions (event_id, external_id)
      WHERE external_id IS NOT NULL`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS sessions_event_external_id`.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN external_id`.execute(db);
}
