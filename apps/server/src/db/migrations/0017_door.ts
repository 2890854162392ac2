import { type Kysely, sql } from 'kysely';

// Frozen once landed: the organizer console's door set-up (issue 12, part 6; E3.31, E5.54–E5.57).
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  // An area the organizer set up keeps its rules on its occupancy row: a name, a capacity that
  // overrides the room's or session's own (null keeps it) and the participant types let in (empty:
  // everyone). `configured` tells set-up rows from counter rows the first scan creates.
  await sql`
    ALTER TABLE checkin_areas
      ADD COLUMN configured boolean NOT NULL DEFAULT false,
      ADD COLUMN name text,
      ADD COLUMN capacity integer CHECK (capacity IS NULL OR capacity >= 0),
      ADD COLUMN allowed_type_ids integer[] NOT NULL DEFAULT '{}'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE checkin_areas
      DROP COLUMN configured, DROP COLUMN name, DROP COLUMN capacity, DROP COLUMN allowed_type_ids`.execute(
    db,
  );
}
