import {
  CONTACT_NOTE_MAX_LENGTH,
  CONTACT_NOTE_SEPARATOR,
  LEAD_NOTES_MAX,
  type Lead,
  type LeadChangedPayload,
  type LeadList,
  type LeadQuestion,
  RecordType,
  realtimeRoom,
} from '@foyer/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { makeBooth, makeEvent, makePerson, type Person } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { apiAs, roomPayloads, useTestApp } from '../../../test/helper';

const t = useTestApp();

const api = apiAs(t);

async function setup() {
  const event = await makeEvent(t.ctx);
  const booth = await makeBooth(t.ctx, event.id, 'Acme Rockets');
  const owner = await makePerson(t.ctx, event.id, { name: 'Olga', boothId: booth.id, boothRole: 'owner' });
  const member = await makePerson(t.ctx, event.id, { name: 'Max', boothId: booth.id, boothRole: 'user' });
  const pending = await makePerson(t.ctx, event.id, {
    name: 'Pia',
    boothId: booth.id,
    boothRole: 'not_confirmed',
  });
  const visitor = await makePerson(t.ctx, event.id, {
    name: 'Vera',
    company: 'Visitors Inc',
    phone: '+1 555 0123',
  });
  const organizer = await makePerson(t.ctx, event.id, { name: 'Orga', organizer: true });
  const code = `TCK-LEAD-${visitor.id}`;
  await t.ctx.db.updateTable('participants').set({ ticket_id: code }).where('id', '=', visitor.id).execute();
  return { event, booth, owner, member, pending, visitor, organizer, code };
}

const leadPushes = (userId: number) =>
  roomPayloads<LeadChangedPayload>(t, realtimeRoom.user(userId), RecordType.BoothLead);

describe('booth leads', () => {
  it('E1.11 two team members scanning one badge at the same moment make one lead the whole team sees', async () => {
    const { event, booth, owner, member, pending, visitor, code } = await setup();
    const [a, b] = await Promise.all([
      api<Lead>(owner, 'POST', '/event/lead/scan', { eventId: event.id, code, note: 'Wants a demo' }),
      api<Lead>(member, 'POST', '/event/lead/scan', { eventId: event.id, code, note: 'Budget in Q3' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data?.id).toBe(b.body.data?.id);
    const rows = await t.ctx.db
      .selectFrom('booth_leads')
      .select('id')
      .where('booth_id', '=', booth.id)
      .execute();
    expect(rows).toHaveLength(1);

    const list = (await api<LeadList>(member, 'GET', `/event/lead?eventId=${event.id}`)).body
      .data as LeadList;
    expect(list).toMatchObject({
      boothId: booth.id,
      boothName: 'Acme Rockets',
      canEditQuestions: false,
      canRemoveLeads: false,
    });
    expect(list.leads).toHaveLength(1);
    expect(list.leads[0]).toMatchObject({
      participantId: visitor.id,
      fullName: 'Vera Tester',
      company: 'Visitors Inc',
      emails: [visitor.email],
      phones: ['0015550123'],
      source: 'badge',
    });
    expect(list.leads[0]?.notes.map((n) => n.note).sort()).toEqual(['Budget in Q3', 'Wants a demo']);

    // Every member heard of it live; a pending invitation did not.
    const toOwner = await leadPushes(owner.userId);
    expect(toOwner.length).toBeGreaterThanOrEqual(1);
    expect(toOwner.at(-1)).toMatchObject({ change: 'saved', lead: list.leads[0] });
    expect((await leadPushes(member.userId)).at(-1)).toMatchObject({ change: 'saved', lead: list.leads[0] });
    expect(await leadPushes(pending.userId)).toEqual([]);
  });

  it('only the booth team sees its leads: 403 for visitors, organizers and pending invitations', async () => {
    const { event, owner, pending, visitor, organizer, code } = await setup();
    const lead = (await api<Lead>(owner, 'POST', '/event/lead/scan', { eventId: event.id, code })).body
      .data as Lead;
    for (const who of [visitor, organizer, pending]) {
      expect((await api(who, 'GET', `/event/lead?eventId=${event.id}`)).status).toBe(403);
      expect((await api(who, 'POST', '/event/lead/scan', { eventId: event.id, code })).status).toBe(403);
      expect((await api(who, 'PUT', `/event/lead/${lead.id}`, { eventId: event.id, rating: 1 })).status).toBe(
        403,
      );
      expect(
        (await api(who, 'POST', `/event/lead/${lead.id}/note`, { eventId: event.id, note: 'x' })).status,
      ).toBe(403);
      expect((await api(who, 'GET', `/event/lead/report?eventId=${event.id}`)).status).toBe(403);
    }
    // Another booth's team does not reach this lead.
    const other = await makeBooth(t.ctx, event.id);
    const rival = await makePerson(t.ctx, event.id, { boothId: other.id, boothRole: 'owner' });
    expect((await api(rival, 'PUT', `/event/lead/${lead.id}`, { eventId: event.id, rating: 1 })).status).toBe(
      404,
    );
    expect((await api<LeadList>(rival, 'GET', `/event/lead?eventId=${event.id}`)).body.data?.leads).toEqual(
      [],
    );
    // A team member is no lead.
    const member = await makePerson(t.ctx, event.id, { boothId: lead.boothId, boothRole: 'user' });
    await t.ctx.db
      .updateTable('participants')
      .set({ ticket_id: `TCK-TEAM-${member.id}` })
      .where('id', '=', member.id)
      .execute();
    const team = await api(owner, 'POST', '/event/lead/scan', {
      eventId: event.id,
      code: `TCK-TEAM-${member.id}`,
    });
    expect(team.status).toBe(400);
    expect(team.body.error?.fields?.code).toBe('contacts.leads.error.team');
  });

  it('the owner sets qualification questions; the team rates and answers; bad answers change nothing', async () => {
    const { event, owner, member, code } = await setup();
    const questions = [
      { label: 'Interested in', kind: 'choice', options: ['Rockets', 'Fuel'] },
      { label: 'Timeline', kind: 'text' },
    ];
    expect((await api(member, 'PUT', '/event/lead/questions', { eventId: event.id, questions })).status).toBe(
      403,
    );
    const bad = await api(owner, 'PUT', '/event/lead/questions', {
      eventId: event.id,
      questions: [{ label: 'One option', kind: 'choice', options: ['Only'] }],
    });
    expect(bad.status).toBe(400);
    const saved = await api<LeadQuestion[]>(owner, 'PUT', '/event/lead/questions', {
      eventId: event.id,
      questions,
    });
    expect(saved.status).toBe(200);
    const [interest, timeline] = saved.body.data as LeadQuestion[];
    const lead = (
      await api<Lead>(member, 'POST', '/event/lead/scan', {
        eventId: event.id,
        code,
        rating: 4,
        answers: { [String(interest?.id)]: 'Fuel' },
      })
    ).body.data as Lead;
    expect(lead).toMatchObject({ rating: 4, answers: { [String(interest?.id)]: 'Fuel' } });

    for (const body of [
      { eventId: event.id, rating: 6 },
      { eventId: event.id, rating: 0 },
      { eventId: event.id, answers: { [String(interest?.id)]: 'Water' } },
      { eventId: event.id, answers: { 999999: 'x' } },
      { eventId: event.id, answers: { [String(timeline?.id)]: 'x'.repeat(501) } },
      { eventId: event.id, answers: { [String(timeline?.id)]: 'a\u0000b' } },
    ]) {
      expect((await api(member, 'PUT', `/event/lead/${lead.id}`, body)).status, JSON.stringify(body)).toBe(
        400,
      );
    }
    const updated = await api<Lead>(member, 'PUT', `/event/lead/${lead.id}`, {
      eventId: event.id,
      rating: null,
      answers: { [String(timeline?.id)]: 'Next spring', [String(interest?.id)]: '' },
    });
    expect(updated.body.data).toMatchObject({
      rating: null,
      answers: { [String(timeline?.id)]: 'Next spring' },
    });
    // A question removed takes its answers with it.
    await api(owner, 'PUT', '/event/lead/questions', {
      eventId: event.id,
      questions: [{ id: interest?.id, label: 'Interested in', kind: 'choice', options: ['Rockets', 'Fuel'] }],
    });
    const after = (await api<LeadList>(member, 'GET', `/event/lead?eventId=${event.id}`)).body.data;
    expect(after?.questions.map((q) => q.label)).toEqual(['Interested in']);
    expect(after?.leads[0]?.answers).toEqual({});
  });

  it("the booth's owner or an admin removes a lead; the team sees it go live; nobody else reaches it", async () => {
    const { event, booth, owner, member, pending, visitor, organizer, code } = await setup();
    const admin = await makePerson(t.ctx, event.id, { name: 'Ada', boothId: booth.id, boothRole: 'admin' });
    const lead = (await api<Lead>(member, 'POST', '/event/lead/scan', { eventId: event.id, code })).body
      .data as Lead;
    const remove = (who: Person, id = lead.id) =>
      api(who, 'DELETE', `/event/lead/${id}?eventId=${event.id}`).then((r) => r.status);

    // Outside the team: 403; a plain member of the team: 403; another booth's owner: 404.
    for (const who of [visitor, organizer, pending, member]) expect(await remove(who)).toBe(403);
    const rival = await makePerson(t.ctx, event.id, {
      boothId: (await makeBooth(t.ctx, event.id)).id,
      boothRole: 'owner',
    });
    expect(await remove(rival)).toBe(404);
    expect(await remove(owner, lead.id + 1_000_000)).toBe(404);
    expect(
      (await api<LeadList>(owner, 'GET', `/event/lead?eventId=${event.id}`)).body.data?.leads,
    ).toHaveLength(1);
    // Nobody could remove it, so nobody heard of a removal.
    expect((await leadPushes(owner.userId)).map((p) => p.change)).toEqual(['saved']);

    const before = (await api<LeadList>(admin, 'GET', `/event/lead?eventId=${event.id}`)).body.data;
    expect(before).toMatchObject({ canRemoveLeads: true, canEditQuestions: true });
    expect(await remove(admin)).toBe(200);
    expect(await remove(owner)).toBe(404); // gone
    expect((await api<LeadList>(member, 'GET', `/event/lead?eventId=${event.id}`)).body.data?.leads).toEqual(
      [],
    );
    const notes = await t.ctx.db
      .selectFrom('booth_lead_notes')
      .select('id')
      .where('lead_id', '=', lead.id)
      .execute();
    expect(notes).toEqual([]);

    // Every member's screen hears that it went; a pending invitation does not.
    for (const who of [owner, member, admin]) {
      expect((await leadPushes(who.userId)).at(-1)).toEqual({
        eventId: event.id,
        boothId: booth.id,
        questions: [],
        change: 'removed',
        leadId: lead.id,
      });
    }
    expect(await leadPushes(pending.userId)).toEqual([]);
    expect(await leadPushes(rival.userId)).toEqual([]);
  });

  it("qualification questions changed, added or removed reach the team's screens live", async () => {
    const { event, booth, owner, member, pending } = await setup();
    const save = (questions: unknown[]) =>
      api<LeadQuestion[]>(owner, 'PUT', '/event/lead/questions', { eventId: event.id, questions });
    const first = (await save([{ label: 'Budget', kind: 'text' }])).body.data as LeadQuestion[];
    const pushed = async () => (await leadPushes(member.userId)).at(-1);
    expect(await pushed()).toEqual({
      eventId: event.id,
      boothId: booth.id,
      questions: first,
      change: 'questions',
    });

    // Renamed, and one added.
    const second = (
      await save([
        { id: first[0]?.id, label: 'Budget this year', kind: 'text' },
        { label: 'Interested in', kind: 'choice', options: ['Rockets', 'Fuel'] },
      ])
    ).body.data as LeadQuestion[];
    expect(second.map((q) => q.label)).toEqual(['Budget this year', 'Interested in']);
    expect(await pushed()).toMatchObject({ change: 'questions', questions: second });
    // Removed.
    const third = (await save([second[1]])).body.data as LeadQuestion[];
    expect(await pushed()).toMatchObject({ change: 'questions', questions: third });
    expect(third.map((q) => q.label)).toEqual(['Interested in']);
    // The owner's screen too; a pending invitation's not; a refused change pushes nothing.
    expect((await leadPushes(owner.userId)).map((p) => p.change)).toEqual([
      'questions',
      'questions',
      'questions',
    ]);
    expect(
      (await api(member, 'PUT', '/event/lead/questions', { eventId: event.id, questions: [] })).status,
    ).toBe(403);
    expect(await leadPushes(member.userId)).toHaveLength(3);
    expect(await leadPushes(pending.userId)).toEqual([]);
  });

  it('the visitors report names no one who hides their profile, unless they became a lead of the booth', async () => {
    const { event, booth, member, visitor } = await setup();
    const hidden = await makePerson(t.ctx, event.id, { name: 'Hana', company: 'Quiet Co', visible: false });
    const hiddenLead = await makePerson(t.ctx, event.id, {
      name: 'Lena',
      company: 'Scanned Co',
      visible: false,
    });
    await t.ctx.db
      .updateTable('participants')
      .set({ ticket_id: `TCK-LEAD-${hiddenLead.id}` })
      .where('id', '=', hiddenLead.id)
      .execute();
    for (const who of [visitor, hidden, hiddenLead])
      expect((await api(who, 'GET', `/event/booth/${booth.id}?eventId=${event.id}`)).status).toBe(200);
    const scanned = await api(member, 'POST', '/event/lead/scan', {
      eventId: event.id,
      code: `TCK-LEAD-${hiddenLead.id}`,
    });
    expect(scanned.status).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/event/lead/report?eventId=${event.id}&part=visitors`,
      headers: member.headers,
    });
    expect(res.statusCode).toBe(200);
    const names = res.body
      .split('\r\n')
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(',')[0])
      .sort();
    expect(names).toEqual(['Lena', 'Vera']);
  });

  it('E9.53 E9.54 the booth report: leads, visitors and meetings as CSV, and all three as XLSX', async () => {
    const { event, booth, owner, member, visitor, code } = await setup();
    await api(owner, 'PUT', '/event/lead/questions', {
      eventId: event.id,
      questions: [{ label: 'Budget', kind: 'text' }],
    });
    const lead = (
      await api<Lead>(owner, 'POST', '/event/lead/scan', { eventId: event.id, code, note: 'one' })
    ).body.data as Lead;
    await api(member, 'POST', `/event/lead/${lead.id}/note`, { eventId: event.id, note: 'two' });
    // The visitor opens the booth page twice; a member opening it is no visit.
    for (const who of [visitor, visitor, member])
      expect((await api(who, 'GET', `/event/booth/${booth.id}?eventId=${event.id}`)).status).toBe(200);

    const csv = async (part: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/event/lead/report?eventId=${event.id}&part=${part}`,
        headers: member.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      return { disposition: res.headers['content-disposition'], lines: res.body.split('\r\n') };
    };
    const leads = await csv('leads');
    expect(leads.disposition).toBe('attachment; filename="booth_leads.csv"');
    expect(leads.lines[0]).toBe(
      'First name,Last name,E-mails,Phones,Company,Job title,Website,Rating,Budget,Scanned by,Added,Notes',
    );
    expect(leads.lines.slice(1).join('\r\n')).toContain(`"one\n${CONTACT_NOTE_SEPARATOR}\ntwo"`);
    const visitors = await csv('visitors');
    expect(visitors.disposition).toBe('attachment; filename="booth_visitors.csv"');
    expect(visitors.lines.filter(Boolean)).toHaveLength(2);
    expect(visitors.lines[1]).toMatch(/^Vera,Tester,Visitors Inc,,2,.*,yes$/);
    const meetings = await csv('meetings');
    expect(meetings.lines[0]).toBe('Start,End,Kind,Status,Team,With');

    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/v1/event/lead/report?eventId=${event.id}&format=xlsx`,
      headers: owner.headers,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="booth_report.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Leads', 'Visitors', 'Meetings']);
    expect(workbook.getWorksheet('Leads')?.getRow(2).getCell(1).value).toBe('Vera');
  });

  it('E9.53 the XLSX report defuses a visitor’s formula-looking text as the CSV does (ASVS 1.2.10)', async () => {
    const { event, booth, owner } = await setup();
    const hostile = await makePerson(t.ctx, event.id, {
      name: '@SUM(1+1)',
      company: '=HYPERLINK("http://evil.test","Open")',
    });
    const code = `TCK-LEAD-${hostile.id}`;
    await t.ctx.db
      .updateTable('participants')
      .set({ ticket_id: code })
      .where('id', '=', hostile.id)
      .execute();
    expect((await api(owner, 'POST', '/event/lead/scan', { eventId: event.id, code })).status).toBe(200);
    expect((await api(hostile, 'GET', `/event/booth/${booth.id}?eventId=${event.id}`)).status).toBe(200);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/v1/event/lead/report?eventId=${event.id}&format=xlsx`,
      headers: owner.headers,
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const leads = workbook.getWorksheet('Leads');
    expect(leads?.getRow(2).getCell(1).value).toBe("'@SUM(1+1)");
    expect(leads?.getRow(2).getCell(5).value).toBe('\'=HYPERLINK("http://evil.test","Open")');
    expect(workbook.getWorksheet('Visitors')?.getRow(2).getCell(1).value).toBe("'@SUM(1+1)");
    for (const sheet of workbook.worksheets)
      sheet.eachRow((row) => {
        row.eachCell((cell) => {
          expect(cell.type, `${sheet.name}!${cell.address}`).not.toBe(ExcelJS.ValueType.Formula);
          if (typeof cell.value === 'string')
            expect(cell.value, `${sheet.name}!${cell.address}`).not.toMatch(/^[=+\-@\t\r]/);
        });
      });
  });

  it('E9.53 a qualification question that looks like a formula heads its column as text in the CSV and the XLSX', async () => {
    const { event, owner, code } = await setup();
    const label = '=HYPERLINK("http://evil.test","Budget")';
    expect(
      (
        await api(owner, 'PUT', '/event/lead/questions', {
          eventId: event.id,
          questions: [{ label, kind: 'text' }],
        })
      ).status,
    ).toBe(200);
    expect((await api(owner, 'POST', '/event/lead/scan', { eventId: event.id, code })).status).toBe(200);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/event/lead/report?eventId=${event.id}`,
      headers: owner.headers,
    });
    expect(csv.body.split('\r\n')[0]).toContain(`"'=HYPERLINK(""http://evil.test"",""Budget"")"`);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/v1/event/lead/report?eventId=${event.id}&format=xlsx`,
      headers: owner.headers,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Leads')?.getRow(1).getCell(9).value).toBe(`'${label}`);
  });

  it('a report format, report part, question kind or too many questions is a 400 whose field names a message key', async () => {
    const { event, owner } = await setup();
    const report = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/event/lead/report?eventId=${event.id}&${query}`,
        headers: owner.headers,
      });
    for (const [query, field] of [
      ['format=pdf', 'format'],
      ['part=contacts', 'part'],
    ] as const) {
      const res = await report(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fields, query).toEqual({ [field]: 'validation.error.option' });
    }
    const kind = await api(owner, 'PUT', '/event/lead/questions', {
      eventId: event.id,
      questions: [{ label: 'Budget', kind: 'number' }],
    });
    expect(kind.status).toBe(400);
    expect(kind.body.error?.fields).toEqual({ 'questions.0.kind': 'validation.error.option' });
    const many = await api(owner, 'PUT', '/event/lead/questions', {
      eventId: event.id,
      questions: Array.from({ length: 21 }, (_, i) => ({ label: `Q${i}`, kind: 'text' })),
    });
    expect(many.body.error?.fields).toEqual({ questions: 'validation.error.maxItems' });
    const options = await api(owner, 'PUT', '/event/lead/questions', {
      eventId: event.id,
      questions: [{ label: 'Pick', kind: 'choice', options: Array.from({ length: 21 }, (_, i) => `o${i}`) }],
    });
    expect(options.body.error?.fields).toEqual({ 'questions.0.options': 'validation.error.maxItems' });
    expect(
      (await api<LeadList>(owner, 'GET', `/event/lead?eventId=${event.id}`)).body.data?.questions,
    ).toEqual([]);
  });

  it('a lead holds at most LEAD_NOTES_MAX notes: one more is a 409 whose note field names a message key, by note or by scan', async () => {
    const { event, member, code } = await setup();
    const lead = (await api<Lead>(member, 'POST', '/event/lead/scan', { eventId: event.id, code })).body
      .data as Lead;
    // A note is bounded in length as it is.
    const long = await api(member, 'POST', `/event/lead/${lead.id}/note`, {
      eventId: event.id,
      note: 'x'.repeat(CONTACT_NOTE_MAX_LENGTH + 1),
    });
    expect(long.status).toBe(400);
    expect(long.body.error?.fields).toEqual({ note: 'validation.error.maxLength' });
    // The lead one note short of full, then full.
    await t.ctx.db
      .insertInto('booth_lead_notes')
      .values(
        Array.from({ length: LEAD_NOTES_MAX - 1 }, (_, i) => ({
          lead_id: lead.id,
          author_id: member.id,
          note: `note ${i}`,
          created_at: new Date(),
        })),
      )
      .execute();
    const last = await api(member, 'POST', `/event/lead/${lead.id}/note`, {
      eventId: event.id,
      note: 'last',
    });
    expect(last.status).toBe(200);
    const count = async () =>
      (
        await t.ctx.db
          .selectFrom('booth_lead_notes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('lead_id', '=', lead.id)
          .executeTakeFirstOrThrow()
      ).n;
    expect(Number(await count())).toBe(LEAD_NOTES_MAX);
    const over = await api(member, 'POST', `/event/lead/${lead.id}/note`, {
      eventId: event.id,
      note: 'over',
    });
    expect(over.status).toBe(409);
    expect(over.body.error?.fields).toEqual({ note: 'contacts.leads.error.notes' });
    // A second scan with a note adds none either (and changes nothing else).
    const scanned = await api(member, 'POST', '/event/lead/scan', {
      eventId: event.id,
      code,
      note: 'over',
      rating: 5,
    });
    expect(scanned.status).toBe(409);
    expect(scanned.body.error?.fields).toEqual({ note: 'contacts.leads.error.notes' });
    expect(Number(await count())).toBe(LEAD_NOTES_MAX);
    const row = await t.ctx.db
      .selectFrom('booth_leads')
      .select('rating')
      .where('id', '=', lead.id)
      .executeTakeFirstOrThrow();
    expect(row.rating).toBeNull();
    // A scan without a note still updates the full lead.
    expect(
      (await api(member, 'POST', '/event/lead/scan', { eventId: event.id, code, rating: 4 })).status,
    ).toBe(200);
  });

  it('two notes written at once on a lead one short of full: one is added, the other is a 409', async () => {
    const { event, owner, member, code } = await setup();
    const lead = (await api<Lead>(member, 'POST', '/event/lead/scan', { eventId: event.id, code })).body
      .data as Lead;
    await t.ctx.db
      .insertInto('booth_lead_notes')
      .values(
        Array.from({ length: LEAD_NOTES_MAX - 1 }, (_, i) => ({
          lead_id: lead.id,
          author_id: member.id,
          note: `note ${i}`,
          created_at: new Date(),
        })),
      )
      .execute();
    const statuses = await Promise.all(
      [owner, member].map(
        async (who) =>
          (await api(who, 'POST', `/event/lead/${lead.id}/note`, { eventId: event.id, note: 'at once' }))
            .status,
      ),
    );
    expect(statuses.sort()).toEqual([200, 409]);
    const notes = await t.ctx.db
      .selectFrom('booth_lead_notes')
      .select('id')
      .where('lead_id', '=', lead.id)
      .execute();
    expect(notes).toHaveLength(LEAD_NOTES_MAX);
  });

  it('options of a choice repeated, even in another case or spacing, are a 400 on options, on create and on edit', async () => {
    const { event, owner } = await setup();
    const save = (questions: unknown[]) =>
      api<LeadQuestion[]>(owner, 'PUT', '/event/lead/questions', { eventId: event.id, questions });
    for (const options of [
      ['Yes', 'Yes', 'No'],
      ['Yes', ' yes ', 'No'],
      ['Yes', 'YES'],
      ['Yes please', 'yes  please', 'No'],
    ]) {
      const res = await save([{ label: 'Interested?', kind: 'choice', options }]);
      expect(res.status, JSON.stringify(options)).toBe(400);
      expect(res.body.error?.fields, JSON.stringify(options)).toEqual({
        'questions.0.options': 'contacts.leads.error.duplicateOption',
      });
    }
    expect(
      (await api<LeadList>(owner, 'GET', `/event/lead?eventId=${event.id}`)).body.data?.questions,
    ).toEqual([]);
    const saved = (await save([{ label: 'Interested?', kind: 'choice', options: ['Yes', 'No'] }])).body
      .data as LeadQuestion[];
    const edit = await save([
      { label: 'Timeline', kind: 'text' },
      { id: saved[0]?.id, label: 'Interested?', kind: 'choice', options: ['Yes', 'No', 'no'] },
    ]);
    expect(edit.status).toBe(400);
    expect(edit.body.error?.fields).toEqual({
      'questions.1.options': 'contacts.leads.error.duplicateOption',
    });
    expect(
      (await api<LeadList>(owner, 'GET', `/event/lead?eventId=${event.id}`)).body.data?.questions,
    ).toEqual(saved);
  });

  it('bad scans are a 4xx that adds no lead: NUL bytes, huge vCards, unknown badges', async () => {
    const { event, booth, member } = await setup();
    const vcard = (...lines: string[]) => ['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD'].join('\r\n');
    for (const [code, status] of [
      ['TCK-\u0000', 400],
      [vcard('FN:A\u0000B'), 400],
      [vcard('FN:Huge', `NOTE:${'x'.repeat(5000)}`), 400],
      ['', 400],
      ['TCK[1]', 400],
      ['NO-SUCH-TICKET', 404],
    ] as const) {
      const res = await api(member, 'POST', '/event/lead/scan', { eventId: event.id, code });
      expect(res.status, code.slice(0, 30)).toBe(status);
    }
    expect(
      (await api(member, 'POST', '/event/lead/scan', { eventId: event.id, code: 'TCK-1', rating: 9 })).status,
    ).toBe(400);
    const rows = await t.ctx.db
      .selectFrom('booth_leads')
      .select('id')
      .where('booth_id', '=', booth.id)
      .execute();
    expect(rows).toEqual([]);
    // An unmatched card is a lead with its own fields.
    const card = await api<Lead>(member, 'POST', '/event/lead/scan', {
      eventId: event.id,
      code: vcard('N:Lovelace;Ada;;;', 'EMAIL:ada@engine.example', 'ORG:Analytical Engines'),
    });
    expect(card.body.data).toMatchObject({
      participantId: null,
      fullName: 'Ada Lovelace',
      source: 'vcard',
      company: 'Analytical Engines',
    });
  });
});

/**
 * Two saves of the questions at once (a double click on "Save", two admins). PGlite runs one
 * transaction at a time: only PostgreSQL lets one save wait on the other, so this runs there.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('lead questions saved at once (PostgreSQL)', () => {
  const held = useHeldTransactions(() => t.ctx.db);

  it('a second save beside the first replaces its questions instead of adding a copy beside them', async () => {
    const { event, booth, owner } = await setup();
    // The first save, in flight: the booth held, its new question written, not committed yet.
    const second = await held.behind(
      async (trx) => {
        await trx.selectFrom('booths').select('id').where('id', '=', booth.id).forUpdate().execute();
        await trx
          .insertInto('booth_lead_questions')
          .values({ booth_id: booth.id, label: 'Budget', kind: 'text', options: [], position: 0 })
          .execute();
      },
      () =>
        api(owner, 'PUT', '/event/lead/questions', {
          eventId: event.id,
          questions: [{ label: 'Budget', kind: 'text' }],
        }),
    );
    expect(second.status).toBe(200);
    const questions = await t.ctx.db
      .selectFrom('booth_lead_questions')
      .select('label')
      .where('booth_id', '=', booth.id)
      .execute();
    expect(questions).toEqual([{ label: 'Budget' }]);
  });

  it('a member taken off the team while scanning adds no lead (403)', async () => {
    const { event, booth, member, code } = await setup();
    // The owner's removal in flight: the booth held, the member's booth cleared, not committed yet.
    const scanned = await held.behind(
      async (trx) => {
        await trx.selectFrom('booths').select('id').where('id', '=', booth.id).forUpdate().execute();
        await trx
          .updateTable('participants')
          .set({ booth_id: null, booth_role: null, booth_pending_role: null })
          .where('id', '=', member.id)
          .execute();
      },
      () => api(member, 'POST', '/event/lead/scan', { eventId: event.id, code, note: 'after leaving' }),
    );
    expect(scanned.status).toBe(403);
    const rows = await t.ctx.db
      .selectFrom('booth_leads')
      .select('id')
      .where('booth_id', '=', booth.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('a badge scanned while the organizer deletes the booth adds no lead and is refused as off the team (403)', async () => {
    const { event, booth, member, code } = await setup();
    // The organizer's delete in flight: the booth held, its team cleared, the booth deleted.
    const scanned = await held.behind(
      async (trx) => {
        await trx.selectFrom('booths').select('id').where('id', '=', booth.id).forUpdate().execute();
        await trx
          .updateTable('participants')
          .set({ booth_id: null, booth_role: null, booth_pending_role: null })
          .where('booth_id', '=', booth.id)
          .execute();
        await trx.deleteFrom('booths').where('id', '=', booth.id).execute();
      },
      () => api(member, 'POST', '/event/lead/scan', { eventId: event.id, code, rating: 3 }),
    );
    expect(scanned.status).toBe(403);
    expect(await t.ctx.db.selectFrom('booth_leads').select('id').execute()).toEqual([]);
  });

  it('a member taken off the team while writing a note on a lead changes nothing (403)', async () => {
    const { event, booth, member, code } = await setup();
    const lead = (await api<Lead>(member, 'POST', '/event/lead/scan', { eventId: event.id, code })).body
      .data as Lead;
    const noted = await held.behind(
      async (trx) => {
        await trx.selectFrom('booths').select('id').where('id', '=', booth.id).forUpdate().execute();
        await trx
          .updateTable('participants')
          .set({ booth_id: null, booth_role: null, booth_pending_role: null })
          .where('id', '=', member.id)
          .execute();
      },
      () => api(member, 'POST', `/event/lead/${lead.id}/note`, { eventId: event.id, note: 'after leaving' }),
    );
    expect(noted.status).toBe(403);
    const notes = await t.ctx.db
      .selectFrom('booth_lead_notes')
      .select('id')
      .where('lead_id', '=', lead.id)
      .execute();
    expect(notes).toEqual([]);
  });

  it('an admin made a plain member while saving the questions changes none of them (403)', async () => {
    const { event, booth } = await setup();
    const admin = await makePerson(t.ctx, event.id, { name: 'Ada', boothId: booth.id, boothRole: 'admin' });
    const saved = await held.behind(
      async (trx) => {
        await trx.selectFrom('booths').select('id').where('id', '=', booth.id).forUpdate().execute();
        await trx
          .updateTable('participants')
          .set({ booth_role: 'user' })
          .where('id', '=', admin.id)
          .execute();
      },
      () =>
        api(admin, 'PUT', '/event/lead/questions', {
          eventId: event.id,
          questions: [{ label: 'Budget', kind: 'text' }],
        }),
    );
    expect(saved.status).toBe(403);
    const questions = await t.ctx.db
      .selectFrom('booth_lead_questions')
      .select('id')
      .where('booth_id', '=', booth.id)
      .execute();
    expect(questions).toEqual([]);
  });

  it('an answer given while the owner removes its option is checked against the saved questions (400)', async () => {
    const { event, booth, owner, member, code } = await setup();
    const saved = await api<LeadQuestion[]>(owner, 'PUT', '/event/lead/questions', {
      eventId: event.id,
      questions: [{ label: 'Interested in', kind: 'choice', options: ['Rockets', 'Fuel', 'Water'] }],
    });
    const interest = (saved.body.data as LeadQuestion[])[0] as LeadQuestion;
    const lead = (await api<Lead>(member, 'POST', '/event/lead/scan', { eventId: event.id, code })).body
      .data as Lead;
    // The owner's save in flight: the booth held, "Water" taken out of the options.
    const answered = await held.behind(
      async (trx) => {
        await trx.selectFrom('booths').select('id').where('id', '=', booth.id).forUpdate().execute();
        await trx
          .updateTable('booth_lead_questions')
          .set({ options: ['Rockets', 'Fuel'] })
          .where('id', '=', interest.id)
          .execute();
      },
      () =>
        api(member, 'PUT', `/event/lead/${lead.id}`, {
          eventId: event.id,
          answers: { [String(interest.id)]: 'Water' },
        }),
    );
    expect(answered.status).toBe(400);
    const row = await t.ctx.db
      .selectFrom('booth_leads')
      .select('answers')
      .where('id', '=', lead.id)
      .executeTakeFirstOrThrow();
    expect(row.answers).toEqual({});
  });
});
