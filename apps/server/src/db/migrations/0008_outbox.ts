import { type Kysely, sql } from 'kysely';

// Frozen once landed: the event bus's durable outbox (decision 010). A row is written in the same
// transaction as the change it announces and is processed after commit, at least once.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE bus_outbox (
      id serial PRIMARY KEY,
      event_id integer NOT NULL,
      type text NOT NULL,
      payload jsonb NOT NULL,
      ordered boolean NOT NULL DEFAULT true,
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'dead')),
      attempts integer NOT NULL DEFAULT 0,
      run_after timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      done_handlers text[] NOT NULL DEFAULT '{}',
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      done_at timestamptz
    )`.execute(db);
  // What the processor claims, and the per-event order check (earliest pending row of an event).
  await sql`CREATE INDEX bus_outbox_pending ON bus_outbox (event_id, id) WHERE state = 'pending'`.execute(db);
  await sql`CREATE INDEX bus_outbox_done ON bus_outbox (done_at) WHERE state = 'done'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE bus_outbox`.execute(db);
}
