import { describe, expect, it } from 'vitest';
import { parseMeCard, parseScannedCode, parseVCard, type ScannedCard } from './contact-scan';

const crlf = (lines: string[]) => lines.join('\r\n');

/** iPhone "Share Contact" / iCloud export (vCard 3.0): grouped items, escaped colon, a photo. */
const APPLE = crlf([
  'BEGIN:VCARD',
  'VERSION:3.0',
  'PRODID:-//Apple Inc.//iPhone OS 17.4//EN',
  'N:Appleseed;John;;;',
  'FN:John Appleseed',
  'ORG:Apple Inc.;',
  'TITLE:Engineer',
  'item1.EMAIL;type=INTERNET;type=pref:John-Appleseed@Mac.com',
  'item2.EMAIL;type=INTERNET:j.appleseed@example.com',
  'TEL;type=CELL;type=VOICE;type=pref:+1 (408) 555-5270',
  'TEL;type=WORK;type=VOICE:(408) 555-0101',
  'item3.URL;type=pref:http\\://www.apple.com',
  'item3.X-ABLabel:_$!<HomePage>!$_',
  'NOTE:Met at WWDC\\, hall B\\nAsked about the SDK',
  'item4.ADR;type=HOME;type=pref:;;3494 Kuhl Avenue;Atlanta;GA;30303;USA',
  'PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/4QBYRXhpZgAATU0AKgAAAAgAAgESAAMAAAABAAEAAIdp',
  ' AAQAAAABAAAAJgAAAAAAA6ABAAMAAAABAAEAAKACAAQAAAABAAAAGqADAAQAAAABAAAAGgAAAAD/7QA4',
  'END:VCARD',
  '',
]);

/** Google Contacts export (vCard 3.0), accented names, folded at 75 octets. */
const GOOGLE = crlf([
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:María José García-López',
  'N:García-López;María José;;;',
  'EMAIL;TYPE=INTERNET;TYPE=WORK:MJ.Garcia@empresa.es',
  'EMAIL;TYPE=INTERNET;TYPE=HOME:mariajose.garcia.lopez.personal.address@correo-electr',
  ' onico.example.com',
  'TEL;TYPE=CELL:+34 612 34 56 78',
  'ORG:Empresa S.L.',
  'TITLE:Directora de ventas',
  'URL:https://empresa.es',
  'NOTE:Prefiere WhatsApp\\; llamar por la tarde',
  'CATEGORIES:myContacts',
  'END:VCARD',
]);

/** Outlook "Save as vCard" (2.1): bare parameters, quoted-printable with soft breaks, Windows-1252. */
const OUTLOOK = crlf([
  'BEGIN:VCARD',
  'VERSION:2.1',
  'N;LANGUAGE=de;CHARSET=Windows-1252;ENCODING=QUOTED-PRINTABLE:M=FCller;J=FCrgen',
  'FN;CHARSET=Windows-1252;ENCODING=QUOTED-PRINTABLE:J=FCrgen M=FCller',
  'ORG:Contoso, Ltd.;Sales',
  'TITLE:Account Manager',
  'TEL;WORK;VOICE:+49 (89) 3176-0',
  'TEL;CELL;VOICE:0171.555.0123',
  'ADR;WORK;PREF:;;Walter-Gropius-Str. 5;M=FCnchen;;80807;Germany',
  'LABEL;WORK;PREF;ENCODING=QUOTED-PRINTABLE:Walter-Gropius-Str. 5=0D=0A=',
  'M=FCnchen 80807',
  'URL;WORK:http://www.contoso.com',
  'EMAIL;PREF;INTERNET:Juergen.Mueller@Contoso.com',
  'NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=Windows-1252:Interessiert an der Roadmap 2030.=0D=0ABitte =',
  'im Mai nachfassen; Preisliste mitbringen.',
  'X-MS-OL-DEFAULT-POSTAL-ADDRESS:2',
  'REV:20240115T093012Z',
  'END:VCARD',
]);

/** RFC 6350's own example (vCard 4.0): phones as tel: URIs with quoted parameter lists. */
const RFC6350 = crlf([
  'BEGIN:VCARD',
  'VERSION:4.0',
  'FN:Simon Perreault',
  'N:Perreault;Simon;;;ing. jr,M.Sc.',
  'BDAY:--0203',
  'GENDER:M',
  'LANG;PREF=1:fr',
  'EMAIL;TYPE=work:simon.perreault@viagenie.ca',
  'TEL;VALUE=uri;TYPE="work,voice";PREF=1:tel:+1-418-656-9254;ext=102',
  'TEL;VALUE=uri;TYPE="work,cell,voice,video,text":tel:+1-418-262-6501',
  'ORG:Viagenie',
  'URL;TYPE=home:http://nomis80.org',
  'END:VCARD',
]);

function card(text: string): ScannedCard {
  const parsed = parseScannedCode(text);
  if (!parsed?.ok || parsed.code.kind === 'badge') throw new Error(`not a card: ${JSON.stringify(parsed)}`);
  return parsed.code.card;
}

describe('E1.11 reading scanned codes', () => {
  it('E1.11 E5.41 E5.42 an Apple vCard 3.0: grouped items, escapes, folded photo skipped', () => {
    expect(card(APPLE)).toEqual({
      firstName: 'John',
      lastName: 'Appleseed',
      emails: ['john-appleseed@mac.com', 'j.appleseed@example.com'],
      phones: ['0014085555270', '4085550101'],
      company: 'Apple Inc.',
      jobTitle: 'Engineer',
      website: 'http://www.apple.com',
      note: 'Met at WWDC, hall B\nAsked about the SDK',
    });
  });

  it('E1.11 a Google Contacts vCard 3.0 with a folded e-mail and an escaped semicolon', () => {
    expect(card(GOOGLE)).toEqual({
      firstName: 'María José',
      lastName: 'García-López',
      emails: [
        'mj.garcia@empresa.es',
        'mariajose.garcia.lopez.personal.address@correo-electronico.example.com',
      ],
      phones: ['0034612345678'],
      company: 'Empresa S.L.',
      jobTitle: 'Directora de ventas',
      website: 'https://empresa.es',
      note: 'Prefiere WhatsApp; llamar por la tarde',
    });
  });

  it('E1.11 an Outlook vCard 2.1: quoted-printable in Windows-1252 with soft line breaks', () => {
    expect(card(OUTLOOK)).toEqual({
      firstName: 'Jürgen',
      lastName: 'Müller',
      emails: ['juergen.mueller@contoso.com'],
      phones: ['00498931760', '01715550123'],
      company: 'Contoso, Ltd.',
      jobTitle: 'Account Manager',
      website: 'http://www.contoso.com',
      note: 'Interessiert an der Roadmap 2030.\r\nBitte im Mai nachfassen; Preisliste mitbringen.',
    });
  });

  it('E1.11 a vCard 4.0 with tel: URIs and quoted parameters', () => {
    expect(card(RFC6350)).toMatchObject({
      firstName: 'Simon',
      lastName: 'Perreault',
      emails: ['simon.perreault@viagenie.ca'],
      phones: ['0014186569254', '0014182626501'],
      company: 'Viagenie',
      website: 'http://nomis80.org',
    });
  });

  it('E1.11 a vCard with only FN, LF line ends and no END; only the first card is read', () => {
    expect(
      parseVCard('BEGIN:VCARD\nVERSION:3.0\nFN:Grace Brewster Hopper\nEMAIL:grace@navy.example\n'),
    ).toMatchObject({
      firstName: 'Grace Brewster',
      lastName: 'Hopper',
    });
    const two = `${crlf(['BEGIN:VCARD', 'FN:First One', 'END:VCARD'])}\r\n${crlf(['BEGIN:VCARD', 'FN:Second Two', 'END:VCARD'])}`;
    expect(parseVCard(two).firstName).toBe('First');
    // A company card without a person: the company names it.
    expect(
      parseVCard(crlf(['BEGIN:VCARD', 'VERSION:3.0', 'ORG:Acme', 'TEL:+1 555 0100', 'END:VCARD'])),
    ).toMatchObject({
      firstName: 'Acme',
      company: 'Acme',
    });
  });

  it('E1.11 MECARD from a phone: Last,First names, escapes, and a trailing ;;', () => {
    expect(
      parseMeCard(
        'MECARD:N:Owen,Sean;TEL:+1 (555) 123-4567;EMAIL:Sean@Example.COM;URL:https\\://example.com;NOTE:QR\\; codes\\, everywhere;ORG:Example Co;;',
      ),
    ).toEqual({
      firstName: 'Sean',
      lastName: 'Owen',
      emails: ['sean@example.com'],
      phones: ['0015551234567'],
      company: 'Example Co',
      jobTitle: '',
      website: 'https://example.com',
      note: 'QR; codes, everywhere',
    });
    expect(parseScannedCode('MECARD:N:Ada Lovelace;;')).toMatchObject({
      ok: true,
      code: { kind: 'mecard', card: { firstName: 'Ada', lastName: 'Lovelace' } },
    });
  });

  it('E5.43 empty scanned text is ignored (null, not an error)', () => {
    expect(parseScannedCode('')).toBeNull();
    expect(parseScannedCode('  \r\n\t')).toBeNull();
    expect(parseScannedCode('\uFEFF')).toBeNull();
  });

  it('E5.40 a badge code: a link with tickets/{id} or a bare id; # $ [ ] quotes and ? refused', () => {
    expect(parseScannedCode('https://foyer.example/event/3/tickets/TCK-77')).toEqual({
      ok: true,
      code: { kind: 'badge', ticketId: 'TCK-77' },
    });
    expect(parseScannedCode(' TCK-77 ')).toEqual({ ok: true, code: { kind: 'badge', ticketId: 'TCK-77' } });
    for (const bad of ['TCK#1', 'TCK$1', 'TCK[1]', "TCK'1", 'TCK"1', 'https://x.example/tickets/1?a=b'])
      expect(parseScannedCode(bad), bad).toEqual({ ok: false, error: 'contacts.error.code' });
    expect(parseScannedCode('https://x.example/no/ticket')).toEqual({
      ok: false,
      error: 'contacts.error.scanData',
    });
    expect(parseScannedCode('hello world')).toEqual({ ok: false, error: 'contacts.error.scanData' });
    // A vCard may hold those characters in its values.
    expect(
      parseScannedCode(crlf(['BEGIN:VCARD', 'FN:Q? #1', 'URL:https://x.example/?a=1#b', 'END:VCARD']))?.ok,
    ).toBe(true);
  });

  it('a card whose quoted-printable bytes decode to a NUL is refused, not stored', () => {
    for (const line of [
      'FN;ENCODING=QUOTED-PRINTABLE:Jane=00Doe',
      'EMAIL;ENCODING=QUOTED-PRINTABLE:ja=00ne@x.example',
    ])
      expect(
        parseScannedCode(crlf(['BEGIN:VCARD', 'VERSION:2.1', line, 'EMAIL:j@x.example', 'END:VCARD'])),
        line,
      ).toEqual({
        ok: false,
        error: 'contacts.error.scanData',
      });
  });

  it('a card that names nobody and gives no way to reach them is not a contact', () => {
    expect(parseScannedCode(crlf(['BEGIN:VCARD', 'VERSION:3.0', 'NOTE:hello', 'END:VCARD']))).toEqual({
      ok: false,
      error: 'contacts.error.scanEmpty',
    });
    expect(parseScannedCode('MECARD:;;')).toEqual({ ok: false, error: 'contacts.error.scanEmpty' });
  });

  it('bad e-mails and phones are dropped, long values cut, unknown charsets fall back to UTF-8', () => {
    const parsed = parseVCard(
      crlf([
        'BEGIN:VCARD',
        'VERSION:2.1',
        'N;CHARSET=x-unknown;ENCODING=QUOTED-PRINTABLE:Doe;Jane',
        'EMAIL:not-an-email',
        'TEL:call me',
        `TITLE:${'x'.repeat(500)}`,
        'END:VCARD',
      ]),
    );
    expect(parsed).toMatchObject({ firstName: 'Jane', lastName: 'Doe', emails: [], phones: [] });
    expect(parsed.jobTitle).toHaveLength(200);
  });
});
