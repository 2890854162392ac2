import { type Kysely, sql } from 'kysely';

// Frozen once landed: the organizer console, integrations (issue 12). Decision record 017.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  // An event's keys for the integration API. Only the SHA-256 of the secret is kept: the secret is
  // shown once, at creation. `prefix` (its first characters) lets the owner recognise a key.
  await sql`
    CREATE TABLE api_keys (
      id serial PRIMARY KEY,
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      name text NOT NULL,
      prefix text NOT NULL,
      key_hash text NOT NULL UNIQUE,
      scopes text[] NOT NULL DEFAULT '{}',
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX api_keys_event ON api_keys (event_id, id)`.execute(db);

  // Receivers of an event's domain events. The secret signs every delivery (HMAC-SHA256), so it is
  // kept as is; the console shows it once (creation, rotation).
  await sql`
    CREATE TABLE webhooks (
      id serial PRIMARY KEY,
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      url text NOT NULL,
      secret text NOT NULL,
      events text[] NOT NULL DEFAULT '{}',
      active boolean NOT NULL DEFAULT true,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX webhooks_event ON webhooks (event_id) WHERE active`.execute(db);

  // One row per (webhook, occurrence): its own retries with backoff, and every attempt in `attempt_log`.
  // pending: not tried yet; failed: a retry is due at next_attempt_at; delivered; dead: given up.
  await sql`
    CREATE TABLE webhook_deliveries (
      id serial PRIMARY KEY,
      webhook_id integer NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
      event_type text NOT NULL,
      payload jsonb NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'failed', 'delivered', 'dead')),
      last_status_code integer,
      last_error text,
      attempt_log jsonb NOT NULL DEFAULT '[]'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      delivered_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_log ON webhook_deliveries (webhook_id, id DESC)`.execute(db);
  await sql`
    CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at)
    WHERE status IN ('pending', 'failed')`.execute(db);
}
