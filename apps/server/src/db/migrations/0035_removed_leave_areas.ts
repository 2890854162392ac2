import { type Kysely, sql } from 'kysely';

// Frozen once landed. A person removed from the event (an organizer's remove, an import, a deleted
// account: whatever path sets the state) is no longer counted inside any check-in area: before, a
// person removed while inside kept the area's count and the inside-now list one too high, and
// nobody could check them out ("Ticket not found").
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION participants_removed_leave_areas() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE checkin_areas a SET capacity_used = GREATEST(a.capacity_used - 1, 0)
        FROM checkins c
       WHERE c.area_id = a.id AND c.participant_id = NEW.id AND c.checked_in;
      UPDATE checkins SET checked_in = false, checked_out_at = now(), updated_at = now()
       WHERE participant_id = NEW.id AND checked_in;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER participants_removed_leave_areas AFTER UPDATE OF state ON participants
      FOR EACH ROW WHEN (NEW.state = 'deleted' AND OLD.state <> 'deleted')
      EXECUTE FUNCTION participants_removed_leave_areas()`.execute(db);
  // Those removed before this migration.
  await sql`
    UPDATE checkin_areas a SET capacity_used = GREATEST(a.capacity_used - gone.n, 0)
      FROM (SELECT c.area_id, count(*)::int AS n
              FROM checkins c JOIN participants p ON p.id = c.participant_id
             WHERE c.checked_in AND p.state = 'deleted'
             GROUP BY c.area_id) gone
     WHERE gone.area_id = a.id`.execute(db);
  await sql`
    UPDATE checkins c SET checked_in = false, checked_out_at = now(), updated_at = now()
      FROM participants p
     WHERE p.id = c.participant_id AND c.checked_in AND p.state = 'deleted'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS participants_removed_leave_areas ON participants`.execute(db);
  await sql`DROP FUNCTION IF EXISTS participants_removed_leave_areas()`.execute(db);
}
