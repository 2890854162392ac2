import type { BadgeLayout } from '@foyer/contract';
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
  setFillingRgbColor,
  setFontAndSize,
  setLineWidth,
  setStrokingRgbColor,
  setTextRenderingMode,
  showText,
  TextRenderingMode,
} from 'pdf-lib';
import QRCode from 'qrcode';
import { type EmbeddedFont, embedTrueType, loadPdfFont } from '../../pdf/font';

/**
 * Badges as PDF (pdf-lib) for printers the browser prints on: one page per badge at the
 * template's size in points (72 dpi, E9.50), drawn from the same layout as ZPL and the preview.
 *
 * The text is in the server's own font (pdf/font.ts: DejaVu Sans cut down to Latin with
 * Vietnamese, Greek and Cyrillic), embedded whole, so "Zoë Łukasiewicz", "Şahin" or "Дмитрий"
 * print as written on any host, with no system font and no transliteration. A character outside
 * the font falls back on its own (pdf/font.ts `EmbeddedFont`): polytonic Greek loses only the
 * breathings it has no glyph for ("Ἀλέξανδρος" prints "Αλέξανδρος"); a script the font does not
 * have at all (CJK, Arabic, Hebrew…) prints as �, the rest of the name as written.
 */

/** The lowest a line shrinks to when it is too wide for the badge. */
const MIN_SIZE = 4;

/** One line centred in its box, with its top at `top` (points from the page's top). */
function drawLine(
  page: PDFPage,
  font: EmbeddedFont,
  key: PDFName,
  pageHeight: number,
  item: { x: number; y: number; width: number; size: number; bold: boolean; text: string },
): void {
  let size = item.size;
  let width = font.widthOf(item.text, size);
  if (width > item.width) {
    size = Math.max(MIN_SIZE, (size * item.width) / width);
    width = font.widthOf(item.text, size);
  }
  page.pushOperators(
    pushGraphicsState(),
    setFillingRgbColor(0, 0, 0),
    ...(item.bold
      ? // One font file: bold is the glyphs filled and outlined a little (as on the ticket).
        [
          setTextRenderingMode(TextRenderingMode.FillAndOutline),
          setStrokingRgbColor(0, 0, 0),
          setLineWidth(size * 0.04),
        ]
      : []),
    beginText(),
    setFontAndSize(key, size),
    moveText(item.x + (item.width - width) / 2, pageHeight - item.y - size * 0.8),
    showText(font.encode(item.text)),
    endText(),
    popGraphicsState(),
  );
}

/** The QR code as black squares, each row's runs as one rectangle, inside a one-module quiet zone. */
function drawQr(
  page: PDFPage,
  pageHeight: number,
  item: { x: number; y: number; size: number; data: string },
) {
  const { modules } = QRCode.create(item.data, { errorCorrectionLevel: 'M' });
  const cell = item.size / (modules.size + 2);
  const ops = [pushGraphicsState(), setFillingRgbColor(0, 0, 0)];
  for (let row = 0; row < modules.size; row += 1) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col += 1;
      // A hair larger than the cells so no seam shows between neighbours.
      ops.push(
        rectangle(
          item.x + (start + 1) * cell,
          pageHeight - item.y - (row + 2) * cell,
          (col - start) * cell + 0.05,
          cell + 0.05,
        ),
      );
    }
  }
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
}

/** One PDF, a page per badge layout (laid out at 72 dpi). */
export async function renderPdf(layouts: BadgeLayout[], title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('Foyer');
  doc.setProducer('Foyer');
  const font = embedTrueType(doc, loadPdfFont());
  for (const layout of layouts) {
    const page = doc.addPage([layout.width, layout.height]);
    const key = page.node.newFontDictionary('Badge', font.ref);
    for (const item of layout.items) {
      if (item.kind === 'qr') drawQr(page, layout.height, item);
      else drawLine(page, font, key, layout.height, item);
    }
  }
  return doc.save();
}
