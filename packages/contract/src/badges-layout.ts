/**
 * Badge templates as pure data, shared by the server's renderers (ZPL, TXT, PDF) and the console's
 * preview: the merge fields (E3.38), the sizes in millimetres and their conversion to dots (E9.50),
 * and one layout that every renderer draws, so a preview looks like what the printer prints.
 */

/** E3.38: the fields a template line or text template may use as `{Name}`. */
export const badgeMergeFields = [
  'FirstName',
  'LastName',
  'FullName',
  'Email',
  'WebSite',
  'Phone',
  'Company',
  'JobTitle',
  'ParticipantType',
  'TicketType',
  'TicketId',
  'City',
] as const;
export type BadgeMergeField = (typeof badgeMergeFields)[number];
export type BadgeFields = Record<BadgeMergeField, string>;

/**
 * E5.59: only text templates (TXT printers) use these two: `{Barcode}` is what the code carries and
 * `{BarcodeType}` its symbology: the badge link as QR, or in a fast scan the ticket id as CODE_128.
 */
export const badgeCodeFields = ['Barcode', 'BarcodeType'] as const;

/** Badge sizes in millimetres (width × height, portrait unless wider than tall). */
export const badgeSizes = {
  cr80: { widthMm: 54, heightMm: 86 },
  a7: { widthMm: 74, heightMm: 105 },
  '90x130': { widthMm: 90, heightMm: 130 },
  a6: { widthMm: 105, heightMm: 148 },
  '4x3in': { widthMm: 102, heightMm: 76 },
  '4x6in': { widthMm: 102, heightMm: 152 },
} as const;
export type BadgeSize = keyof typeof badgeSizes;
export const badgeSizeKeys = Object.keys(badgeSizes) as [BadgeSize, ...BadgeSize[]];

/** E9.50: millimetres to dots (points at the default 72 dpi), floored. */
export function mmToDots(mm: number, dpi = 72): number {
  return Math.floor((mm / 25.4) * dpi);
}

export const badgeLineSizes = ['sm', 'md', 'lg', 'xl'] as const;
export type BadgeLineSize = (typeof badgeLineSizes)[number];
/** Font heights in points (72 dpi). */
export const BADGE_LINE_PT: Record<BadgeLineSize, number> = { sm: 8, md: 11, lg: 16, xl: 24 };

export const badgeQrSizes = ['none', 'small', 'medium', 'large'] as const;
export type BadgeQrSize = (typeof badgeQrSizes)[number];
const QR_SHARE: Record<BadgeQrSize, number> = { none: 0, small: 0.35, medium: 0.5, large: 0.7 };

export interface BadgeLine {
  text: string;
  size: BadgeLineSize;
  bold: boolean;
}

/** What a layout needs of a template. */
export interface BadgeDesign {
  size: BadgeSize;
  lines: BadgeLine[];
  qr: BadgeQrSize;
}

/** Replaces `{Field}` with its value; unknown names stay as written. Values lose line breaks. */
export function mergeBadgeText(text: string, values: Partial<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : value.replace(/[\r\n]+/g, ' ');
  });
}

/** The merge field names a text uses that are not known (the console warns about them). */
export function unknownMergeFields(text: string, allowCode = false): string[] {
  const known = new Set<string>([...badgeMergeFields, ...(allowCode ? badgeCodeFields : [])]);
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''))].filter((n) => !known.has(n));
}

/** Sample values for previews. */
export const sampleBadgeFields: BadgeFields = {
  FirstName: 'Ada',
  LastName: 'Lovelace',
  FullName: 'Ada Lovelace',
  Email: 'ada@example.org',
  WebSite: 'example.org',
  Phone: '+44 20 7946 0000',
  Company: 'Analytical Engines',
  JobTitle: 'Mathematician',
  ParticipantType: 'Speaker',
  TicketType: 'VIP',
  TicketId: 'T-1815',
  City: 'London',
};

export type BadgeItem =
  | {
      kind: 'text';
      /** Left edge of the text box (the page's margin); the text is centred in it. */
      x: number;
      /** Top of the line. */
      y: number;
      width: number;
      /** Font height. */
      size: number;
      bold: boolean;
      text: string;
    }
  | { kind: 'qr'; x: number; y: number; size: number; data: string };

export interface BadgeLayout {
  width: number;
  height: number;
  items: BadgeItem[];
}

/** Average glyph width as a share of the font height, to shrink a line that would not fit. */
const GLYPH_WIDTH = 0.56;

/**
 * Lays a badge out in dots at `dpi` (72: PDF points, E9.50): the merged lines from the top,
 * centred, each shrunk to fit the width, empty ones left out; then the QR code, centred in the
 * space left (never larger than its share of the width). Every renderer draws this.
 */
export function layoutBadge(
  design: BadgeDesign,
  values: BadgeFields,
  qrData: string | null,
  dpi = 72,
): BadgeLayout {
  const { widthMm, heightMm } = badgeSizes[design.size];
  const width = mmToDots(widthMm, dpi);
  const height = mmToDots(heightMm, dpi);
  const scale = dpi / 72;
  const margin = mmToDots(4, dpi);
  const inner = width - 2 * margin;
  const items: BadgeItem[] = [];
  let y = margin;
  for (const line of design.lines) {
    const text = mergeBadgeText(line.text, values).trim();
    if (!text) continue;
    const wanted = BADGE_LINE_PT[line.size] * scale;
    const fits = inner / Math.max(1, text.length * GLYPH_WIDTH);
    const size = Math.max(Math.floor(5 * scale), Math.floor(Math.min(wanted, fits)));
    if (y + size > height - margin) break;
    items.push({ kind: 'text', x: margin, y, width: inner, size, bold: line.bold, text });
    y += Math.ceil(size * 1.3);
  }
  if (design.qr !== 'none' && qrData) {
    const room = height - margin - (y + Math.floor(margin / 2));
    const size = Math.floor(Math.min(inner * QR_SHARE[design.qr], room));
    if (size >= mmToDots(10, dpi)) {
      const top = y + Math.floor((room - size) / 2) + Math.floor(margin / 2);
      items.push({ kind: 'qr', x: Math.floor((width - size) / 2), y: top, size, data: qrData });
    }
  }
  return { width, height, items };
}
