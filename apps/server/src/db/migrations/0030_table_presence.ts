import { type Kysely, sql } from 'kysely';

// Frozen once landed: who sits at a booth's popup meeting table now (E2.56, E7.87
// videoRooms/{roomId}/participantState). One row per person and table, its last heartbeat; a person
// counts as present while that is within the presence window (A9.35, 60 s), so every server process
// counts the same people. Rows of people whose window ran out are removed at the table's next change.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE table_presence (
      meeting_id integer NOT NULL REFERENCES meetings(id) ON DELETE CASCADE,
      participant_id integer NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      last_seen_at timestamptz NOT NULL,
      PRIMARY KEY (meeting_id, participant_id)
    )`.execute(db);
  await sql`CREATE INDEX table_presence_participant ON table_presence (participant_id)`.execute(db);
  // A table is found by its video room (the name clients know it by).
  await sql`CREATE INDEX meetings_video_room ON meetings (video_room)`.execute(db);
}
