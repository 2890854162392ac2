/**
 * A small iCalendar (RFC 5545) writer: only what an agenda feed needs. Lines end in CRLF and are
 * folded at 75 octets (never inside a UTF-8 character); TEXT values escape \ ; , and newlines;
 * times are UTC (…Z), so no VTIMEZONE is needed.
 */

export interface IcsEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  lastModified?: Date;
}

export interface IcsCalendar {
  name: string;
  /** DTSTAMP of every event: when this copy was made. */
  now: Date;
  events: IcsEvent[];
  /** Hint to subscribing apps how often to refetch. */
  refreshMinutes?: number;
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** 20261122T100000Z */
export function formatUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Splits a content line into CRLF-joined chunks of at most 75 octets; continuations start with a space. */
export function foldLine(line: string): string {
  const chunks: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > MAX_OCTETS) {
      chunks.push(current);
      current = ` ${char}`;
      octets = 1 + size;
    } else {
      current += char;
      octets += size;
    }
  }
  chunks.push(current);
  return chunks.join(CRLF);
}

/** Control characters other than the escaped newlines are not allowed in TEXT (RFC 5545 3.3.11). */
function clean(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.charCodeAt(0);
    const control = (code < 0x20 && char !== '\n' && char !== '\r' && char !== '\t') || code === 0x7f;
    if (!control) out += char;
  }
  return out;
}

function eventLines(event: IcsEvent, now: Date): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${clean(event.uid)}`,
    `DTSTAMP:${formatUtc(now)}`,
    `DTSTART:${formatUtc(event.start)}`,
    `DTEND:${formatUtc(event.end)}`,
    `SUMMARY:${escapeText(clean(event.summary))}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(clean(event.description))}`);
  if (event.location) lines.push(`LOCATION:${escapeText(clean(event.location))}`);
  if (event.url) lines.push(`URL:${clean(event.url)}`);
  if (event.status) lines.push(`STATUS:${event.status}`);
  if (event.lastModified) lines.push(`LAST-MODIFIED:${formatUtc(event.lastModified)}`);
  lines.push('END:VEVENT');
  return lines;
}

export function buildCalendar(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Foyer//Agenda//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(clean(calendar.name))}`,
  ];
  if (calendar.refreshMinutes) {
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshMinutes}M`);
    lines.push(`X-PUBLISHED-TTL:PT${calendar.refreshMinutes}M`);
  }
  for (const event of calendar.events) lines.push(...eventLines(event, calendar.now));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** Rich-text descriptions become plain text for calendar apps. */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
