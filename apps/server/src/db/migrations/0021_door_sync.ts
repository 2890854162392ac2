import { type Kysely, sql } from 'kysely';

// Frozen once landed: the door's scans and offline sync (issue 14; E3.35, E4.71, docs/decisions/019).
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  // The last change of a status row says how it was made (E3.35) and where: the device's id and the
  // label staff gave it ("Gate B"), shown as "already checked in at 10:42 by Gate B".
  await sql`
    ALTER TABLE checkins
      ADD COLUMN device_id text,
      ADD COLUMN device_label text,
      ADD COLUMN scan_type text CHECK (scan_type IN ('individual', 'fast')),
      ADD COLUMN scan_method text CHECK (scan_method IN ('camera', 'handheldScanner')),
      ADD COLUMN offline boolean NOT NULL DEFAULT false`.execute(db);

  // A scan taken offline is settled once per device and nonce: the row commits with the change it
  // made, and a resend answers the stored result.
  await sql`
    CREATE TABLE checkin_sync (
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      device_id text NOT NULL,
      nonce text NOT NULL,
      result jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (event_id, device_id, nonce)
    )`.execute(db);
  await sql`CREATE INDEX checkin_sync_created ON checkin_sync (created_at)`.execute(db);

  // The desk lookup (name, surname, e-mail or ticket id prefix) at 50,000 attendees: one index range
  // per field, whatever the database's collation (text_pattern_ops serves LIKE 'abc%').
  await sql`CREATE INDEX participants_lookup_name ON participants (event_id, sort_name text_pattern_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX participants_lookup_surname ON participants (event_id, lower(surname) text_pattern_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX participants_lookup_email ON participants (event_id, lower(email) text_pattern_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX participants_lookup_ticket ON participants (event_id, ticket_id text_pattern_ops)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX participants_lookup_ticket`.execute(db);
  await sql`DROP INDEX participants_lookup_email`.execute(db);
  await sql`DROP INDEX participants_lookup_surname`.execute(db);
  await sql`DROP INDEX participants_lookup_name`.execute(db);
  await sql`DROP TABLE checkin_sync`.execute(db);
  await sql`
    ALTER TABLE checkins
      DROP COLUMN device_id, DROP COLUMN device_label, DROP COLUMN scan_type, DROP COLUMN scan_method,
      DROP COLUMN offline`.execute(db);
}
