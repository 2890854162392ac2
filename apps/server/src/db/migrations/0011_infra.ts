import { type Kysely, sql } from 'kysely';

// Frozen once landed: a per-event version of everything the attendee search shows (E7.32, E7.33).
// Every server process keys its search2 page cache by it, so a write made by any process (a
// registration, a join, a profile edit, a removal, a type change, a renamed booth) is seen by the
// next search everywhere. Statement triggers bump it, so no feature can forget to.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE search_versions (
      -- No foreign key: deleting an event deletes its participants, whose trigger bumps here.
      event_id integer PRIMARY KEY,
      version bigint NOT NULL DEFAULT 1
    )`.execute(db);

  // Bumps the given events; rows are locked in event order, so two statements touching several
  // events never deadlock on them.
  await sql`
    CREATE FUNCTION search_versions_bump(event_ids integer[]) RETURNS void LANGUAGE sql AS $$
      INSERT INTO search_versions (event_id)
        SELECT DISTINCT e FROM unnest(event_ids) AS e WHERE e IS NOT NULL ORDER BY e
        ON CONFLICT (event_id) DO UPDATE SET version = search_versions.version + 1
    $$`.execute(db);

  await sql`
    CREATE FUNCTION participants_search_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM search_versions_bump(ARRAY(SELECT event_id FROM changed));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER participants_search_version_insert AFTER INSERT ON participants
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
      EXECUTE FUNCTION participants_search_inserted()`.execute(db);
  await sql`
    CREATE TRIGGER participants_search_version_delete AFTER DELETE ON participants
      REFERENCING OLD TABLE AS changed FOR EACH STATEMENT
      EXECUTE FUNCTION participants_search_inserted()`.execute(db);

  // Only columns a search row shows, filters or sorts by. Presence ('present') is left out on
  // purpose: it changes all day long at a busy event and a card may show it a TTL late.
  await sql`
    CREATE FUNCTION participants_search_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM search_versions_bump(ARRAY(
        SELECT unnest(ARRAY[o.event_id, n.event_id])
          FROM old_rows o JOIN new_rows n ON n.id = o.id
         WHERE (o.event_id, o.name, o.surname, o.company, o.job_title, o.profile_photo, o.booth_id,
                o.booth_role, o.type_id, o.organizer, o.state, o.visible, o.category_ids,
                o.search_vector, o.search_boost)
               IS DISTINCT FROM
               (n.event_id, n.name, n.surname, n.company, n.job_title, n.profile_photo, n.booth_id,
                n.booth_role, n.type_id, n.organizer, n.state, n.visible, n.category_ids,
                n.search_vector, n.search_boost)));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER participants_search_version_update AFTER UPDATE ON participants
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION participants_search_updated()`.execute(db);

  // Cards show the booth's name and logo and the type's name.
  await sql`
    CREATE FUNCTION booths_search_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM search_versions_bump(ARRAY(
        SELECT n.event_id FROM old_rows o JOIN new_rows n ON n.id = o.id
         WHERE o.name IS DISTINCT FROM n.name OR o.images->>'logo' IS DISTINCT FROM n.images->>'logo'));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER booths_search_version_update AFTER UPDATE ON booths
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION booths_search_updated()`.execute(db);
  await sql`
    CREATE FUNCTION participant_types_search_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM search_versions_bump(ARRAY(
        SELECT n.event_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.name IS DISTINCT FROM n.name));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER participant_types_search_version_update AFTER UPDATE ON participant_types
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION participant_types_search_updated()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER participant_types_search_version_update ON participant_types`.execute(db);
  await sql`DROP TRIGGER booths_search_version_update ON booths`.execute(db);
  await sql`DROP TRIGGER participants_search_version_update ON participants`.execute(db);
  await sql`DROP TRIGGER participants_search_version_delete ON participants`.execute(db);
  await sql`DROP TRIGGER participants_search_version_insert ON participants`.execute(db);
  await sql`DROP FUNCTION participant_types_search_updated()`.execute(db);
  await sql`DROP FUNCTION booths_search_updated()`.execute(db);
  await sql`DROP FUNCTION participants_search_updated()`.execute(db);
  await sql`DROP FUNCTION participants_search_inserted()`.execute(db);
  await sql`DROP FUNCTION search_versions_bump(integer[])`.execute(db);
  await sql`DROP TABLE search_versions`.execute(db);
}
