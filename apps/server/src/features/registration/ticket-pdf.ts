import { DateTime } from 'luxon';
import {
  beginText,
  endText,
  fill,
  moveText,
  PDFDocument,
  type PDFName,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setCharacterSpacing,
  setFillingRgbColor,
  setFontAndSize,
  setLineWidth,
  setStrokingRgbColor,
  setTextRenderingMode,
  showText,
  stroke,
  TextRenderingMode,
} from 'pdf-lib';
import { type EmbeddedFont, embedTrueType, loadPdfFont } from '../../pdf/font';
import { ticketQrModules } from './ticket-qr';

/** What the PDF ticket shows (the ticket id and the code are there: no PDF without them). */
export interface TicketPdfInput {
  eventName: string;
  sdt: string;
  edt: string;
  timezone: string;
  name: string;
  surname: string;
  company: string;
  ticketType: string | null;
  ticketId: string;
  code: string;
}

/** ID-1 card (85.6 × 54 mm, a credit card), upright like a wallet pass. */
export const CARD_WIDTH = (53.98 / 25.4) * 72;
export const CARD_HEIGHT = (85.6 / 25.4) * 72;
const MARGIN = 9;
const QR_SIZE = 106;
type Rgb = [number, number, number];
const INK: Rgb = [0.08, 0.09, 0.11];
const BAND: Rgb = [0.12, 0.17, 0.29];
const ON_BAND: Rgb = [1, 1, 1];
const MUTED: Rgb = [0.3, 0.33, 0.38];

/** The event's dates on the ticket, in its own zone: one day `2030-05-01 09:00–18:00`, else both ends. */
export function ticketDates(sdt: string, edt: string, zone: string): string {
  const start = DateTime.fromISO(sdt, { zone });
  const end = DateTime.fromISO(edt, { zone });
  if (!start.isValid || !end.isValid) return '';
  if (start.hasSame(end, 'day')) return `${start.toFormat('yyyy-LL-dd HH:mm')}–${end.toFormat('HH:mm')}`;
  return `${start.toFormat('yyyy-LL-dd HH:mm')} – ${end.toFormat('yyyy-LL-dd HH:mm')}`;
}

/** Splits text into at most `maxLines` lines of `width`; what does not fit ends in an ellipsis. */
export function wrapText(
  font: EmbeddedFont,
  text: string,
  size: number,
  width: number,
  maxLines: number,
): string[] {
  const fits = (line: string) => font.widthOf(line, size) <= width;
  // Words, and a word wider than a line cut where it has to be.
  const pieces: string[] = [];
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > 1 && !fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
      pieces.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    pieces.push(rest);
  }
  const lines: string[] = [];
  for (const piece of pieces) {
    const last = lines.at(-1);
    if (last !== undefined && fits(`${last} ${piece}`)) lines[lines.length - 1] = `${last} ${piece}`;
    else lines.push(piece);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1] ?? '';
  while (last && !fits(`${last}…`)) last = last.slice(0, -1).trimEnd();
  kept[maxLines - 1] = `${last}…`;
  return kept;
}

interface TextStyle {
  size: number;
  color: Rgb;
  bold?: boolean;
  spacing?: number;
  align?: 'left' | 'center';
}

class CardWriter {
  constructor(
    private readonly page: PDFPage,
    private readonly font: EmbeddedFont,
    private readonly fontKey: PDFName,
  ) {}

  /** One line of text whose baseline is at `y`. */
  line(text: string, y: number, style: TextStyle): void {
    const spacing = style.spacing ?? 0;
    const width = this.font.widthOf(text, style.size) + spacing * Math.max(0, [...text].length - 1);
    const x = style.align === 'left' ? MARGIN : (CARD_WIDTH - width) / 2;
    this.page.pushOperators(
      pushGraphicsState(),
      setFillingRgbColor(...style.color),
      ...(style.bold
        ? // One font file: bold is the glyphs filled and outlined a little.
          [
            setTextRenderingMode(TextRenderingMode.FillAndOutline),
            setStrokingRgbColor(...style.color),
            setLineWidth(style.size * 0.04),
          ]
        : []),
      beginText(),
      setFontAndSize(this.fontKey, style.size),
      ...(spacing ? [setCharacterSpacing(spacing)] : []),
      moveText(x, y),
      showText(this.font.encode(text)),
      endText(),
      popGraphicsState(),
    );
  }

  /** Lines from the top `y` down, each `leading` below the last; returns the y under the last. */
  lines(lines: string[], top: number, leading: number, style: TextStyle): number {
    let y = top;
    for (const text of lines) {
      y -= leading;
      this.line(text, y, style);
    }
    return y;
  }

  rect(x: number, y: number, width: number, height: number, color: Rgb): void {
    this.page.pushOperators(
      pushGraphicsState(),
      setFillingRgbColor(...color),
      rectangle(x, y, width, height),
      fill(),
      popGraphicsState(),
    );
  }

  /** The QR code as black squares, each row's runs as one rectangle; `top` is its upper edge. */
  qr(code: string, top: number, size: number): void {
    const modules = ticketQrModules(code);
    const cell = size / modules.length;
    const left = (CARD_WIDTH - size) / 2;
    const ops = [pushGraphicsState(), setFillingRgbColor(0, 0, 0)];
    modules.forEach((row, r) => {
      let c = 0;
      while (c < row.length) {
        if (!row[c]) {
          c += 1;
          continue;
        }
        const start = c;
        while (c < row.length && row[c]) c += 1;
        // A hair wider than the cell so no seam shows between neighbours.
        ops.push(
          rectangle(left + start * cell, top - (r + 1) * cell, (c - start) * cell + 0.05, cell + 0.05),
        );
      }
    });
    ops.push(fill(), popGraphicsState());
    this.page.pushOperators(...ops);
  }
}

/**
 * The wallet-style ticket (issue 14): one card-sized page with the event and its dates on a band,
 * the QR code, the person, the ticket type and the ticket id. Text in the embedded DejaVu Sans, so
 * names in any Latin, Greek or Cyrillic script print.
 */
export async function renderTicketPdf(ticket: TicketPdfInput, now: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = `Ticket ${ticket.ticketId} – ${ticket.eventName}`;
  doc.setTitle(title);
  doc.setSubject(`${ticket.name} ${ticket.surname}`.trim());
  doc.setCreator('Foyer');
  doc.setProducer('Foyer');
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  const page = doc.addPage([CARD_WIDTH, CARD_HEIGHT]);
  const font = embedTrueType(doc, loadPdfFont());
  const key = page.node.newFontDictionary('Ticket', font.ref);
  const card = new CardWriter(page, font, key);
  const inner = CARD_WIDTH - 2 * MARGIN;

  // The band: event name (two lines at most) and dates.
  const eventLines = wrapText(font, ticket.eventName, 9, inner, 2);
  const dates = ticketDates(ticket.sdt, ticket.edt, ticket.timezone);
  const zone = wrapText(font, ticket.timezone.replace(/_/g, ' '), 6, inner, 1);
  const bandHeight = 10 + eventLines.length * 11 + 9 + 8 + 6;
  card.rect(0, CARD_HEIGHT - bandHeight, CARD_WIDTH, bandHeight, BAND);
  let y = card.lines(eventLines, CARD_HEIGHT - 5, 11, { size: 9, color: ON_BAND, bold: true, align: 'left' });
  y = card.lines([wrapText(font, dates, 6.5, inner, 1)[0] ?? ''], y, 9, {
    size: 6.5,
    color: ON_BAND,
    align: 'left',
  });
  card.lines(zone, y, 8, { size: 6, color: ON_BAND, align: 'left' });

  // The QR code, then who and what the ticket is for.
  const qrTop = CARD_HEIGHT - bandHeight - 11; // a quiet zone against the band
  card.qr(ticket.code, qrTop, QR_SIZE);
  const nameLines = wrapText(font, `${ticket.name} ${ticket.surname}`.trim(), 10.5, inner, 2);
  y = card.lines(nameLines, qrTop - QR_SIZE - 2, 13, { size: 10.5, color: INK, bold: true });
  const detail = [ticket.company, ticket.ticketType].filter(Boolean).join(' · ');
  if (detail) y = card.lines(wrapText(font, detail, 7, inner, 1), y, 10, { size: 7, color: MUTED });
  y = card.lines(['TICKET ID'], y - 1, 10, { size: 5.5, color: MUTED, spacing: 0.8 });
  card.lines([ticket.ticketId], y, 11, { size: 9.5, color: INK, bold: true, spacing: 1.2 });

  // A hairline along the edge, to cut a printed card out.
  page.pushOperators(
    pushGraphicsState(),
    setStrokingRgbColor(0.8, 0.82, 0.85),
    setLineWidth(0.5),
    rectangle(0.25, 0.25, CARD_WIDTH - 0.5, CARD_HEIGHT - 0.5),
    stroke(),
    popGraphicsState(),
  );
  return doc.save();
}
