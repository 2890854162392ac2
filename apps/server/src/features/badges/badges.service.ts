import {
  type BadgeConsole,
  type BadgeSetup,
  type BadgeTemplate,
  type badgePdfQuery,
  type badgeTemplateInput,
  type DigestTemplate,
  type digestQuery,
  type digestTemplateRequest,
  ErrorCode,
  layoutBadge,
  type Printer,
  type printerInput,
  RecordType,
  realtimeRoom,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { holdLock } from '../../db/advisory-locks';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Realtime } from '../../realtime/realtime';
import { requireMembership } from '../access/event-access';
import { requireCheckInStaff } from '../checkin/checkin.service';
import { printerHostRefusal } from '../organizer/webhooks.address';
import { presentPrinter, presentTemplate } from './badges.present';
import { badgeFields, chooseTemplate, designOf, plainText, qrText, renderTxt, zplFor } from './badges.render';
import * as repo from './badges.repository';

/**
 * Badge printers and templates (E3.36–E3.38, A3.11): organizers set them up in the console, check-in
 * staff read them at the desk. The print queue itself is badges.queue.ts.
 */

export type Publisher = Pick<Realtime, 'publish'>;

/** The console's badge set-up: the event's organizers (owner or admin), not check-in staff. */
export async function requireBadgeAdmin(ctx: AppContext, eventId: number, userId: number) {
  const membership = await requireMembership(ctx.db, eventId, userId);
  if (!membership.me.organizer || membership.me.state === 'deleted') {
    throw AppError.forbidden('Only the organizers of this event may do this');
  }
  return membership;
}

/** The desk: check-in staff and organizers (E7.04). */
export const requireBadgeStaff = requireCheckInStaff;

/** E7.75: desks refetch the set-up when it changes. */
async function announceSetup(
  realtime: Publisher,
  trx: Transaction<DB>,
  eventId: number,
  changed: 'printers' | 'templates',
) {
  await realtime.publish(realtimeRoom.eventBadges(eventId), RecordType.BadgeSetup, { changed }, trx);
}

export async function getConsole(ctx: AppContext, userId: number, eventId: number): Promise<BadgeConsole> {
  await requireBadgeAdmin(ctx, eventId, userId);
  const [printers, templates] = await Promise.all([
    repo.listPrinters(ctx.db, eventId),
    repo.listTemplates(ctx.db, eventId),
  ]);
  return { printers: printers.map(presentPrinter), templates: templates.map(presentTemplate) };
}

/** A3.11: the event's printers and default badge, for the desk's printer choice (E2.55). */
export async function getSetup(ctx: AppContext, userId: number, eventId: number): Promise<BadgeSetup> {
  await requireBadgeStaff(ctx, eventId, userId);
  const [printers, templates] = await Promise.all([
    repo.listPrinters(ctx.db, eventId),
    repo.listTemplates(ctx.db, eventId),
  ]);
  const fallback =
    templates.find((t) => t.is_default) ?? templates.find((t) => t.participant_type_id === null);
  const badge = fallback ? presentTemplate(fallback) : null;
  return {
    printers: printers.map((p) => ({
      id: p.id,
      label: p.label,
      kind: p.kind,
      printType: p.print_type,
      dpi: p.dpi,
    })),
    defaultBadge: badge && { id: badge.id, name: badge.name, size: badge.size },
  };
}

// ---------------------------------------------------------------- printers

type PrinterValues = z.output<typeof printerInput>;

async function checkTemplateIds(ctx: AppContext, eventId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const known = await repo.knownTemplateIds(ctx.db, eventId, unique);
  if (known.length !== unique.length) {
    throw AppError.badRequest('templateIds: unknown badge template', {
      templateIds: 'validation.error.option',
    });
  }
  return unique;
}

export async function savePrinter(
  ctx: AppContext,
  realtime: Publisher,
  userId: number,
  eventId: number,
  printerId: number | null,
  input: PrinterValues,
): Promise<Printer> {
  await requireBadgeAdmin(ctx, eventId, userId);
  // An address no badge may be sent to is a field error when saved (sending checks it again).
  const refusal = input.host ? printerHostRefusal(input.host, ctx.config.printerLoopback) : null;
  if (refusal) {
    throw AppError.badRequest(`host: badges cannot be sent there: ${refusal}`, {
      host: 'badges.printer.error.address',
    });
  }
  const values = { ...input, templateIds: await checkTemplateIds(ctx, eventId, input.templateIds) };
  const row = await ctx.db.transaction().execute(async (trx) => {
    const saved =
      printerId === null
        ? await repo.insertPrinter(trx, eventId, values)
        : await repo.updatePrinter(trx, eventId, printerId, values);
    if (saved) await announceSetup(realtime, trx, eventId, 'printers');
    return saved;
  });
  if (!row) throw AppError.notFound('Printer not found');
  return presentPrinter(row);
}

export async function removePrinter(
  ctx: AppContext,
  realtime: Publisher,
  userId: number,
  eventId: number,
  printerId: number,
): Promise<void> {
  await requireBadgeAdmin(ctx, eventId, userId);
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const done = await repo.deletePrinter(trx, eventId, printerId);
    if (done) await announceSetup(realtime, trx, eventId, 'printers');
    return done;
  });
  if (!removed) throw AppError.notFound('Printer not found');
}

// ---------------------------------------------------------------- templates

type TemplateValues = z.output<typeof badgeTemplateInput>;

export async function saveTemplate(
  ctx: AppContext,
  realtime: Publisher,
  userId: number,
  eventId: number,
  templateId: number | null,
  input: TemplateValues,
): Promise<BadgeTemplate> {
  await requireBadgeAdmin(ctx, eventId, userId);
  if (input.participantTypeId !== null) {
    const known = await repo.knownTypeIds(ctx.db, eventId, [input.participantTypeId]);
    if (known.length === 0) {
      throw AppError.badRequest('participantTypeId: unknown participant type', {
        participantTypeId: 'validation.error.option',
      });
    }
  }
  const now = ctx.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    // One save of the event's templates at a time: two saves marked default (a double click, two
    // organizers) each clear the other's mark in turn, and the last one is the default.
    await holdLock(trx, 'badgeTemplates', eventId);
    if (input.isDefault) await repo.clearDefault(trx, eventId, templateId);
    const saved =
      templateId === null
        ? await repo.insertTemplate(trx, eventId, input, now)
        : await repo.updateTemplate(trx, eventId, templateId, input, now);
    if (saved) await announceSetup(realtime, trx, eventId, 'templates');
    return saved;
  });
  if (!row) throw AppError.notFound('Badge template not found');
  return presentTemplate(row);
}

export async function removeTemplate(
  ctx: AppContext,
  realtime: Publisher,
  userId: number,
  eventId: number,
  templateId: number,
): Promise<void> {
  await requireBadgeAdmin(ctx, eventId, userId);
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const done = await repo.deleteTemplate(trx, eventId, templateId);
    if (done) {
      await repo.forgetTemplate(trx, eventId, templateId);
      await announceSetup(realtime, trx, eventId, 'templates');
    }
    return done;
  });
  if (!removed) throw AppError.notFound('Badge template not found');
}

// ---------------------------------------------------------------- rendering for a person

export const templateNotFound = (what = 'Badge template not found') =>
  new AppError(404, ErrorCode.BadgeTemplateNotFound, what);

/** Who, with which printer and template: what rendering a badge needs. */
export async function badgeContext(
  ctx: AppContext,
  eventId: number,
  by: { ticketId?: string | undefined; participantId?: number | undefined },
  choice: { printerId?: number | undefined; templateId?: number | undefined },
) {
  const person = await repo.findBadgePerson(ctx.db, eventId, by);
  if (!person) throw AppError.notFound('Ticket not found');
  const printer =
    choice.printerId === undefined ? null : await repo.findPrinter(ctx.db, eventId, choice.printerId);
  if (choice.printerId !== undefined && !printer) throw AppError.notFound('Printer not found');
  const templates = await repo.listTemplates(ctx.db, eventId);
  const template =
    choice.templateId === undefined
      ? chooseTemplate(templates, printer ?? null, person.type_id)
      : templates.find((t) => t.id === choice.templateId);
  if (template === undefined) throw templateNotFound();
  return { person, printer, template, fields: badgeFields(person), qr: qrText(ctx.config.publicUrl, person) };
}

/** E7.05 POST digest/template: the merged badge for a printer's kind (TXT: its text, MST-00061 without). */
export async function digestTemplate(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof digestTemplateRequest>,
): Promise<DigestTemplate> {
  await requireBadgeStaff(ctx, input.eventId, userId);
  const b = await badgeContext(ctx, input.eventId, input, input);
  const design = designOf(b.template);
  const templateId = b.template?.id ?? 0;
  if (b.printer?.kind === 'zpl') {
    return { format: 'zpl', templateId, content: zplFor(design, b.fields, b.qr, b.printer.dpi) };
  }
  if (b.printer?.kind === 'txt') {
    const text = renderTxt(b.template, b.fields, b.qr, input.scanType === 'fast');
    if (text === null) throw templateNotFound('Default TXT template not found');
    return { format: 'txt', templateId, content: text };
  }
  return { format: 'text', templateId, content: plainText(design, b.fields) };
}

/** E7.06 GET digest: the event's badge templates (or one). */
export async function digest(ctx: AppContext, userId: number, query: z.output<typeof digestQuery>) {
  await requireBadgeStaff(ctx, query.eventId, userId);
  const rows = await repo.listTemplates(ctx.db, query.eventId);
  const chosen = query.id === undefined ? rows : rows.filter((r) => r.id === query.id);
  if (query.id !== undefined && chosen.length === 0) throw templateNotFound();
  return { templates: chosen.map(presentTemplate) };
}

/** A badge as PDF (browser printing): staff for anyone, a participant for their own. */
export async function badgePdf(
  ctx: AppContext,
  userId: number,
  query: z.output<typeof badgePdfQuery>,
): Promise<{ pdf: Uint8Array; fileName: string }> {
  const { me } = await requireMembership(ctx.db, query.eventId, userId);
  const b = await badgeContext(ctx, query.eventId, query, query);
  if (b.person.id !== me.id && !(me.check_in_admin || me.organizer)) throw AppError.forbidden();
  const layout = layoutBadge(designOf(b.template), b.fields, b.qr, 72);
  // pdf-lib loads with the first PDF, not at start (bench/chat.ts prints the server's memory).
  const { renderPdf } = await import('./badges.pdf');
  const pdf = await renderPdf([layout], `Badge ${b.fields.FullName}`);
  return { pdf, fileName: `badge-${b.person.ticket_id ?? b.person.id}.pdf` };
}
