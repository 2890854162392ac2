import { type Kysely, sql } from 'kysely';

// Frozen once landed: A4.43 "the event profile was filled" is the participant's, not the browser's:
// set when the wizard's last step is saved, it survives logout and follows the person to every device.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE participants ADD COLUMN profile_filled_at timestamptz`.execute(db);
}
