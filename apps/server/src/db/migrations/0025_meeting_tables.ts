import { type Kysely, sql } from 'kysely';

// Frozen once landed: a confirmed one-to-one meeting at an on-site or hybrid event gets a table at the
// meeting point (issue 15), numbered from 1 per start time; two live meetings never share one.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE meetings ADD COLUMN table_number integer CHECK (table_number > 0)`.execute(db);
  await sql`
    CREATE UNIQUE INDEX meetings_table_at ON meetings (event_id, sdt, table_number)
      WHERE table_number IS NOT NULL AND status <> 'cancelled'`.execute(db);
}
