import type { badgeTemplateInput, printerInput } from '@foyer/contract';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import { ticketCandidates } from '../registration/ticket';

/** The SQL of badge printing: printers, templates and the people on badges (0022); the print queue's jobs and batches are badges.jobs.repository.ts. */

// ---------------------------------------------------------------- printers

export function listPrinters(db: Executor, eventId: number) {
  return db.selectFrom('badge_printers').selectAll().where('event_id', '=', eventId).orderBy('id').execute();
}

export function findPrinter(db: Executor, eventId: number, printerId: number) {
  return db
    .selectFrom('badge_printers')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', printerId)
    .executeTakeFirst();
}
export type PrinterRow = NonNullable<Awaited<ReturnType<typeof findPrinter>>>;

type PrinterValues = z.output<typeof printerInput>;

const printerColumns = (p: PrinterValues) => ({
  label: p.label,
  kind: p.kind,
  host: p.kind === 'pdf' ? null : p.host,
  port: p.port,
  print_type: p.printType,
  dpi: p.dpi,
  template_ids: p.templateIds,
});

export function insertPrinter(db: Executor, eventId: number, p: PrinterValues) {
  return db
    .insertInto('badge_printers')
    .values({ event_id: eventId, ...printerColumns(p) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updatePrinter(db: Executor, eventId: number, printerId: number, p: PrinterValues) {
  return db
    .updateTable('badge_printers')
    .set(printerColumns(p))
    .where('event_id', '=', eventId)
    .where('id', '=', printerId)
    .returningAll()
    .executeTakeFirst();
}

export async function deletePrinter(db: Executor, eventId: number, printerId: number): Promise<boolean> {
  const rows = await db
    .deleteFrom('badge_printers')
    .where('event_id', '=', eventId)
    .where('id', '=', printerId)
    .returning('id')
    .execute();
  return rows.length === 1;
}

// ---------------------------------------------------------------- templates

export function listTemplates(db: Executor, eventId: number) {
  return db.selectFrom('badge_templates').selectAll().where('event_id', '=', eventId).orderBy('id').execute();
}

export function findTemplate(db: Executor, eventId: number, templateId: number) {
  return db
    .selectFrom('badge_templates')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', templateId)
    .executeTakeFirst();
}
export type TemplateRow = NonNullable<Awaited<ReturnType<typeof findTemplate>>>;

type TemplateValues = z.output<typeof badgeTemplateInput>;

const templateColumns = (t: TemplateValues, now: Date) => ({
  name: t.name,
  size: t.size,
  participant_type_id: t.participantTypeId,
  is_default: t.isDefault,
  // jsonb from a JS array must be sent as JSON text (the driver would send a PostgreSQL array).
  lines: JSON.stringify(t.lines),
  qr: t.qr,
  text_template: t.text === null || t.text.trim() === '' ? null : t.text,
  updated_at: now,
});

/** One default per event: setting one clears the others first (same transaction). */
export async function clearDefault(trx: Transaction<DB>, eventId: number, exceptId: number | null) {
  await trx
    .updateTable('badge_templates')
    .set({ is_default: false })
    .where('event_id', '=', eventId)
    .where('is_default', '=', true)
    .$if(exceptId !== null, (q) => q.where('id', '!=', exceptId ?? 0))
    .execute();
}

export function insertTemplate(db: Executor, eventId: number, t: TemplateValues, now: Date) {
  return db
    .insertInto('badge_templates')
    .values({ event_id: eventId, ...templateColumns(t, now) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateTemplate(
  db: Executor,
  eventId: number,
  templateId: number,
  t: TemplateValues,
  now: Date,
) {
  return db
    .updateTable('badge_templates')
    .set(templateColumns(t, now))
    .where('event_id', '=', eventId)
    .where('id', '=', templateId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteTemplate(db: Executor, eventId: number, templateId: number): Promise<boolean> {
  const rows = await db
    .deleteFrom('badge_templates')
    .where('event_id', '=', eventId)
    .where('id', '=', templateId)
    .returning('id')
    .execute();
  return rows.length === 1;
}

/** Removes a deleted template from the printers that listed it. */
export async function forgetTemplate(db: Executor, eventId: number, templateId: number) {
  await sql`
    UPDATE badge_printers SET template_ids = array_remove(template_ids, ${templateId}::int)
     WHERE event_id = ${eventId} AND ${templateId}::int = ANY(template_ids)`.execute(db);
}

export async function knownTypeIds(db: Executor, eventId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('participant_types')
    .select('id')
    .where('event_id', '=', eventId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

export async function knownTemplateIds(db: Executor, eventId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('badge_templates')
    .select('id')
    .where('event_id', '=', eventId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- people

/**
 * What a badge shows of a person (E3.38), found by ticket or participant id; deleted ones are none.
 * A ticket id is matched as the door matches it (checkin.repository.ts findPerson): as typed, else
 * in upper case (printed tickets are upper case, people type either).
 */
export function findBadgePerson(
  db: Executor,
  eventId: number,
  by: { ticketId?: string | undefined; participantId?: number | undefined },
) {
  const ticketId = by.ticketId?.trim();
  return db
    .selectFrom('participants as p')
    .leftJoin('participant_types as t', 't.id', 'p.type_id')
    .select([
      'p.id',
      'p.ticket_id',
      'p.name',
      'p.surname',
      'p.email',
      'p.website',
      'p.phone',
      'p.company',
      'p.job_title',
      'p.city',
      'p.type_id',
      't.name as type_name',
      't.ticket_type',
    ])
    .where('p.event_id', '=', eventId)
    .where('p.state', '!=', 'deleted')
    .$if(by.participantId !== undefined, (q) => q.where('p.id', '=', by.participantId ?? 0))
    .$if(ticketId !== undefined, (q) =>
      q
        .where('p.ticket_id', 'in', ticketCandidates(ticketId ?? ''))
        .orderBy(sql`p.ticket_id = ${ticketId ?? ''}`, 'desc'),
    )
    .limit(1)
    .executeTakeFirst();
}
export type BadgePersonRow = NonNullable<Awaited<ReturnType<typeof findBadgePerson>>>;

/** E8.16: when the badge was last printed (badge_prints, shared with the check-in feature). */
export async function printedAt(db: Executor, participantId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('badge_prints')
    .select('printed_at')
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
  return row?.printed_at ?? null;
}

/** Records a print: the first one, or another one (counted). */
export async function recordPrint(db: Executor, participantId: number, by: number | null, at: Date) {
  await db
    .insertInto('badge_prints')
    .values({ participant_id: participantId, printed_at: at, printed_by: by })
    .onConflict((oc) =>
      oc.column('participant_id').doUpdateSet((eb) => ({
        printed_at: at,
        printed_by: by,
        print_count: eb('badge_prints.print_count', '+', 1),
      })),
    )
    .execute();
}
