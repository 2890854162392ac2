import { type Kysely, sql } from 'kysely';

// Frozen once landed. When a check-in area's set-up (name, capacity, allowed types) last changed, so
// that two organizers editing one area at once do not silently overwrite each other: a save names
// the time it read and is refused (409) when the set-up changed since (door.service.ts). Scans never
// touch it (they change capacity_used, not the set-up). Kept to the millisecond, as the API writes it.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE checkin_areas
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE checkin_areas DROP COLUMN IF EXISTS updated_at`.execute(db);
}
