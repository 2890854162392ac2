import { CONTACT_CODE_FORBIDDEN, normalizePhone, ticketIdFromCode } from './contacts';

/**
 * E1.11, E5.40–E5.43: what a scanned QR code says. Three kinds are understood:
 * - a Foyer badge: its link (`…/tickets/{ticketId}`) or the bare ticket id;
 * - a vCard 2.1, 3.0 or 4.0 (FN, N, ORG, TITLE, EMAIL, TEL, URL, NOTE), with folded lines, escaped
 *   commas and semicolons, and quoted-printable values in any charset the platform decodes (2.1);
 * - a MECARD (`MECARD:N:Doe,Jane;TEL:…;EMAIL:…;;`), as phones' "share contact" QR codes write it.
 *
 * Shared by the web (to ignore empty scans before sending anything) and the server (which decides).
 */

/** A QR code holds at most 2,953 bytes (version 40, binary): anything longer was not scanned. */
export const SCAN_CODE_MAX_LENGTH = 4096;

/** The person a vCard or MECARD describes, normalised: e-mails lowercased, phones with 00 (E5.41, E5.42). */
export interface ScannedCard {
  firstName: string;
  lastName: string;
  emails: string[];
  phones: string[];
  company: string;
  jobTitle: string;
  website: string;
  note: string;
}

export type ScannedCode =
  | { kind: 'badge'; ticketId: string }
  | { kind: 'vcard' | 'mecard'; card: ScannedCard };

/** Why a scan could not be read (i18n keys, also the `code` field's error on the server). */
export type ScanError = 'contacts.error.code' | 'contacts.error.scanData' | 'contacts.error.scanEmpty';

export type ScanParse = { ok: true; code: ScannedCode } | { ok: false; error: ScanError };

/** E5.42: a scanned e-mail is trimmed and lowercased before it is matched or kept. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{1,60}$/;
const PHONE = /^\d{3,20}$/;
const FIELD_MAX = 300;

const clip = (text: string, max = FIELD_MAX) => text.trim().slice(0, max);

/**
 * E5.43: null for empty text (nothing to do, not an error). Otherwise the code, or why it is not
 * one: E5.40 refuses a badge code with # $ [ ] quotes or ? (a vCard may hold those in its values).
 */
export function parseScannedCode(text: string): ScanParse | null {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (!trimmed) return null;
  if (/^BEGIN:VCARD/i.test(trimmed)) return cardResult('vcard', parseVCard(trimmed));
  if (/^MECARD:/i.test(trimmed)) return cardResult('mecard', parseMeCard(trimmed));
  if (CONTACT_CODE_FORBIDDEN.test(trimmed)) return { ok: false, error: 'contacts.error.code' };
  const ticketId = ticketIdFromCode(trimmed);
  return ticketId
    ? { ok: true, code: { kind: 'badge', ticketId } }
    : { ok: false, error: 'contacts.error.scanData' };
}

function cardResult(kind: 'vcard' | 'mecard', card: ScannedCard): ScanParse {
  // A NUL decoded from the card's bytes (quoted-printable "=00") is not text: refused, not stripped.
  if (JSON.stringify(card).includes('\\u0000')) return { ok: false, error: 'contacts.error.scanData' };
  // A card must name someone or give a way to reach them.
  if (!card.firstName && card.emails.length === 0 && card.phones.length === 0) {
    return { ok: false, error: 'contacts.error.scanEmpty' };
  }
  return { ok: true, code: { kind, card } };
}

/** Fills the first name when a card names nobody: its company, else its first e-mail or phone. */
function finish(card: ScannedCard): ScannedCard {
  const emails = [...new Set(card.emails.map(normalizeEmail).filter((e) => EMAIL.test(e)))].slice(0, 10);
  const phones = [...new Set(card.phones.map(normalizePhone).filter((p) => PHONE.test(p)))].slice(0, 10);
  let { firstName, lastName } = card;
  if (!firstName && lastName) [firstName, lastName] = [lastName, ''];
  if (!firstName && (emails.length > 0 || phones.length > 0))
    firstName = card.company || emails[0] || phones[0] || '';
  return {
    firstName: clip(firstName, 100),
    lastName: clip(lastName, 100),
    emails,
    phones,
    company: clip(card.company, 200),
    jobTitle: clip(card.jobTitle, 200),
    website: clip(card.website),
    note: clip(card.note, 2000),
  };
}

/** "Jane Q. Public" → Jane Q. / Public: the last word is the family name. */
function splitFullName(full: string): [string, string] {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return [words[0] ?? '', ''];
  return [words.slice(0, -1).join(' '), words.at(-1) as string];
}

// ---- vCard ---------------------------------------------------------------------------------------

interface ContentLine {
  name: string;
  params: Map<string, string[]>;
  raw: string;
}

/** Splits on `sep` outside double quotes. */
function splitOutsideQuotes(text: string, sep: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    if (ch === sep && !quoted) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

function isQuotedPrintable(line: string): boolean {
  const colon = line.indexOf(':');
  return colon > 0 && /QUOTED-PRINTABLE/i.test(line.slice(0, colon));
}

/**
 * RFC 6350 3.2 / RFC 2425: a line starting with a space or tab continues the previous one. vCard
 * 2.1's quoted-printable values continue on the next line after a trailing `=` (a soft break).
 */
function unfold(text: string): string[] {
  const lines: string[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const last = lines.length - 1;
    const previous = lines[last];
    if (previous !== undefined && isQuotedPrintable(previous) && previous.endsWith('=')) {
      lines[last] = previous.slice(0, -1) + line.replace(/^[ \t]/, '');
    } else if (previous !== undefined && /^[ \t]/.test(line)) {
      lines[last] = previous + line.slice(1);
    } else lines.push(line);
  }
  return lines;
}

function parseLine(line: string): ContentLine | null {
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) {
      colon = i;
      break;
    }
  }
  if (colon <= 0) return null;
  const [head = '', ...rawParams] = splitOutsideQuotes(line.slice(0, colon), ';');
  // Apple writes grouped lines: item1.EMAIL;type=INTERNET:…
  const name = (head.split('.').at(-1) ?? '').trim().toUpperCase();
  const params = new Map<string, string[]>();
  for (const param of rawParams) {
    const eq = param.indexOf('=');
    // vCard 2.1 allows bare parameters: TEL;WORK;VOICE, EMAIL;INTERNET, …;QUOTED-PRINTABLE
    const key = (
      eq < 0
        ? /^(QUOTED-PRINTABLE|BASE64|8BIT|7BIT|B)$/i.test(param)
          ? 'ENCODING'
          : 'TYPE'
        : param.slice(0, eq)
    )
      .trim()
      .toUpperCase();
    const values = (eq < 0 ? param : param.slice(eq + 1))
      .split(',')
      .map((v) => v.trim().replace(/^"|"$/g, ''));
    params.set(key, [...(params.get(key) ?? []), ...values]);
  }
  return { name, params, raw: line.slice(colon + 1) };
}

function decodeQuotedPrintable(value: string, charset: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      for (const byte of new TextEncoder().encode(value[i])) bytes.push(byte);
    }
  }
  try {
    return new TextDecoder(charset || 'utf-8').decode(new Uint8Array(bytes));
  } catch {
    return new TextDecoder('utf-8').decode(new Uint8Array(bytes)); // an unknown charset label
  }
}

/** Splits a structured value (N, ORG) on unescaped `;`, then unescapes each part. */
function components(value: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i] as string;
    if (ch === '\\' && i + 1 < value.length) {
      current += ch + value[i + 1];
      i++;
    } else if (ch === ';') {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts.map(unescapeText);
}

/** \n and \N are new lines, any other escaped character is itself (\, \; \\ and Apple's \:). */
function unescapeText(value: string): string {
  return value.replace(/\\([\s\S])/g, (_, ch: string) => (ch === 'n' || ch === 'N' ? '\n' : ch)).trim();
}

function decodedValue(line: ContentLine): string {
  const encoding = (line.params.get('ENCODING') ?? []).map((e) => e.toUpperCase());
  if (encoding.includes('QUOTED-PRINTABLE')) {
    return decodeQuotedPrintable(line.raw, line.params.get('CHARSET')?.[0] ?? 'utf-8');
  }
  return line.raw;
}

/** vCard 4.0 may write a phone as a URI: tel:+1-555-010-2000;ext=12 */
const telValue = (value: string) => value.replace(/^tel:/i, '').split(';')[0] ?? '';

/** The first card in the text (a QR code holds one); unknown properties are skipped. */
export function parseVCard(text: string): ScannedCard {
  const card: ScannedCard = {
    firstName: '',
    lastName: '',
    emails: [],
    phones: [],
    company: '',
    jobTitle: '',
    website: '',
    note: '',
  };
  let fullName = '';
  let named = false;
  for (const raw of unfold(text)) {
    const line = parseLine(raw);
    if (!line) continue;
    if (line.name === 'END' && /^VCARD$/i.test(line.raw.trim())) break;
    const value = decodedValue(line);
    switch (line.name) {
      case 'FN':
        fullName ||= unescapeText(value);
        break;
      case 'N': {
        const [family = '', given = '', additional = ''] = components(value);
        const first = [given, additional].filter(Boolean).join(' ');
        card.firstName = first;
        card.lastName = family;
        // N:Smith;;;; names no first name: FN says it better, when there is one.
        named = Boolean(first);
        break;
      }
      case 'ORG':
        card.company ||= components(value).find(Boolean) ?? ''; // the organisation, not its units
        break;
      case 'TITLE':
        card.jobTitle ||= unescapeText(value);
        break;
      case 'EMAIL':
        card.emails.push(unescapeText(value));
        break;
      case 'TEL':
        card.phones.push(telValue(unescapeText(value)));
        break;
      case 'URL':
        card.website ||= unescapeText(value);
        break;
      case 'NOTE':
        card.note ||= unescapeText(value);
        break;
    }
  }
  if (!named && fullName) {
    const [first, last] = splitFullName(fullName);
    card.firstName = first;
    card.lastName = card.lastName || last;
  }
  return finish(card);
}

// ---- MECARD --------------------------------------------------------------------------------------

/** MECARD fields: `KEY:value;` with \ escaping ; : , and \ in values. */
export function parseMeCard(text: string): ScannedCard {
  const body = text.replace(/^MECARD:/i, '');
  const fields: [string, string][] = [];
  let current = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i] as string;
    if (ch === '\\' && i + 1 < body.length) {
      current += ch + body[i + 1];
      i++;
    } else if (ch === ';') {
      const colon = current.indexOf(':');
      if (colon > 0) fields.push([current.slice(0, colon).trim().toUpperCase(), current.slice(colon + 1)]);
      current = '';
    } else current += ch;
  }
  const colon = current.indexOf(':');
  if (colon > 0) fields.push([current.slice(0, colon).trim().toUpperCase(), current.slice(colon + 1)]);

  const card: ScannedCard = {
    firstName: '',
    lastName: '',
    emails: [],
    phones: [],
    company: '',
    jobTitle: '',
    website: '',
    note: '',
  };
  for (const [key, raw] of fields) {
    switch (key) {
      case 'N': {
        // "Last,First": an unescaped comma separates the family name from the given name.
        const comma = raw.search(/(?<!\\),/);
        const [last, first] = comma < 0 ? [raw, ''] : [raw.slice(0, comma), raw.slice(comma + 1)];
        card.lastName = unescapeText(last);
        card.firstName = unescapeText(first);
        if (!card.firstName) [card.firstName, card.lastName] = splitFullName(card.lastName);
        break;
      }
      case 'TEL':
        card.phones.push(unescapeText(raw));
        break;
      case 'EMAIL':
        card.emails.push(unescapeText(raw));
        break;
      case 'ORG':
        card.company ||= unescapeText(raw);
        break;
      case 'TITLE':
        card.jobTitle ||= unescapeText(raw);
        break;
      case 'URL':
        card.website ||= unescapeText(raw);
        break;
      case 'NOTE':
        card.note ||= unescapeText(raw);
        break;
    }
  }
  return finish(card);
}
