import {
  type BadgeDesign,
  type BadgeFields,
  type BadgeLayout,
  badgeCode,
  badgeSizes,
  layoutBadge,
  mergeBadgeText,
  mmToDots,
} from '@foyer/contract';
import QRCode from 'qrcode';
import { mergeRawTemplate, noBreaks, zplField } from './badges.raw';
import type { BadgePersonRow, PrinterRow, TemplateRow } from './badges.repository';

export { mergeZplTemplate, zplField } from './badges.raw';

/**
 * Turning a template and a person into what a printer gets: ZPL for label printers, the template's
 * text for TXT printers (E4.75, E5.59), and the layout the PDF renderer draws (badges.pdf.ts). All
 * of them lay the badge out with the contract's `layoutBadge`, as the console's preview does.
 */

/** E3.38: the merge fields' values for a person. */
export function badgeFields(person: BadgePersonRow): BadgeFields {
  return {
    FirstName: person.name,
    LastName: person.surname,
    FullName: `${person.name} ${person.surname}`.trim(),
    Email: person.email,
    WebSite: person.website,
    Phone: person.phone,
    Company: person.company,
    JobTitle: person.job_title,
    ParticipantType: person.type_name ?? '',
    TicketType: person.ticket_type ?? '',
    TicketId: person.ticket_id ?? '',
    City: person.city,
  };
}

/** What the badge's QR code carries (the scanner's link, E5.52), or nothing without a ticket. */
export function qrText(origin: string, person: Pick<BadgePersonRow, 'ticket_id'>): string | null {
  return person.ticket_id ? badgeCode(origin, person.ticket_id) : null;
}

/** A badge when the event has no template yet: name, job, company, type and the QR. */
export const BUILT_IN_DESIGN: BadgeDesign = {
  size: '90x130',
  qr: 'medium',
  lines: [
    { text: '{FirstName}', size: 'xl', bold: true },
    { text: '{LastName}', size: 'lg', bold: true },
    { text: '{JobTitle}', size: 'md', bold: false },
    { text: '{Company}', size: 'md', bold: true },
    { text: '{ParticipantType}', size: 'md', bold: true },
  ],
};

export function designOf(template: TemplateRow | null): BadgeDesign {
  if (!template) return BUILT_IN_DESIGN;
  const size = template.size in badgeSizes ? (template.size as BadgeDesign['size']) : BUILT_IN_DESIGN.size;
  return { size, lines: template.lines, qr: template.qr };
}

/**
 * The template a badge prints with on a printer (E3.36, E3.37): among the printer's templates
 * (all of the event's when it names none), the one for the person's type, else the default, else
 * one for everyone. Undefined: the printer names its templates and none fits (MST-00061); null:
 * nothing fits a printer that names none (or the event has no template), and the built-in design prints.
 */
export function chooseTemplate(
  templates: TemplateRow[],
  printer: Pick<PrinterRow, 'template_ids'> | null,
  typeId: number | null,
): TemplateRow | null | undefined {
  const restricted = (printer?.template_ids.length ?? 0) > 0;
  const allowed = restricted ? templates.filter((t) => printer?.template_ids.includes(t.id)) : templates;
  const found =
    allowed.find((t) => typeId !== null && t.participant_type_id === typeId) ??
    allowed.find((t) => t.is_default) ??
    allowed.find((t) => t.participant_type_id === null);
  return found ?? (restricted ? undefined : null);
}

// ---------------------------------------------------------------- ZPL

/** QR magnification (dots per module, 1–10) so the code fills about `size` dots. */
function qrMagnification(data: string, size: number): number {
  const modules = QRCode.create(data, { errorCorrectionLevel: 'M' }).modules.size + 2;
  return Math.max(1, Math.min(10, Math.floor(size / modules)));
}

/** ZPL II for one badge at the printer's resolution, UTF-8 (^CI28). */
export function renderZpl(layout: BadgeLayout): string {
  const out = ['^XA', '^CI28', `^PW${layout.width}`, `^LL${layout.height}`, '^LH0,0'];
  for (const item of layout.items) {
    if (item.kind === 'text') {
      const font = `^A0N,${item.size},${item.size}`;
      const block = `^FB${item.width},1,0,C,0`;
      const field = `^FH_^FD${zplField(item.text, { block: true })}^FS`;
      out.push(`^FO${item.x},${item.y}${font}${block}${field}`);
      // Font 0 has no bold: a second pass two dots to the right thickens the strokes.
      if (item.bold) out.push(`^FO${item.x + 2},${item.y}${font}${block}${field}`);
    } else {
      out.push(
        `^FO${item.x},${item.y}^BQN,2,${qrMagnification(item.data, item.size)}^FH_^FDMA,${zplField(item.data)}^FS`,
      );
    }
  }
  out.push('^PQ1', '^XZ');
  return `${out.join('\n')}\n`;
}

export function zplFor(design: BadgeDesign, fields: BadgeFields, qr: string | null, dpi: number): string {
  return renderZpl(layoutBadge(design, fields, qr, dpi));
}

// ---------------------------------------------------------------- test labels

type TestPrinter = Pick<PrinterRow, 'label' | 'host' | 'port' | 'dpi'>;

/** What a test label says: what it is, which printer, and when (UTC, to the minute). */
function testLines(printer: TestPrinter, at: Date): string[] {
  return [
    'Foyer test print',
    noBreaks(printer.label),
    `${printer.host ?? ''}:${printer.port}`,
    `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  ];
}

/**
 * The console's test label for a ZPL printer (E3.36): four lines in the top left corner of a label
 * at least 54 × 25 mm, at the printer's resolution, and a rule under the title.
 */
export function testLabelZpl(printer: TestPrinter, at: Date): string {
  const dots = (mm: number) => mmToDots(mm, printer.dpi);
  const [title, ...rest] = testLines(printer, at);
  const left = dots(3);
  const width = dots(54) - 2 * left;
  const line = (y: number, size: number, text: string) =>
    `^FO${left},${y}^A0N,${size},${size}^FB${width},1,0,L,0^FH_^FD${zplField(text, { block: true })}^FS`;
  const out = ['^XA', '^CI28', `^PW${dots(54)}`, '^LH0,0', line(dots(2), dots(4), title ?? '')];
  out.push(`^FO${left},${dots(7)}^GB${width},${Math.max(2, dots(0.3))},${Math.max(2, dots(0.3))}^FS`);
  rest.forEach((text, i) => {
    out.push(line(dots(9 + i * 4.5), dots(3), text));
  });
  out.push('^PQ1', '^XZ');
  return `${out.join('\n')}\n`;
}

/** The console's test label for a TXT printer: the same lines as text. */
export function testLabelTxt(printer: TestPrinter, at: Date): string {
  return `${testLines(printer, at).join('\n')}\n`;
}

// ---------------------------------------------------------------- TXT

/**
 * E4.75: a TXT printer gets the template's text with the fields merged (values lose control
 * characters), plus `{Barcode}` / `{BarcodeType}`: the badge link as QR, or (E5.59) in a fast scan
 * the ticket id as CODE_128 only. Null when the template has no text (E8.05: MST-00061).
 *
 * A template that is a ZPL or EPL label gets the values escaped for that language
 * (`mergeRawTemplate`, badges.raw.ts), so an attendee's name cannot end its field or the label,
 * nor send a command, and prints as typed.
 */
export function renderTxt(
  template: Pick<TemplateRow, 'text_template'> | null,
  fields: BadgeFields,
  qr: string | null,
  fast: boolean,
): string | null {
  if (!template?.text_template) return null;
  const values: Record<string, string> = {
    ...fields,
    Barcode: fast ? fields.TicketId : (qr ?? fields.TicketId),
    BarcodeType: fast ? 'CODE_128' : 'QR',
  };
  return mergeRawTemplate(template.text_template, values);
}

/** The lines as plain text (E7.05 for a PDF printer: what the badge says). */
export function plainText(design: BadgeDesign, fields: BadgeFields): string {
  return design.lines
    .map((line) => mergeBadgeText(line.text, fields).trim())
    .filter(Boolean)
    .join('\n');
}
