import { type Selectable, sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { ImportJobsTable } from '../../db/schema';
import type { ImportRecord } from './import.validate';

export type ImportJobRow = Selectable<ImportJobsTable>;

/** The event's participant types by lower-case name (the import's `type` column names one). */
export async function participantTypesByName(db: Executor, eventId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('participant_types')
    .select(['id', 'name', 'ticket_type'])
    .where('event_id', '=', eventId)
    .orderBy('id')
    .execute();
  const byName = new Map<string, number>();
  for (const row of rows) {
    for (const name of [row.name, row.ticket_type]) {
      const key = name?.trim().toLowerCase();
      if (key && !byName.has(key)) byName.set(key, row.id);
    }
  }
  return byName;
}

/**
 * Rows by e-mail, in code-unit order (the same in every process, whatever the database's
 * collation): the order every import upserts people in, so two at once naming the same people lock
 * their rows in one order and wait for each other instead of deadlocking (decision 030).
 */
export const sortedByEmail = <T extends { email: string }>(records: readonly T[]): T[] =>
  [...records].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));

/** The e-mails among these (lower-case) of people removed from the event, whom an import leaves so. */
export async function removedEmails(
  db: Executor,
  eventId: number,
  emails: readonly string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('participants')
    .select('email')
    .where('event_id', '=', eventId)
    .where(sql<boolean>`email = any(${[...new Set(emails)]}::text[])`)
    .where('state', '=', 'deleted')
    .execute();
  return new Set(rows.map((r) => r.email));
}

/** The lower-case e-mails of a file's `email` column (what removedEmails and the like look up). */
export const emailsOf = (rows: readonly string[][], emailColumn: number): string[] =>
  emailColumn < 0 ? [] : rows.map((row) => (row[emailColumn] ?? '').toLowerCase()).filter((e) => e !== '');

export interface UpsertCounts {
  inserted: number;
  updated: number;
  /** The e-mails of the rows inserted or updated. */
  changed: Set<string>;
}

/**
 * One multi-row upsert by (event_id, email) through unnest (one parameter per column, however many
 * rows). A new address is a listed person: no account, state 'invited' (registration by that
 * address later attaches the account to this row). A known address is updated only where a value
 * differs; an empty cell never erases, state and account are never touched, and deleted records stay
 * as they are. Rows left out of RETURNING are the unchanged ones. `speaker` marks everyone in the
 * batch as a speaker (is_speaker is only ever set here, never cleared).
 */
/**
 * Imported people still without a type get the event's registration type (the first type offered at
 * registration, by priority); nobody else is touched, so a re-import changes nothing.
 */
export async function giveRegistrationType(db: Executor, eventId: number): Promise<void> {
  // Held (all of them: a locking read with LIMIT 1 returns nothing when its row is deleted while it
  // waits) so that the type is not deleted under the update (keepTypes).
  const [type] = await db
    .selectFrom('participant_types')
    .select('id')
    .where('event_id', '=', eventId)
    .where('at_registration', '=', true)
    .orderBy('priority')
    .orderBy('id')
    .forKeyShare()
    .execute();
  if (!type) return;
  await db
    .updateTable('participants')
    .set({ type_id: type.id })
    .where('event_id', '=', eventId)
    .where('type_id', 'is', null)
    .where('reg_type', '=', 'import')
    .execute();
}

export async function upsertParticipants(
  db: Executor,
  eventId: number,
  records: readonly ImportRecord[],
  options: { speaker?: boolean } = {},
): Promise<UpsertCounts> {
  if (records.length === 0) return { inserted: 0, updated: 0, changed: new Set() };
  const speaker = options.speaker === true;
  const col = <K extends keyof ImportRecord>(key: K) => records.map((r) => r[key]);
  const keep = (column: string) =>
    sql.raw(`CASE WHEN EXCLUDED.${column} = '' THEN participants.${column} ELSE EXCLUDED.${column} END`);
  const result = await sql<{ inserted: boolean; email: string }>`
    INSERT INTO participants
      (event_id, email, name, surname, company, job_title, phone, city, website, type_id, state, reg_type,
       is_speaker)
    SELECT ${eventId}::integer, t.email, t.name, t.surname, t.company, t.job_title, t.phone, t.city,
           t.website, t.type_id, 'invited', 'import', ${speaker}::boolean
      FROM unnest(${col('email')}::text[], ${col('name')}::text[], ${col('surname')}::text[],
                  ${col('company')}::text[], ${col('jobTitle')}::text[], ${col('phone')}::text[],
                  ${col('city')}::text[], ${col('website')}::text[], ${col('typeId')}::integer[])
        AS t(email, name, surname, company, job_title, phone, city, website, type_id)
    ON CONFLICT (event_id, email) DO UPDATE SET
      name = ${keep('name')},
      surname = ${keep('surname')},
      company = ${keep('company')},
      job_title = ${keep('job_title')},
      phone = ${keep('phone')},
      city = ${keep('city')},
      website = ${keep('website')},
      type_id = coalesce(EXCLUDED.type_id, participants.type_id),
      is_speaker = participants.is_speaker OR EXCLUDED.is_speaker,
      updated_at = now()
    WHERE participants.state <> 'deleted'
      AND (participants.name, participants.surname, participants.company, participants.job_title,
           participants.phone, participants.city, participants.website, participants.type_id,
           participants.is_speaker)
          IS DISTINCT FROM
          (${keep('name')}, ${keep('surname')}, ${keep('company')}, ${keep('job_title')},
           ${keep('phone')}, ${keep('city')}, ${keep('website')},
           coalesce(EXCLUDED.type_id, participants.type_id), participants.is_speaker OR EXCLUDED.is_speaker)
    RETURNING (xmax = 0) AS inserted, email`.execute(db);
  const inserted = result.rows.filter((r) => r.inserted).length;
  return {
    inserted,
    updated: result.rows.length - inserted,
    changed: new Set(result.rows.map((r) => r.email)),
  };
}

export function insertJob(
  db: Executor,
  values: { eventId: number; userId: number; kind: string; fileName: string; total: number; errors: number },
): Promise<ImportJobRow> {
  return db
    .insertInto('import_jobs')
    .values({
      event_id: values.eventId,
      created_by: values.userId,
      kind: values.kind,
      file_name: values.fileName,
      state: 'running',
      total: values.total,
      errors: values.errors,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateJob(
  db: Executor,
  jobId: number,
  values: Updateable<ImportJobsTable>,
): Promise<ImportJobRow> {
  return db
    .updateTable('import_jobs')
    .set(values)
    .where('id', '=', jobId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findJob(db: Executor, eventId: number, jobId: number): Promise<ImportJobRow | undefined> {
  return db
    .selectFrom('import_jobs')
    .selectAll()
    .where('id', '=', jobId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}
