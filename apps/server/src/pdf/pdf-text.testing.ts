import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFPage,
  PDFRawStream,
  type PDFRef,
} from 'pdf-lib';

/**
 * Test helper: the text a PDF shows, read back as a PDF reader does when text is searched or
 * copied: each font's ToUnicode map turns the glyph codes a page's `Tj` operators show into
 * characters. Handles what pdf/font.ts writes (Type0 fonts, two-byte codes, hex strings).
 */

export interface PdfFontInfo {
  /** BaseFont, e.g. DejaVuSans. */
  baseFont: string;
  subtype: string;
  /** Whether the font file is in the document (FontFile2 under the descendant's descriptor). */
  embedded: boolean;
}

export interface PdfPageText {
  /** The strings the page shows, one per `Tj`, in drawing order. */
  lines: string[];
  fonts: PdfFontInfo[];
}

function streamText(doc: PDFDocument, ref: unknown): string {
  const stream = ref instanceof PDFRawStream ? ref : doc.context.lookup(ref as PDFRef);
  return stream instanceof PDFRawStream
    ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')
    : '';
}

/** Code → text, from a ToUnicode CMap's bfchar and bfrange entries. */
function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) =>
    String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)));
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of (block[1] ?? '').matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      map.set(Number.parseInt(m[1] ?? '0', 16), utf16(m[2] ?? ''));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of (block[1] ?? '').matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const [from, to, first] = [m[1], m[2], m[3]].map((h) => Number.parseInt(h ?? '0', 16)) as [
        number,
        number,
        number,
      ];
      for (let code = from; code <= to; code += 1) map.set(code, String.fromCharCode(first + code - from));
    }
  }
  return map;
}

function fontsOf(doc: PDFDocument, page: PDFPage) {
  const byKey = new Map<string, { info: PdfFontInfo; toUnicode: Map<number, string> | null }>();
  const fonts = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
  for (const [key, ref] of fonts?.entries() ?? []) {
    const font = doc.context.lookup(ref, PDFDict);
    const descendant = font.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray)?.lookup(0, PDFDict);
    const descriptor = (descendant ?? font).lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
    const toUnicode = font.get(PDFName.of('ToUnicode'));
    byKey.set(key.asString(), {
      info: {
        baseFont: font.lookupMaybe(PDFName.of('BaseFont'), PDFName)?.decodeText() ?? '',
        subtype: font.lookupMaybe(PDFName.of('Subtype'), PDFName)?.decodeText() ?? '',
        embedded: Boolean(
          descriptor?.get(PDFName.of('FontFile2')) ?? descriptor?.get(PDFName.of('FontFile')),
        ),
      },
      toUnicode: toUnicode ? parseToUnicode(streamText(doc, toUnicode)) : null,
    });
  }
  return byKey;
}

/** What each page of the PDF shows, as text. */
export async function pdfText(bytes: Uint8Array): Promise<PdfPageText[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const fonts = fontsOf(doc, page);
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    const content = streams.map((ref) => (ref ? streamText(doc, ref) : '')).join('\n');
    const lines: string[] = [];
    let current: Map<number, string> | null = null;
    for (const m of content.matchAll(/\/([^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
      if (m[1] !== undefined) {
        current = fonts.get(`/${m[1]}`)?.toUnicode ?? null;
        continue;
      }
      const codes = (m[2] ?? '').match(/.{4}/g) ?? [];
      lines.push(codes.map((hex) => current?.get(Number.parseInt(hex, 16)) ?? '\u0000').join(''));
    }
    return { lines, fonts: [...fonts.values()].map((f) => f.info) };
  });
}
