import type { BadgeTemplate, Printer, PrintJob } from '@foyer/contract';
import { badgeSizes, type PrintErrorCode, printErrorCodes } from '@foyer/contract';
import type { JobRow } from './badges.jobs.repository';
import type { PrinterRow, TemplateRow } from './badges.repository';

/** Rows as the contract shows them. */

export function presentPrinter(row: PrinterRow): Printer {
  return {
    id: row.id,
    label: row.label,
    kind: row.kind,
    host: row.host,
    port: row.port,
    printType: row.print_type,
    dpi: row.dpi,
    templateIds: row.template_ids,
  };
}

export function presentTemplate(row: TemplateRow): BadgeTemplate {
  return {
    id: row.id,
    name: row.name,
    size: row.size in badgeSizes ? (row.size as BadgeTemplate['size']) : '90x130',
    participantTypeId: row.participant_type_id,
    isDefault: row.is_default,
    lines: row.lines.map((l) => ({ text: l.text, size: l.size, bold: l.bold })),
    qr: row.qr,
    text: row.text_template,
  };
}

const errorCode = (code: string | null): PrintErrorCode | null =>
  printErrorCodes.find((known) => known === code) ?? null;

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentJob(row: JobRow): PrintJob {
  return {
    id: row.id,
    participantId: row.participant_id,
    ticketId: row.ticket_id,
    fullName: `${row.name} ${row.surname}`.trim(),
    printerId: row.printer_id,
    printerLabel: row.printer_label,
    printerKind: row.printer_kind,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    lastErrorCode: errorCode(row.last_error_code),
    force: row.force,
    batchId: row.batch_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    printedAt: row.printed_at ? iso(row.printed_at) : null,
  };
}
