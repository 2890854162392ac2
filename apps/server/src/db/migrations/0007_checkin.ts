import { type Kysely, sql } from 'kysely';

// Frozen once landed: staff check-in at the door and badge printing (E3.34, E4.65, E5.54–E5.57, E7.04).
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  // Occupancy of one check-in area: the whole event (entity_id 0), a location or a session. The
  // counter row is the lock that serialises scanners racing for the last seat; the CHECK is the backstop.
  await sql`
    CREATE TABLE checkin_areas (
      id serial PRIMARY KEY,
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      entity_type text NOT NULL CHECK (entity_type IN ('event', 'location', 'session')),
      entity_id integer NOT NULL,
      capacity_used integer NOT NULL DEFAULT 0 CHECK (capacity_used >= 0),
      UNIQUE (event_id, entity_type, entity_id)
    )`.execute(db);

  // One status row per person and area: in or out. The primary key makes two scanners of the
  // same ticket queue on one row, so exactly one of them checks the person in.
  await sql`
    CREATE TABLE checkins (
      area_id integer NOT NULL REFERENCES checkin_areas(id) ON DELETE CASCADE,
      participant_id integer NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      checked_in boolean NOT NULL,
      checked_in_at timestamptz,
      checked_out_at timestamptz,
      by_participant_id integer REFERENCES participants(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (area_id, participant_id)
    )`.execute(db);
  await sql`CREATE INDEX checkins_participant ON checkins (participant_id)`.execute(db);

  // E8.16: a badge printed once warns before printing again.
  await sql`
    CREATE TABLE badge_prints (
      participant_id integer PRIMARY KEY REFERENCES participants(id) ON DELETE CASCADE,
      printed_at timestamptz NOT NULL DEFAULT now(),
      print_count integer NOT NULL DEFAULT 1,
      printed_by integer REFERENCES participants(id) ON DELETE SET NULL
    )`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE badge_prints`.execute(db);
  await sql`DROP TABLE checkins`.execute(db);
  await sql`DROP TABLE checkin_areas`.execute(db);
}
