import { type Kysely, sql } from 'kysely';

// Frozen once landed. A chat message, or a group room, may carry the key its client gave it when it
// was composed (8–64 letters, digits, `_`, `-`). A send retried after its answer was lost (the
// venue's Wi-Fi) carries the same key: the unique indexes make it land on the first one, even when
// both arrive at once, instead of storing and delivering it twice. Rows without a key (system
// messages, private rooms, older clients) are not in the indexes.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE chat_messages ADD COLUMN client_key text`.execute(db);
  await sql`
    CREATE UNIQUE INDEX chat_messages_client_key ON chat_messages (room_id, sender_id, client_key)
      WHERE client_key IS NOT NULL`.execute(db);
  await sql`ALTER TABLE chat_rooms ADD COLUMN client_key text`.execute(db);
  await sql`
    CREATE UNIQUE INDEX chat_rooms_client_key ON chat_rooms (event_id, created_by, client_key)
      WHERE client_key IS NOT NULL`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS chat_rooms_client_key`.execute(db);
  await sql`ALTER TABLE chat_rooms DROP COLUMN IF EXISTS client_key`.execute(db);
  await sql`DROP INDEX IF EXISTS chat_messages_client_key`.execute(db);
  await sql`ALTER TABLE chat_messages DROP COLUMN IF EXISTS client_key`.execute(db);
}
