import { type Kysely, sql } from 'kysely';

// Frozen once landed: badge printers, templates and the print queue (issue 14, part 3; E3.36–E3.38,
// E4.72–E4.76, E5.58, E7.62, E8.16–E8.19, E9.50, E9.56).
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's evolving types.
export async function up(db: Kysely<any>): Promise<void> {
  // An event's printers (E3.36): a label printer on raw TCP (zpl), a text printer the same way (txt)
  // or any other printer the browser prints a PDF on (pdf). print_type is E9.56.
  await sql`
    CREATE TABLE badge_printers (
      id serial PRIMARY KEY,
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      label text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('zpl', 'txt', 'pdf')),
      host text,
      port integer NOT NULL DEFAULT 9100 CHECK (port BETWEEN 1 AND 65535),
      print_type text NOT NULL DEFAULT 'printQueue' CHECK (print_type IN ('directly', 'printQueue', 'none')),
      dpi integer NOT NULL DEFAULT 203 CHECK (dpi IN (203, 300, 600)),
      template_ids integer[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (kind = 'pdf' OR host IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX badge_printers_event ON badge_printers (event_id, id)`.execute(db);

  // Badge templates (E3.37): a size (badges.ts sizes, mm), lines with merge fields (E3.38), the QR,
  // and the text TXT printers get. One default per event (A3.11 defaultBadge).
  await sql`
    CREATE TABLE badge_templates (
      id serial PRIMARY KEY,
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      name text NOT NULL,
      size text NOT NULL,
      participant_type_id integer REFERENCES participant_types(id) ON DELETE SET NULL,
      is_default boolean NOT NULL DEFAULT false,
      lines jsonb NOT NULL DEFAULT '[]'::jsonb,
      qr text NOT NULL DEFAULT 'medium' CHECK (qr IN ('none', 'small', 'medium', 'large')),
      text_template text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX badge_templates_event ON badge_templates (event_id, id)`.execute(db);
  await sql`CREATE UNIQUE INDEX badge_templates_default ON badge_templates (event_id) WHERE is_default`.execute(
    db,
  );

  // A batch print from the console: which filter, how many jobs it queued.
  await sql`
    CREATE TABLE badge_print_batches (
      id serial PRIMARY KEY,
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      printer_id integer REFERENCES badge_printers(id) ON DELETE SET NULL,
      filter jsonb NOT NULL DEFAULT '{}'::jsonb,
      total integer NOT NULL DEFAULT 0,
      skipped integer NOT NULL DEFAULT 0,
      created_by integer REFERENCES participants(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // The print queue (E4.72–E4.76): queued → sending → printed | failed. A job row is written in the
  // request's transaction; the badges processor and the retry sweep claim it (SKIP LOCKED + a lease
  // in lease_until), so each attempt is one process's. The partial unique index is E8.17: at most one
  // job on its way per badge, whichever desks press print at once.
  await sql`
    CREATE TABLE badge_print_jobs (
      id serial PRIMARY KEY,
      event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      participant_id integer NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      printer_id integer REFERENCES badge_printers(id) ON DELETE SET NULL,
      batch_id integer REFERENCES badge_print_batches(id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'printed', 'failed')),
      force boolean NOT NULL DEFAULT false,
      fast boolean NOT NULL DEFAULT false,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      lease_until timestamptz,
      last_error text,
      created_by integer REFERENCES participants(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      printed_at timestamptz
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX badge_print_jobs_in_flight ON badge_print_jobs (participant_id)
    WHERE status IN ('queued', 'sending')`.execute(db);
  await sql`
    CREATE INDEX badge_print_jobs_due ON badge_print_jobs (next_attempt_at)
    WHERE status IN ('queued', 'sending')`.execute(db);
  await sql`CREATE INDEX badge_print_jobs_event ON badge_print_jobs (event_id, id DESC)`.execute(db);
  await sql`CREATE INDEX badge_print_jobs_batch ON badge_print_jobs (batch_id) WHERE batch_id IS NOT NULL`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE badge_print_jobs`.execute(db);
  await sql`DROP TABLE badge_print_batches`.execute(db);
  await sql`DROP TABLE badge_templates`.execute(db);
  await sql`DROP TABLE badge_printers`.execute(db);
}
