import { type Kysely, sql } from 'kysely';

// Frozen once landed: a per-event version of everything a sessions list page shows apart from the
// seat counts and the viewer's own state (issue 13). Every server process keys its cache of list
// pages by it (features/agenda/sessions.cache.ts), so an edit made by any process is seen by the
// next list everywhere. Statement triggers bump it, so no feature can forget to.
//
// Versions come from one sequence that TRUNCATE ... RESTART IDENTITY does not reset (it is owned by
// no column): a version number is never handed out twice, so a page cached before a database was
// emptied can never match an event that later gets the same id.
//
// Joins and leaves change only sessions.used_capacity: that is read fresh for every page and does
// NOT bump the version, so seat bookings neither empty the cache nor queue on the version row.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  // The list's order and keyset cursor, (start, id) after a cursor, read straight off the index.
  await sql`CREATE INDEX sessions_listed ON sessions (event_id, sdt, id) WHERE parent_id IS NULL AND NOT deleted`.execute(
    db,
  );

  await sql`CREATE SEQUENCE session_versions_seq`.execute(db);
  await sql`
    CREATE TABLE session_versions (
      -- No foreign key: deleting an event deletes its sessions, whose trigger bumps here.
      event_id integer PRIMARY KEY,
      version bigint NOT NULL
    )`.execute(db);

  // Bumps the given events; rows are locked in event order, so two statements touching several
  // events never deadlock on them.
  await sql`
    CREATE FUNCTION session_versions_bump(event_ids integer[]) RETURNS void LANGUAGE sql AS $$
      INSERT INTO session_versions (event_id, version)
        SELECT d.e, nextval('session_versions_seq')
          FROM (SELECT DISTINCT e FROM unnest(event_ids) AS e WHERE e IS NOT NULL) d
         ORDER BY d.e
        ON CONFLICT (event_id) DO UPDATE SET version = nextval('session_versions_seq')
    $$`.execute(db);

  // Events that already have sessions start with a version; one without a row is never cached.
  await sql`
    INSERT INTO session_versions (event_id, version)
      SELECT d.event_id, nextval('session_versions_seq') FROM (SELECT DISTINCT event_id FROM sessions) d`.execute(
    db,
  );

  // Inserts bump once per statement (an import adds thousands of sessions at once). Updates and
  // deletes bump per changed row: a deleted event or person makes PostgreSQL delete and update
  // dependent rows one parent row at a time, mostly none, and a statement trigger would run for
  // every one of those empty statements. A seat taken or given back changes used_capacity alone:
  // the WHEN clause leaves those updates without any work.
  await sql`
    CREATE FUNCTION sessions_list_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM session_versions_bump(ARRAY(SELECT event_id FROM changed));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER sessions_list_version_insert AFTER INSERT ON sessions
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
      EXECUTE FUNCTION sessions_list_inserted()`.execute(db);
  await sql`
    CREATE FUNCTION sessions_list_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM session_versions_bump(ARRAY[OLD.event_id]);
      ELSE
        PERFORM session_versions_bump(ARRAY[OLD.event_id, NEW.event_id]);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER sessions_list_version_update AFTER UPDATE ON sessions FOR EACH ROW
      WHEN (to_jsonb(OLD) - 'used_capacity' IS DISTINCT FROM to_jsonb(NEW) - 'used_capacity')
      EXECUTE FUNCTION sessions_list_row_changed()`.execute(db);
  await sql`
    CREATE TRIGGER sessions_list_version_delete AFTER DELETE ON sessions FOR EACH ROW
      EXECUTE FUNCTION sessions_list_row_changed()`.execute(db);

  // Speakers, moderators and translators of a session. (When a whole session goes, its rows go
  // after it and find no session here; the session's own trigger has bumped.)
  await sql`
    CREATE FUNCTION session_people_list_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM session_versions_bump(ARRAY(
        SELECT s.event_id FROM changed c JOIN sessions s ON s.id = c.session_id));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER session_people_list_version_insert AFTER INSERT ON session_people
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
      EXECUTE FUNCTION session_people_list_inserted()`.execute(db);
  await sql`
    CREATE FUNCTION session_people_list_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM session_versions_bump(ARRAY(SELECT s.event_id FROM sessions s WHERE s.id = OLD.session_id));
      IF TG_OP = 'UPDATE' THEN
        PERFORM session_versions_bump(ARRAY(SELECT s.event_id FROM sessions s WHERE s.id = NEW.session_id));
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER session_people_list_version_change AFTER UPDATE OR DELETE ON session_people FOR EACH ROW
      EXECUTE FUNCTION session_people_list_row_changed()`.execute(db);

  // Cards show a person's name, company, job title and photo, and leave out removed people; the
  // text filter matches names. Only people who present something bump.
  await sql`
    CREATE FUNCTION participants_list_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM session_versions_bump(ARRAY(
        SELECT s.event_id
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          JOIN session_people sp ON sp.participant_id = n.id
          JOIN sessions s ON s.id = sp.session_id
         WHERE (o.name, o.surname, o.company, o.job_title, o.profile_photo, o.state)
               IS DISTINCT FROM (n.name, n.surname, n.company, n.job_title, n.profile_photo, n.state)));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER participants_list_version_update AFTER UPDATE ON participants
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION participants_list_updated()`.execute(db);

  // Track name and colour, room name and seats. A deleted track or room clears the sessions'
  // reference (ON DELETE SET NULL), which the sessions trigger sees.
  for (const table of ['tracks', 'locations'] as const) {
    await sql`
      CREATE FUNCTION ${sql.raw(`${table}_list_updated`)}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM session_versions_bump(ARRAY(
          SELECT unnest(ARRAY[o.event_id, n.event_id])
            FROM old_rows o JOIN new_rows n ON n.id = o.id
           WHERE to_jsonb(o) IS DISTINCT FROM to_jsonb(n)));
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_list_version_update`)} AFTER UPDATE ON ${sql.raw(table)}
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
        EXECUTE FUNCTION ${sql.raw(`${table}_list_updated`)}()`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['tracks', 'locations'] as const) {
    await sql`DROP TRIGGER ${sql.raw(`${table}_list_version_update`)} ON ${sql.raw(table)}`.execute(db);
    await sql`DROP FUNCTION ${sql.raw(`${table}_list_updated`)}()`.execute(db);
  }
  await sql`DROP TRIGGER participants_list_version_update ON participants`.execute(db);
  await sql`DROP FUNCTION participants_list_updated()`.execute(db);
  await sql`DROP TRIGGER session_people_list_version_change ON session_people`.execute(db);
  await sql`DROP TRIGGER session_people_list_version_insert ON session_people`.execute(db);
  await sql`DROP FUNCTION session_people_list_row_changed()`.execute(db);
  await sql`DROP FUNCTION session_people_list_inserted()`.execute(db);
  await sql`DROP TRIGGER sessions_list_version_delete ON sessions`.execute(db);
  await sql`DROP TRIGGER sessions_list_version_update ON sessions`.execute(db);
  await sql`DROP TRIGGER sessions_list_version_insert ON sessions`.execute(db);
  await sql`DROP FUNCTION sessions_list_row_changed()`.execute(db);
  await sql`DROP FUNCTION sessions_list_inserted()`.execute(db);
  await sql`DROP FUNCTION session_versions_bump(integer[])`.execute(db);
  await sql`DROP TABLE session_versions`.execute(db);
  await sql`DROP SEQUENCE session_versions_seq`.execute(db);
  await sql`DROP INDEX sessions_listed`.execute(db);
}
