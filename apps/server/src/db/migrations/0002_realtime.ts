import { type Kysely, sql } from 'kysely';

// Frozen: the realtime feed. seq numbers each room's records 1, 2, 3, … (assigned under a room lock,
// so without holes); clients resume from the last seq they hold after a disconnect.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE realtime_events (
      id bigserial PRIMARY KEY,
      room text NOT NULL,
      seq bigint NOT NULL,
      type text NOT NULL,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX realtime_events_room_seq ON realtime_events (room, seq)`.execute(db);
  await sql`CREATE INDEX realtime_events_created_at ON realtime_events (created_at)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE realtime_events`.execute(db);
}
