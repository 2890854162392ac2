import type { ImportJob, ImportPreview, ImportValidation } from '@foyer/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, type Person } from '../../../test/factories';
import { useTestApp } from '../../../test/helper';
import { importFile, importStep } from './import.fixtures';

/**
 * Files as organizers really send them (session 33's audit): what a spreadsheet program saves, and
 * what the console must neither cut nor garble without a word, nor report at the wrong row.
 */
const t = useTestApp();

type Who = Pick<Person, 'headers'>;
const post = <T>(who: Who, eventId: number, step: string, payload: Record<string, unknown>) =>
  importStep<T>(t.app, who, eventId, step, payload);
const file = importFile;

async function organizedEvent() {
  const event = await makeEvent(t.ctx, { timezone: 'UTC', start: new Date('2030-05-01T06:00:00Z') });
  const owner = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'owner' });
  return { event, owner };
}

describe('organizer console: import files as spreadsheet programs save them', () => {
  it('a session description longer than 2,000 characters is imported whole; a link too long is a row error, never cut', async () => {
    const { event, owner } = await organizedEvent();
    const description = `<p>${'Long abstract. '.repeat(600)}</p>`; // 9,007 characters, within the 20,000 allowed
    const longLink = `https://v.test/${'x'.repeat(2_100)}`;
    const text = [
      'ID,Title,Start,End,Description,Video',
      `L1,Long talk,2030-05-01 09:00,2030-05-01 10:00,${description},`,
      `L2,Linked talk,2030-05-01 11:00,2030-05-01 12:00,,${longLink}`,
    ].join('\n');
    const mapping = ['externalId', 'name', 'start', 'end', 'description', 'videoUrl'];
    const checked = await post<ImportValidation>(owner, event.id, 'validate', {
      ...file('sessions', text),
      mapping,
    });
    expect(checked.body.data?.errors).toEqual([
      { row: 3, field: 'videoUrl', message: 'organizer.import.error.tooLong' },
    ]);
    const job = await post<ImportJob>(owner, event.id, 'commit', { ...file('sessions', text), mapping });
    expect(job.body.data).toMatchObject({ state: 'done', inserted: 1, errors: 1 });
    const rows = await t.ctx.db
      .selectFrom('sessions')
      .select(['external_id', 'description', 'external_link'])
      .where('event_id', '=', event.id)
      .execute();
    expect(rows.map((r) => [r.external_id, r.description.length, r.external_link])).toEqual([
      ['L1', description.length, null],
    ]);
  });

  it('a CSV saved in Windows-1252 (Excel’s “CSV” on Windows) keeps its accented names', async () => {
    const { event, owner } = await organizedEvent();
    const text =
      'email;name;surname\r\njurgen@x.test;Jürgen;Müller-Lüdenscheidt\r\nzoe@x.test;Zoë;Façade\r\n';
    const bytes = Buffer.from(text, 'latin1'); // é, ü, ç, ë are the same bytes in Windows-1252
    const job = await post<ImportJob>(owner, event.id, 'commit', {
      ...file('attendees', bytes),
      mapping: ['email', 'name', 'surname'],
    });
    expect(job.body.data).toMatchObject({ state: 'done', inserted: 2 });
    const people = await t.ctx.db
      .selectFrom('participants')
      .select(['name', 'surname'])
      .where('event_id', '=', event.id)
      .where('organizer', '=', false)
      .orderBy('id')
      .execute();
    expect(people).toEqual([
      { name: 'Jürgen', surname: 'Müller-Lüdenscheidt' },
      { name: 'Zoë', surname: 'Façade' },
    ]);
  });

  it('a row error names the row the spreadsheet shows, empty rows above it counted (CSV and XLSX)', async () => {
    const { event, owner } = await organizedEvent();
    const csv = ['email,name', 'a@x.test,Ann', '', ',,', 'not-an-email,Bob', '"c@x.test",', ''].join('\r\n');
    const fromCsv = await post<ImportValidation>(owner, event.id, 'validate', {
      ...file('attendees', csv),
      mapping: ['email', 'name'],
    });
    expect(fromCsv.body.data).toMatchObject({ rowCount: 3, goodCount: 1, badCount: 2 });
    expect(fromCsv.body.data?.errors).toEqual([
      { row: 5, field: 'email', message: 'organizer.import.error.email' },
      { row: 6, field: 'name', message: 'organizer.import.error.required' },
    ]);

    // Empty lines around one data row still leave the semicolon found as the delimiter.
    const semicolons = await post<ImportValidation>(owner, event.id, 'validate', {
      ...file('attendees', '\r\nemail;name\r\n\r\nx@x.test;Xavier\r\n\r\n'),
      mapping: ['email', 'name'],
    });
    expect(semicolons.body.data).toMatchObject({ rowCount: 1, goodCount: 1 });

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('People');
    sheet.getRow(1).values = ['email', 'name'];
    sheet.getRow(2).values = ['a@x.test', 'Ann'];
    sheet.getRow(7).values = ['not-an-email', 'Bob'];
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const fromXlsx = await post<ImportValidation>(owner, event.id, 'validate', {
      ...file('attendees', xlsx, 'people.xlsx'),
      mapping: ['email', 'name'],
    });
    expect(fromXlsx.body.data?.errors).toEqual([
      { row: 7, field: 'email', message: 'organizer.import.error.email' },
    ]);
  });

  it('a UTF-16 text file (Excel’s “Unicode Text”: tabs, a byte-order mark) is read, not refused as no CSV', async () => {
    const { event, owner } = await organizedEvent();
    const text = '\ufeffemail\tname\r\nines@x.test\tInès\r\nli@x.test\t李\r\n';
    const little = Buffer.from(text, 'utf16le');
    const big = Buffer.from(little).swap16();
    for (const bytes of [little, big]) {
      const checked = await post<ImportValidation>(owner, event.id, 'validate', {
        ...file('attendees', bytes, 'people.txt'),
        mapping: ['email', 'name'],
      });
      expect(checked.status, JSON.stringify(checked.body)).toBe(200);
      expect(checked.body.data).toMatchObject({ rowCount: 2, goodCount: 2, badCount: 0 });
    }
    await post<ImportJob>(owner, event.id, 'commit', {
      ...file('attendees', little),
      mapping: ['email', 'name'],
    });
    const names = await t.ctx.db
      .selectFrom('participants')
      .select('name')
      .where('event_id', '=', event.id)
      .where('organizer', '=', false)
      .orderBy('id')
      .execute();
    expect(names.map((p) => p.name)).toEqual(['Inès', '李']);
  });

  it('XLSX cells that are links, styled or not, import as the text they show (never "[object Object]")', async () => {
    const { event, owner } = await organizedEvent();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('People');
    sheet.getRow(1).values = ['email', 'name', 'company'];
    sheet.getCell('A2').value = { text: 'rich@x.test', hyperlink: 'mailto:rich@x.test' };
    // A link whose text is partly bold: Excel stores its text as rich text under the link.
    sheet.getCell('B2').value = {
      text: { richText: [{ text: 'Ri' }, { text: 'ch', font: { bold: true } }] },
      hyperlink: 'https://rich.example',
    } as unknown as ExcelJS.CellValue; // exceljs types a link's text as a string; its reader gives this
    sheet.getCell('C2').value = { richText: [{ text: 'Acme ' }, { text: 'Ltd', font: { italic: true } }] };
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const checked = await post<ImportValidation>(owner, event.id, 'validate', {
      ...file('attendees', xlsx, 'people.xlsx'),
      mapping: ['email', 'name', 'company'],
    });
    expect(checked.body.data, JSON.stringify(checked.body)).toMatchObject({ rowCount: 1, goodCount: 1 });
    await post<ImportJob>(owner, event.id, 'commit', {
      ...file('attendees', xlsx, 'people.xlsx'),
      mapping: ['email', 'name', 'company'],
    });
    await t.app.bus.idle();
    const people = await t.ctx.db
      .selectFrom('participants')
      .select(['email', 'name', 'company'])
      .where('event_id', '=', event.id)
      .where('organizer', '=', false)
      .execute();
    expect(people).toEqual([{ email: 'rich@x.test', name: 'Rich', company: 'Acme Ltd' }]);
  });

  it('a file moving a session into a room with fewer places than people joined is refused on that row, as the console refuses it', async () => {
    const { event, owner } = await organizedEvent();
    const mapping = ['externalId', 'name', 'start', 'end', 'room'];
    const header = 'ID,Title,Start,End,Room';
    const first = [header, 'K1,Keynote,2030-05-01 09:00,2030-05-01 10:00,Main hall'].join('\n');
    await post<ImportJob>(owner, event.id, 'commit', { ...file('sessions', first), mapping });
    await t.ctx.db
      .insertInto('locations')
      .values({ event_id: event.id, name: 'Small room', capacity: 2 })
      .execute();
    // Three people hold a place; the session has no capacity of its own, so it takes its room's.
    await t.ctx.db
      .updateTable('sessions')
      .set({ used_capacity: 3 })
      .where('event_id', '=', event.id)
      .where('external_id', '=', 'K1')
      .execute();

    const moved = [header, 'K1,Keynote,2030-05-01 09:00,2030-05-01 10:00,small room'].join('\n');
    const checked = await post<ImportValidation>(owner, event.id, 'validate', {
      ...file('sessions', moved),
      mapping,
    });
    expect(checked.body.data?.errors).toEqual([
      { row: 2, field: 'room', message: 'organizer.import.error.capacityBelowJoined' },
    ]);
    await post<ImportJob>(owner, event.id, 'commit', { ...file('sessions', moved), mapping });
    const row = await t.ctx.db
      .selectFrom('sessions')
      .innerJoin('locations', 'locations.id', 'sessions.location_id')
      .select(['locations.name', 'sessions.used_capacity'])
      .where('sessions.event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Main hall', used_capacity: 3 });
  });

  it('a row naming someone removed from the event is an error on that row, not counted as unchanged', async () => {
    const { event, owner } = await organizedEvent();
    const removed = await makePerson(t.ctx, event.id);
    await t.ctx.db
      .updateTable('participants')
      .set({ state: 'deleted' })
      .where('id', '=', removed.id)
      .execute();
    const email = (
      await t.ctx.db
        .selectFrom('participants')
        .select('email')
        .where('id', '=', removed.id)
        .executeTakeFirstOrThrow()
    ).email;
    const text = ['email,name', 'new@x.test,Newcomer', `${email.toUpperCase()},Back Again`].join('\n');
    const checked = await post<ImportValidation>(owner, event.id, 'validate', {
      ...file('attendees', text),
      mapping: ['email', 'name'],
    });
    expect(checked.body.data?.errors).toEqual([
      { row: 3, field: 'email', message: 'organizer.import.error.removed' },
    ]);
    const job = await post<ImportJob>(owner, event.id, 'commit', {
      ...file('attendees', text),
      mapping: ['email', 'name'],
    });
    expect(job.body.data).toMatchObject({ inserted: 1, updated: 0, unchanged: 0, errors: 1 });

    const speakers = ['email,name', `${email},Back Again`].join('\n');
    const asSpeaker = await post<ImportValidation>(owner, event.id, 'validate', {
      ...file('speakers', speakers),
      mapping: ['email', 'name'],
    });
    expect(asSpeaker.body.data?.errors).toEqual([
      { row: 2, field: 'email', message: 'organizer.import.error.removed' },
    ]);
  });

  it('counts 100,000 rows past any number of blank lines, and refuses one row more with its key', async () => {
    const { event, owner } = await organizedEvent();
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `p${i}@x.test,P\n`).join('\n');
    const fits = await post<ImportPreview>(
      owner,
      event.id,
      'preview',
      file('attendees', `email,name\n${rows(100_000)}`),
    );
    expect(fits.status).toBe(200);
    expect(fits.body.data?.rowCount).toBe(100_000);
    const over = await post(owner, event.id, 'preview', file('attendees', `email,name\n${rows(100_001)}`));
    expect(over.status).toBe(400);
    expect(over.body.error?.fields).toEqual({ contentBase64: 'organizer.import.error.tooManyRows' });
  });
});
