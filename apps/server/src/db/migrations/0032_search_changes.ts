import { type Kysely, sql } from 'kysely';

// Frozen once landed. Decision 021: each process keeps an in-memory search index per event and
// brings it up to date from this log instead of reading the whole event again after every write.
//  - search_changes: which participants a search version changed. A statement changing more than
//    SEARCH_CHANGES_LISTED rows logs one row with participant_id NULL ("read the whole event").
//    Rows older than an hour are pruned by a job; an index older than half an hour reads all again.
//  - Presence ('present') now counts as a search write too: cards show it, and the index only
//    reads the one changed person (migration 0011 left it out for the page cache's sake).
//  - search_versions.base: a number from a sequence no TRUNCATE restarts, set when the event's row
//    is made, so an index never takes a recreated row (same event id, version counting from 1
//    again) for the one it was built from.
const SEARCH_CHANGES_LISTED = 1000;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE SEQUENCE search_versions_base`.execute(db);
  await sql`ALTER TABLE search_versions ADD COLUMN base bigint NOT NULL DEFAULT nextval('search_versions_base')`.execute(
    db,
  );
  await sql`
    CREATE TABLE search_changes (
      event_id integer NOT NULL,
      version bigint NOT NULL,
      participant_id integer,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX search_changes_event ON search_changes (event_id, version)`.execute(db);
  await sql`CREATE INDEX search_changes_created ON search_changes (created_at)`.execute(db);

  // Bumps the events' versions (as before) and logs the changed participants under the new ones.
  await sql
    .raw(`
    CREATE FUNCTION search_changes_log(event_ids integer[], participant_ids integer[]) RETURNS void
    LANGUAGE plpgsql AS $$
    BEGIN
      IF cardinality(event_ids) = 0 THEN RETURN; END IF;
      PERFORM search_versions_bump(event_ids);
      IF cardinality(participant_ids) > ${SEARCH_CHANGES_LISTED} THEN
        INSERT INTO search_changes (event_id, version, participant_id)
          SELECT v.event_id, v.version, NULL FROM search_versions v
           WHERE v.event_id IN (SELECT DISTINCT e FROM unnest(event_ids) AS e WHERE e IS NOT NULL);
      ELSE
        INSERT INTO search_changes (event_id, version, participant_id)
          SELECT DISTINCT u.e, v.version, u.i FROM unnest(event_ids, participant_ids) AS u(e, i)
            JOIN search_versions v ON v.event_id = u.e;
      END IF;
    END $$`)
    .execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION participants_search_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM search_changes_log(ARRAY(SELECT event_id FROM changed), ARRAY(SELECT id FROM changed));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION participants_search_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      events integer[];
      ids integer[];
    BEGIN
      SELECT coalesce(array_agg(x.e), '{}'), coalesce(array_agg(x.i), '{}') INTO events, ids FROM (
        SELECT unnest(ARRAY[o.event_id, n.event_id]) AS e, n.id AS i
          FROM old_rows o JOIN new_rows n ON n.id = o.id
         WHERE (o.event_id, o.name, o.surname, o.company, o.job_title, o.profile_photo, o.booth_id,
                o.booth_role, o.type_id, o.organizer, o.state, o.visible, o.category_ids,
                o.search_vector, o.search_boost, o.present)
               IS DISTINCT FROM
               (n.event_id, n.name, n.surname, n.company, n.job_title, n.profile_photo, n.booth_id,
                n.booth_role, n.type_id, n.organizer, n.state, n.visible, n.category_ids,
                n.search_vector, n.search_boost, n.present)) x;
      PERFORM search_changes_log(events, ids);
      RETURN NULL;
    END $$`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION participants_search_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM search_versions_bump(ARRAY(SELECT event_id FROM changed));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION participants_search_updated() RETURNS trigger LANGUAGE plpgsql AS $$
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
  await sql`DROP FUNCTION search_changes_log(integer[], integer[])`.execute(db);
  await sql`DROP TABLE search_changes`.execute(db);
  await sql`ALTER TABLE search_versions DROP COLUMN base`.execute(db);
  await sql`DROP SEQUENCE search_versions_base`.execute(db);
}
