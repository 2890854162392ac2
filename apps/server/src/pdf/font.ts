import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type PDFDocument, PDFHexString, PDFName, type PDFRef, PDFString } from 'pdf-lib';

/**
 * A TrueType font embedded in a PDF as a CID font (Type0, Identity-H), so any character the font
 * has prints: pdf-lib's own embedding of a TrueType file needs @pdf-lib/fontkit, and its standard
 * fonts know only WinAnsi (no ğ, ş, ı, no Cyrillic). The font goes in whole, so no subsetting;
 * glyph ids are the character ids, and a ToUnicode map keeps the text searchable and copyable.
 * The ticket (features/registration/ticket-pdf.ts) and the badges (features/badges/badges.pdf.ts)
 * print with it.
 */

/**
 * The server's PDF font: DejaVu Sans cut down to Latin (with Vietnamese), Greek and Cyrillic
 * (assets/fonts/README.md says what it holds and how it was made).
 */
export const PDF_FONT_PATH = resolve(import.meta.dirname, '../../assets/fonts/DejaVuSans-ticket.ttf');

export interface TrueTypeFont {
  /** The PostScript name (name id 6). */
  name: string;
  unitsPerEm: number;
  ascent: number;
  descent: number;
  capHeight: number;
  bbox: [number, number, number, number];
  italicAngle: number;
  /** Advance width of each glyph, in font units. */
  advances: number[];
  /** Unicode code point → glyph id. */
  cmap: Map<number, number>;
  bytes: Uint8Array;
}

class Reader {
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  u16 = (at: number) => this.view.getUint16(at);
  i16 = (at: number) => this.view.getInt16(at);
  u32 = (at: number) => this.view.getUint32(at);
  i32 = (at: number) => this.view.getInt32(at);
}

function tablesOf(r: Reader): Map<string, { offset: number; length: number }> {
  const tables = new Map<string, { offset: number; length: number }>();
  const count = r.u16(4);
  for (let i = 0; i < count; i += 1) {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(...r.bytes.subarray(at, at + 4));
    tables.set(tag, { offset: r.u32(at + 8), length: r.u32(at + 12) });
  }
  return tables;
}

/** cmap format 4 (BMP segments) or 12 (groups), from the Windows Unicode or Unicode subtables. */
function readCmap(r: Reader, start: number): Map<number, number> {
  const map = new Map<number, number>();
  const count = r.u16(start + 2);
  const subtables: { format: number; offset: number; rank: number }[] = [];
  for (let i = 0; i < count; i += 1) {
    const at = start + 4 + i * 8;
    const platform = r.u16(at);
    const encoding = r.u16(at + 2);
    const offset = start + r.u32(at + 4);
    const rank =
      platform === 3 && encoding === 10 ? 0 : platform === 0 ? 1 : platform === 3 && encoding === 1 ? 2 : 9;
    if (rank < 9) subtables.push({ format: r.u16(offset), offset, rank });
  }
  const table = subtables.filter((s) => s.format === 4 || s.format === 12).sort((a, b) => a.rank - b.rank)[0];
  if (!table) throw new Error('The font has no Unicode cmap');
  const at = table.offset;
  if (table.format === 12) {
    const groups = r.u32(at + 12);
    for (let i = 0; i < groups; i += 1) {
      const g = at + 16 + i * 12;
      const [first, last, glyph] = [r.u32(g), r.u32(g + 4), r.u32(g + 8)];
      for (let c = first; c <= last; c += 1) map.set(c, glyph + c - first);
    }
    return map;
  }
  const segments = r.u16(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s += 1) {
    const first = r.u16(starts + s * 2);
    const last = r.u16(ends + s * 2);
    const delta = r.i16(deltas + s * 2);
    const rangeOffset = r.u16(rangeOffsets + s * 2);
    for (let c = first; c <= last && c !== 0xffff; c += 1) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
      else {
        const raw = r.u16(rangeOffsets + s * 2 + rangeOffset + (c - first) * 2);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) map.set(c, glyph);
    }
  }
  return map;
}

/** The PostScript name from the name table (a Windows or a Mac record), else a fixed one. */
function readName(r: Reader, start: number): string {
  const count = r.u16(start + 2);
  const strings = start + r.u16(start + 4);
  for (let i = 0; i < count; i += 1) {
    const at = start + 6 + i * 12;
    if (r.u16(at + 6) !== 6) continue;
    const platform = r.u16(at);
    const bytes = r.bytes.subarray(strings + r.u16(at + 10), strings + r.u16(at + 10) + r.u16(at + 8));
    const text =
      platform === 3 || platform === 0
        ? String.fromCharCode(
            ...Array.from(
              { length: bytes.length / 2 },
              (_, k) => ((bytes[2 * k] ?? 0) << 8) | (bytes[2 * k + 1] ?? 0),
            ),
          )
        : String.fromCharCode(...bytes);
    const clean = text.replace(/[^\w-]/g, '');
    if (clean) return clean;
  }
  return 'EmbeddedFont';
}

/** Reads the metrics and the character map of a TrueType (glyf) font. */
export function parseTrueType(bytes: Uint8Array): TrueTypeFont {
  const r = new Reader(bytes);
  const tables = tablesOf(r);
  const table = (tag: string) => {
    const found = tables.get(tag);
    if (!found) throw new Error(`The font has no ${tag} table`);
    return found.offset;
  };
  const head = table('head');
  const hhea = table('hhea');
  const unitsPerEm = r.u16(head + 18);
  const glyphs = r.u16(table('maxp') + 4);
  const metrics = r.u16(hhea + 34);
  const hmtx = table('hmtx');
  const advances: number[] = [];
  for (let g = 0; g < glyphs; g += 1) advances.push(r.u16(hmtx + Math.min(g, metrics - 1) * 4));
  const ascent = r.i16(hhea + 4);
  const os2 = tables.get('OS/2');
  // sCapHeight exists from OS/2 version 2; before it, the usual 70% of the ascent.
  const capHeight = os2 && r.u16(os2.offset) >= 2 ? r.i16(os2.offset + 88) : Math.round(ascent * 0.7);
  const post = tables.get('post');
  return {
    name: tables.has('name') ? readName(r, table('name')) : 'EmbeddedFont',
    unitsPerEm,
    ascent,
    descent: r.i16(hhea + 6),
    capHeight,
    bbox: [r.i16(head + 36), r.i16(head + 38), r.i16(head + 40), r.i16(head + 42)],
    italicAngle: post ? r.i32(post.offset + 4) / 65536 : 0,
    advances,
    cmap: readCmap(r, table('cmap')),
    bytes,
  };
}

let pdfFont: TrueTypeFont | null = null;

/** The PDF font, read once per process. */
export function loadPdfFont(): TrueTypeFont {
  pdfFont ??= parseTrueType(new Uint8Array(readFileSync(PDF_FONT_PATH)));
  return pdfFont;
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0').toUpperCase();

/** UTF-16 code units of a code point, as CMap hex. */
const utf16Hex = (codePoint: number) =>
  String.fromCodePoint(codePoint)
    .split('')
    .map((unit) => hex4(unit.charCodeAt(0)))
    .join('');

function toUnicodeCMap(font: TrueTypeFont): string {
  const byGlyph = new Map<number, number>();
  for (const [codePoint, glyph] of [...font.cmap].sort((a, b) => a[0] - b[0])) {
    if (!byGlyph.has(glyph)) byGlyph.set(glyph, codePoint);
  }
  const entries = [...byGlyph].map(([glyph, codePoint]) => `<${hex4(glyph)}> <${utf16Hex(codePoint)}>`);
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const block = entries.slice(i, i + 100);
    blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

/** A combining mark (accents and the like), which a base letter can print without. */
const MARK = /^\p{M}$/u;

/** A font put into a document: what a page needs to show text in it and to measure that text. */
export class EmbeddedFont {
  private readonly fallback: number;
  /** Glyphs of the characters the font has no glyph for, found once each (see `glyphsOf`). */
  private readonly standIns = new Map<number, number[]>();

  constructor(
    readonly font: TrueTypeFont,
    readonly ref: PDFRef,
  ) {
    this.fallback = font.cmap.get(0xfffd) ?? font.cmap.get(0x3f) ?? 0;
  }

  /** Glyph ids of the text (NFC first, so a decomposed "é" finds its glyph), per character. */
  glyphs(text: string): number[] {
    return [...text.normalize('NFC')].flatMap((ch) => this.glyphsOf(ch));
  }

  /** Whether every character of the text has its own glyph (no stand-in, no �). */
  covers(text: string): boolean {
    return [...text.normalize('NFC')].every((ch) => this.font.cmap.has(ch.codePointAt(0) ?? 0));
  }

  /**
   * One character's glyphs. A character the font lacks falls back on its own, not the whole text:
   * its canonical, then its compatibility decomposition, with the combining marks the font lacks
   * left out and the rest composed again when the font has the composed letter. So polytonic
   * Greek (Greek Extended, not in the cut-down font) prints in the monotonic letters it is made
   * of ("Ἀλέξανδρος" → "Αλέξανδρος", "Ἄ" → "Ά"), and "ﬁ" or a full-width "Ａ" as plain letters.
   * A character with no such parts the font has (CJK, Arabic, Hebrew, emoji…) prints as �; a
   * lone combining mark it lacks is left out.
   */
  private glyphsOf(ch: string): number[] {
    const codePoint = ch.codePointAt(0) ?? 0;
    const own = this.font.cmap.get(codePoint);
    if (own !== undefined) return [own];
    let found = this.standIns.get(codePoint);
    if (!found) {
      // A combining mark the font lacks, on its own, is left out rather than shown as �.
      found =
        this.decomposed(ch, 'NFD') ?? this.decomposed(ch, 'NFKD') ?? (MARK.test(ch) ? [] : [this.fallback]);
      this.standIns.set(codePoint, found);
    }
    return found;
  }

  private decomposed(ch: string, form: 'NFD' | 'NFKD'): number[] | null {
    const has = (c: string) => this.font.cmap.has(c.codePointAt(0) ?? 0);
    const parts = [...ch.normalize(form)];
    if (parts.length === 1 && parts[0] === ch) return null;
    // Every letter of the decomposition must be there; only marks may be left out.
    if (parts.some((c) => !MARK.test(c) && !has(c))) return null;
    const kept = parts.filter(has);
    if (kept.length === 0) return null;
    const composed = [...kept.join('').normalize('NFC')];
    const chosen = composed.every(has) ? composed : kept;
    return chosen.map((c) => this.font.cmap.get(c.codePointAt(0) ?? 0) ?? this.fallback);
  }

  /** The text as the hex string a Tj operator shows with Identity-H. */
  encode(text: string): PDFHexString {
    return PDFHexString.of(
      this.glyphs(text)
        .map((g) => hex4(g))
        .join(''),
    );
  }

  /** Width of the text at `size`, in points. */
  widthOf(text: string, size: number): number {
    const units = this.glyphs(text).reduce((sum, g) => sum + (this.font.advances[g] ?? 0), 0);
    return (units * size) / this.font.unitsPerEm;
  }

  /** Height of capitals at `size`, in points (to place a line by its visible top). */
  capHeightAt(size: number): number {
    return (this.font.capHeight * size) / this.font.unitsPerEm;
  }
}

/** Embeds the whole font in the document (FontFile2, compressed) as a Type0 font. */
export function embedTrueType(doc: PDFDocument, font: TrueTypeFont): EmbeddedFont {
  const ctx = doc.context;
  const scale = 1000 / font.unitsPerEm;
  const fontFile = ctx.register(ctx.flateStream(font.bytes, { Length1: font.bytes.length }));
  const descriptor = ctx.register(
    ctx.obj({
      Type: 'FontDescriptor',
      FontName: font.name,
      Flags: 32, // non-symbolic
      FontBBox: font.bbox.map((v) => Math.round(v * scale)),
      ItalicAngle: font.italicAngle,
      Ascent: Math.round(font.ascent * scale),
      Descent: Math.round(font.descent * scale),
      CapHeight: Math.round(font.capHeight * scale),
      StemV: 80,
      FontFile2: fontFile,
    }),
  );
  const widths = font.advances.map((w) => Math.round(w * scale));
  const cidFont = ctx.register(
    ctx.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: font.name,
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      DW: 1000,
      W: [0, widths],
      CIDToGIDMap: PDFName.of('Identity'),
    }),
  );
  const toUnicode = ctx.register(ctx.flateStream(toUnicodeCMap(font)));
  const ref = ctx.register(
    ctx.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: font.name,
      Encoding: 'Identity-H',
      DescendantFonts: [cidFont],
      ToUnicode: toUnicode,
    }),
  );
  return new EmbeddedFont(font, ref);
}
