import { type Kysely, sql } from 'kysely';

// Frozen once landed. A room or track is named once per event: the console's add and rename, and a
// sessions file (which matches rooms and tracks by name, decision 016), made two "Hall A" (or
// "hall a ", "Hall  A"), and a file then put its sessions in whichever came first. Names compare by
// programme_name_key: lower case, runs of white space as one space, none around. The app matches
// names with the same function, so it and the unique indexes never disagree.
//
// Existing duplicates are renamed, never merged (sessions, door areas and venue-map pins point at
// each of them): of the rooms or tracks of one event alike, the oldest keeps its name, the next ones
// become "<name> (2)", "<name> (3)", …, in id order, skipping numbers a name already takes.

const TABLES = ['locations', 'tracks'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION programme_name_key(name text) RETURNS text
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      AS $$ SELECT lower(btrim(regexp_replace(name, '[[:space:]]+', ' ', 'g'))) $$`.execute(db);

  for (const table of TABLES) {
    const { rows } = await sql<{ id: number; event_id: number; name: string }>`
      SELECT id, event_id, name FROM (
        SELECT id, event_id, name,
               row_number() OVER (PARTITION BY event_id, programme_name_key(name) ORDER BY id) AS n
          FROM ${sql.table(table)}
      ) alike
      WHERE n > 1
      ORDER BY event_id, id`.execute(db);
    for (const row of rows) {
      const base = row.name.replace(/\s+/g, ' ').trim();
      for (let n = 2; ; n++) {
        const candidate = `${base} (${n})`;
        const { rows: taken } = await sql<{ id: number }>`
          SELECT id FROM ${sql.table(table)}
           WHERE event_id = ${row.event_id} AND programme_name_key(name) = programme_name_key(${candidate})
           LIMIT 1`.execute(db);
        if (taken.length > 0) continue;
        await sql`UPDATE ${sql.table(table)} SET name = ${candidate} WHERE id = ${row.id}`.execute(db);
        break;
      }
    }
  }

  await sql`CREATE UNIQUE INDEX locations_event_name ON locations (event_id, programme_name_key(name))`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX tracks_event_name ON tracks (event_id, programme_name_key(name))`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up.
export async function down(db: Kysely<any>): Promise<void> {
  // Renamed duplicates keep their new names.
  await sql`DROP INDEX IF EXISTS locations_event_name`.execute(db);
  await sql`DROP INDEX IF EXISTS tracks_event_name`.execute(db);
  await sql`DROP FUNCTION IF EXISTS programme_name_key(text)`.execute(db);
}
