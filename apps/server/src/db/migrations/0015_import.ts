import { type Kysely, sql } from 'kysely';

// Frozen once landed: the organizer console, import (issue 12). Decision record 016.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  // Imports match people by (event_id, email): the UNIQUE (event_id, email) of 0001 is the upsert's
  // conflict target, and every writer stores e-mails lower-case (emailSchema), so no lower() index.
  // One row per commit, so its progress and result outlive the browser tab that started it.
  await sql`
    CREATE TABLE import_jobs (
      id serial PRIMARY KEY,
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      kind text NOT NULL,
      file_name text NOT NULL,
      state text NOT NULL CHECK (state IN ('running', 'done', 'failed')),
      total integer NOT NULL DEFAULT 0,
      processed integer NOT NULL DEFAULT 0,
      inserted integer NOT NULL DEFAULT 0,
      updated integer NOT NULL DEFAULT 0,
      unchanged integer NOT NULL DEFAULT 0,
      errors integer NOT NULL DEFAULT 0,
      failure text,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX import_jobs_event ON import_jobs (event_id, id)`.execute(db);
}
