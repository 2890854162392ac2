import {
  type BadgeConsole,
  type BadgeSetup,
  type BadgeTemplate,
  badgeCode,
  type DigestTemplate,
  layoutBadge,
  mmToDots,
  type Printer,
  sampleBadgeFields,
} from '@foyer/contract';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeType } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { createTestApp, type TestApp } from '../../../test/helper';
import { waitFor } from '../../../test/smtp';
import { holdLock } from '../../db/advisory-locks';
import { embedTrueType, loadPdfFont } from '../../pdf/font';
import { pdfText } from '../../pdf/pdf-text.testing';
import { badgeApi } from './badges.fixtures';
import { renderPdf } from './badges.pdf';
import { renderTxt, renderZpl, zplField } from './badges.render';

let t: TestApp;
let b: ReturnType<typeof badgeApi>;
beforeAll(async () => {
  t = await createTestApp();
  b = badgeApi(t);
});
afterEach(() => t.app.bus.idle());
afterAll(async () => {
  await t.close();
});

describe('renderers', () => {
  it('E9.50 badge millimetres become dots at 72 dpi, floored', () => {
    expect(mmToDots(54)).toBe(153);
    expect(mmToDots(86)).toBe(243);
    expect(mmToDots(105, 203)).toBe(839);
    const layout = layoutBadge({ size: 'cr80', qr: 'none', lines: [] }, sampleBadgeFields, null);
    expect([layout.width, layout.height]).toEqual([153, 243]);
  });

  it('ZPL data escapes ^ ~ and _ and drops control characters', () => {
    expect(zplField('a^b~c_d\ne')).toBe('a_5Eb_7Ec_5Fd e');
    const zpl = renderZpl(
      layoutBadge(
        { size: 'cr80', qr: 'small', lines: [{ text: '{FullName}^XZ', size: 'lg', bold: false }] },
        sampleBadgeFields,
        'https://x.test/tickets/T1',
      ),
    );
    // The only ^XZ is the label's end: a name cannot end the label early.
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
    expect(zpl).toContain('Ada Lovelace_5EXZ');
  });

  it('ZPL: attendee text prints as typed in a field block (\\ doubled) and line or paragraph breaks of any kind become spaces', () => {
    const zpl = renderZpl(
      layoutBadge(
        { size: 'a6', qr: 'none', lines: [{ text: '{Company}', size: 'md', bold: false }] },
        { ...sampleBadgeFields, Company: "O'Brien_Ltd ^ ~ \\& a\u0000b\u0085c\u2028d\u2029e\u007ff" },
        null,
      ),
    );
    // ^FB reads \& as a line break and \\ as one backslash (ZPL II, ^FB): the name stays on its line.
    expect(zpl).toContain("^FH_^FDO'Brien_5FLtd _5E _7E \\\\& a b c d e f^FS");
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
  });

  it("a TXT printer's raw ZPL template: attendee text cannot end a field or the label, nor send ~ commands, and prints as typed", () => {
    const template = {
      text_template: [
        '^XA^CI28',
        '^FO50,50^A0N,40,40^FD{FullName}^FS',
        '^FO50,100^FB400,1,0,L,0^FDJob_title: {JobTitle} at {Company}^FS',
        '^FO50,150^FH\\^FD\\7E {Company}^FS',
        '^FO50,200^FDNo merge field_here^FS',
        '^FO50,250^BQN,2,4^FDMA,{Barcode}^FS',
        '^FX {City}',
        '^XZ',
        '',
      ].join('\n'),
    };
    const fields = {
      ...sampleBadgeFields,
      FullName: 'Eve^FS^XZ^XA^FO0,0^FDPWNED',
      JobTitle: '~JA cancel\r\n^XZ all\u0000',
      Company: "O'Brien_Ltd ^ ~ \\",
      City: 'Oslo^XZ~JA',
      TicketId: 'T_1',
    };
    const out = renderTxt(template, fields, 'https://x.test/tickets/T_1', false) ?? '';
    // One label: the only ^XA and ^XZ are the template's; no ~ command reaches the printer.
    expect(out.match(/\^XA/gi)).toHaveLength(1);
    expect(out.match(/\^XZ/gi)).toHaveLength(1);
    expect(out).not.toContain('~');
    expect(out).not.toContain('\u0000');
    expect(out).not.toContain('\r');
    // Fields with attendee data get ^FH_ and hex escapes; the template's own _ is escaped with them.
    expect(out).toContain('^FO50,50^A0N,40,40^FH_^FDEve_5EFS_5EXZ_5EXA_5EFO0,0_5EFDPWNED^FS');
    expect(out).toContain(
      "^FB400,1,0,L,0^FH_^FDJob_5Ftitle: _7EJA cancel  _5EXZ all  at O'Brien_5FLtd _5E _7E \\\\^FS",
    );
    // A field that has its own ^FH keeps its indicator, and the template's escapes as written.
    expect(out).toContain("^FH\\^FD\\7E O'Brien_Ltd \\5E \\7E \\5C^FS");
    // A field without merge fields is left as written.
    expect(out).toContain('^FO50,200^FDNo merge field_here^FS');
    expect(out).toContain('^BQN,2,4^FH_^FDMA,https://x.test/tickets/T_5F1^FS');
    // Outside field data, ^ and ~ cannot be escaped: they are left out.
    expect(out).toContain('^FX Oslo XZ JA\n');
  });

  it("a TXT printer's plain text template: attendee text keeps its line, whatever break it holds", () => {
    const out = renderTxt(
      { text_template: 'NAME={FullName}\nCOMPANY={Company}\n' },
      { ...sampleBadgeFields, FullName: 'Ada\r\nX\u0000Y\u0085Z\u2028W', Company: "O'Brien_Ltd ^ ~" },
      null,
      false,
    );
    expect(out).toBe("NAME=Ada  X Y Z W\nCOMPANY=O'Brien_Ltd ^ ~\n");
  });

  it('a badge PDF prints Latin, Turkish, Cyrillic and Greek names as written, in the embedded font', async () => {
    const names = [
      'Zoë Łukasiewicz',
      'Şahin Ağaoğlu',
      'İlkay Işık',
      'Дмитрий Шостакович',
      'Νίκη Παπαδοπούλου',
      'Nguyễn Thị Ánh',
    ];
    const font = embedTrueType(await PDFDocument.create(), loadPdfFont());
    for (const name of names) expect(font.covers(name), name).toBe(true);
    const design = {
      size: 'a6' as const,
      qr: 'small' as const,
      lines: [
        { text: '{FullName}', size: 'lg' as const, bold: true },
        { text: '{Company}', size: 'md' as const, bold: false },
      ],
    };
    const layouts = names.map((name) =>
      layoutBadge(
        design,
        { ...sampleBadgeFields, FullName: name, Company: 'Öztürk A.Ş.' },
        'https://x.test/tickets/T1',
      ),
    );
    const pages = await pdfText(await renderPdf(layouts, 'Badges'));
    expect(pages.map((p) => p.lines)).toEqual(names.map((name) => [name, 'Öztürk A.Ş.']));
    // One font, embedded (DejaVu Sans as a Type0 font with its file), no standard font (WinAnsi).
    for (const page of pages) {
      expect(page.fonts).toEqual([{ baseFont: 'DejaVuSans', subtype: 'Type0', embedded: true }]);
    }
  });

  it('a character the font lacks falls back on its own: polytonic Greek keeps its letters, an unknown script shows �', async () => {
    const lines = ['Ἀλέξανδρος Ἄννα', 'Zoë 王 Li', 'ﬁne'];
    const layout = layoutBadge(
      { size: 'a6', qr: 'none', lines: lines.map((text) => ({ text, size: 'md', bold: false })) },
      sampleBadgeFields,
      null,
    );
    const [page] = await pdfText(await renderPdf([layout], 'Fallback'));
    // The breathings (U+0313, not in the font) are left out; the acute stays, composed again.
    expect(page?.lines).toEqual(['Αλέξανδρος Άννα', 'Zoë \uFFFD Li', 'fine']);
  });
});

describe('printers and templates in the console (E3.36, E3.37, E9.56)', () => {
  it('E3.36 organizers add, change and remove printers; check-in staff and attendees may not; bad input is a 400', async () => {
    const s = await b.setup();
    const url = `/organizer/event/${s.event.id}/badges/printers`;
    const printer = await b.addPrinter(s.organizer, s.event.id, {
      label: 'Desk A',
      kind: 'zpl',
      host: '10.0.0.5',
    });
    expect(printer).toMatchObject({
      kind: 'zpl',
      host: '10.0.0.5',
      port: 9100,
      printType: 'printQueue',
      dpi: 203,
    });
    const changed = await b.api<Printer>(s.organizer, 'PUT', `${url}/${printer.id}`, {
      label: 'Desk B',
      kind: 'zpl',
      host: 'printer-b.local',
      port: 6101,
      printType: 'directly',
      dpi: 300,
    });
    expect(changed.body.data).toMatchObject({ label: 'Desk B', port: 6101, printType: 'directly', dpi: 300 });
    expect((await b.api(s.staff, 'POST', url, { label: 'X', kind: 'pdf' })).status).toBe(403);
    expect((await b.api(s.guest, 'GET', `/organizer/event/${s.event.id}/badges`)).status).toBe(403);
    for (const bad of [
      { label: 'No host', kind: 'zpl' },
      { label: 'Bad host', kind: 'zpl', host: 'a b;rm' },
      { label: 'Port', kind: 'zpl', host: 'p', port: 70000 },
      { label: 'Kind', kind: 'laser' },
      { label: '', kind: 'pdf' },
      { label: 'Type', kind: 'pdf', printType: 'sometimes' },
      { label: 'Templates', kind: 'pdf', templateIds: [2_000_000] },
      { label: 'NUL\u0000', kind: 'pdf' },
    ]) {
      const res = await b.api(s.organizer, 'POST', url, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await b.api(s.organizer, 'DELETE', `${url}/${printer.id}`)).status).toBe(200);
    expect((await b.api(s.organizer, 'DELETE', `${url}/${printer.id}`)).status).toBe(404);
  });

  it('E3.37 A3.11 templates per participant type and one default; the desk sees printers and the default badge', async () => {
    const s = await b.setup();
    const vip = await makeType(t.ctx, s.event.id, { name: 'VIP' });
    const first = await b.addTemplate(s.organizer, s.event.id, { name: 'One', size: 'a6', isDefault: true });
    const second = await b.addTemplate(s.organizer, s.event.id, {
      name: 'Two',
      size: 'cr80',
      isDefault: true,
    });
    await b.addTemplate(s.organizer, s.event.id, { name: 'VIP', size: 'cr80', participantTypeId: vip.id });
    const console = await b.api<BadgeConsole>(s.organizer, 'GET', `/organizer/event/${s.event.id}/badges`);
    const defaults = console.body.data?.templates
      .filter((x: BadgeTemplate) => x.isDefault)
      .map((x: BadgeTemplate) => x.id);
    expect(defaults).toEqual([second.id]);
    expect(first.isDefault).toBe(true);
    await b.addPrinter(s.organizer, s.event.id, { label: 'Browser', kind: 'pdf' });
    const setup = await b.api<BadgeSetup>(s.staff, 'GET', `/event/badges/setup?eventId=${s.event.id}`);
    expect(setup.body.data).toEqual({
      printers: [expect.objectContaining({ label: 'Browser', kind: 'pdf' })],
      defaultBadge: { id: second.id, name: 'Two', size: 'cr80' },
    });
    expect((await b.api(s.guest, 'GET', `/event/badges/setup?eventId=${s.event.id}`)).status).toBe(403);
    const badType = await b.api(s.organizer, 'POST', `/organizer/event/${s.event.id}/badges/templates`, {
      name: 'X',
      size: 'a6',
      participantTypeId: 2_000_000,
    });
    expect(badType.status).toBe(400);
    const badSize = await b.api(s.organizer, 'POST', `/organizer/event/${s.event.id}/badges/templates`, {
      name: 'X',
      size: 'A0',
    });
    expect(badSize.status).toBe(400);
    // E7.75: desks heard the set-up change.
    const setupRecords = await t.ctx.db
      .selectFrom('realtime_events')
      .select('type')
      .where('room', '=', `newEvents/${s.event.id}/badges`)
      .execute();
    expect(setupRecords.filter((r) => r.type === 'badge.setup').length).toBeGreaterThanOrEqual(4);
  });
});

describe('digest (E7.05, E7.06) and the PDF badge', () => {
  it('E7.05 E3.38 POST digest/template merges the fields for the printer kind; E7.06 GET digest lists templates', async () => {
    const s = await b.setup({ name: 'Grace', surname: 'Hopper', company: 'Navy' });
    const type = await makeType(t.ctx, s.event.id, { name: 'Speaker', ticketType: 'Gold' });
    await t.ctx.db
      .updateTable('participants')
      .set({ type_id: type.id, city: 'Arlington', phone: '+1 555', website: 'navy.mil' })
      .where('id', '=', s.guest.id)
      .execute();
    const template = await b.addTemplate(s.organizer, s.event.id, {
      name: 'All',
      size: '4x6in',
      isDefault: true,
      lines: [{ text: '{FirstName}|{LastName}|{FullName}|{Email}', size: 'sm' }],
      text: '{FirstName}|{LastName}|{FullName}|{Email}|{WebSite}|{Phone}|{Company}|{JobTitle}|{ParticipantType}|{TicketType}|{TicketId}|{City}|{Unknown}',
    });
    const txt = await b.addPrinter(s.organizer, s.event.id, { label: 'T', kind: 'txt', host: '127.0.0.1' });
    const res = await b.api<DigestTemplate>(s.staff, 'POST', '/digest/template', {
      eventId: s.event.id,
      ticketId: s.ticketId,
      printerId: txt.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      format: 'txt',
      templateId: template.id,
      content: `Grace|Hopper|Grace Hopper|${s.guest.email}|navy.mil|+1 555|Navy|Rear Admiral|Speaker|Gold|${s.ticketId}|Arlington|{Unknown}`,
    });
    const zpl = await b.addPrinter(s.organizer, s.event.id, { label: 'Z', kind: 'zpl', host: '127.0.0.1' });
    const asZpl = await b.api<DigestTemplate>(s.staff, 'POST', '/digest/template', {
      eventId: s.event.id,
      participantId: s.guest.id,
      printerId: zpl.id,
    });
    expect(asZpl.body.data?.format).toBe('zpl');
    expect(asZpl.body.data?.content).toContain(`^FDMA,${badgeCode(t.ctx.config.publicUrl, s.ticketId)}`);
    const plain = await b.api<DigestTemplate>(s.staff, 'POST', '/digest/template', {
      eventId: s.event.id,
      ticketId: s.ticketId,
    });
    expect(plain.body.data?.content).toBe(`Grace|Hopper|Grace Hopper|${s.guest.email}`);
    expect(
      (await b.api(s.guest, 'POST', '/digest/template', { eventId: s.event.id, ticketId: s.ticketId }))
        .status,
    ).toBe(403);
    const list = await b.api<{ templates: BadgeTemplate[] }>(s.staff, 'GET', `/digest?eventId=${s.event.id}`);
    expect(list.body.data?.templates.map((x) => x.id)).toEqual([template.id]);
    expect((await b.api(s.staff, 'GET', `/digest?eventId=${s.event.id}&id=2000000`)).body.error?.code).toBe(
      'MST-00061',
    );
  });

  it('a badge PDF at the template size with non-Latin names, for staff and for the person themself', async () => {
    const s = await b.setup({ name: 'Çağla', surname: 'Жукова' });
    await b.addTemplate(s.organizer, s.event.id, {
      name: 'Card',
      size: 'cr80',
      isDefault: true,
      lines: [{ text: '{FullName}', size: 'lg', bold: true }],
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/event/participant/badge/pdf?eventId=${s.event.id}&ticketId=${s.ticketId}`,
      headers: s.staff.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([width, height]).toEqual([153, 243]);
    expect((await pdfText(res.rawPayload))[0]?.lines).toEqual(['Çağla Жукова']);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/event/participant/badge/pdf?eventId=${s.event.id}&participantId=${s.guest.id}`,
      headers: s.guest.headers,
    });
    expect(own.statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/event/participant/badge/pdf?eventId=${s.event.id}&participantId=${s.staff.id}`,
      headers: s.guest.headers,
    });
    expect(other.statusCode).toBe(403);
  });
});

/**
 * Two saves of a default template at once (a double click, two organizers). PGlite runs one
 * transaction at a time: only PostgreSQL lets one save wait on the other, so this runs there.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('default templates saved at once (PostgreSQL)', () => {
  const held = useHeldTransactions(() => t.ctx.db);

  it('E3.37 a second template saved as default while the first is being saved: both saved, one default, never a 500', async () => {
    const s = await b.setup();
    // The first save, in flight: its template written as the default, not committed yet.
    const { release, done } = await held.hold(async (trx) => {
      await holdLock(trx, 'badgeTemplates', s.event.id);
      await trx
        .insertInto('badge_templates')
        .values({
          event_id: s.event.id,
          name: 'First',
          size: 'a6',
          is_default: true,
          lines: JSON.stringify([{ text: '{FullName}', size: 'xl', bold: true }]),
          updated_at: new Date(),
        })
        .execute();
    });
    const second = b.api<BadgeTemplate>(
      s.organizer,
      'POST',
      `/organizer/event/${s.event.id}/badges/templates`,
      {
        name: 'Second',
        size: 'a6',
        isDefault: true,
        lines: [{ text: '{FullName}', size: 'xl', bold: true }],
        qr: 'medium',
      },
    );
    await waitFor(async () => (await held.lockWaiters()) > 0, 10_000, 'the second save waiting');
    release();
    await done;
    expect((await second).status).toBe(200);
    const templates = await t.ctx.db
      .selectFrom('badge_templates')
      .select(['name', 'is_default'])
      .where('event_id', '=', s.event.id)
      .orderBy('id')
      .execute();
    expect(templates).toEqual([
      { name: 'First', is_default: false },
      { name: 'Second', is_default: true },
    ]);
  });
});
