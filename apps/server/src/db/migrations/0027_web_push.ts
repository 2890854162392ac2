import { type Kysely, sql } from 'kysely';

// Frozen once landed: Web Push (issue 15). A browser's push subscription belongs to the account
// signed in on it (one row per endpoint: a second account on the same browser takes it over); the
// topics a person muted for push; and the keys of the pushes that went out, so that a retry after a
// crash never shows one notification twice.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE push_subscriptions (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      endpoint text NOT NULL UNIQUE,
      p256dh text NOT NULL,
      auth text NOT NULL,
      language text NOT NULL DEFAULT 'en',
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id)`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN push_muted jsonb NOT NULL DEFAULT '[]'`.execute(db);
  await sql`
    CREATE TABLE push_sent (
      dedupe_key text PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}
