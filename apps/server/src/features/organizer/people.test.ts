import { type ConsoleParticipant, type PeoplePage, XLSX_CONTENT_TYPE } from '@foyer/contract';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { makeCategory, makeEvent, makePerson, makeType, type Person } from '../../../test/factories';
import { apiAs, useTestApp } from '../../../test/helper';

const t = useTestApp();

const req = apiAs(t);

async function setup() {
  const event = await makeEvent(t.ctx);
  const owner = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'owner', name: 'Olga' });
  const admin = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'admin', name: 'Adam' });
  const vip = await makeType(t.ctx, event.id, { name: 'VIP' });
  const zed = await makePerson(t.ctx, event.id, {
    name: 'Zed',
    surname: 'Zulu',
    company: 'Zeta Ltd',
    typeId: vip.id,
  });
  const amy = await makePerson(t.ctx, event.id, { name: 'Amy', surname: 'Alpha', company: 'Acme' });
  const other = await makeEvent(t.ctx);
  const refused = [
    await makePerson(t.ctx, event.id),
    await makePerson(t.ctx, other.id, { organizer: true, organizerRole: 'owner' }),
    await makePerson(t.ctx, event.id, { checkInAdmin: true }),
  ];
  return { event, owner, admin, vip, zed, amy, refused };
}

describe('console people list', () => {
  it('lists with search, filters, sort and a total; bad input is a 400', async () => {
    const { event, admin, vip, zed, amy } = await setup();
    const base = `/organizer/event/${event.id}/participants`;
    const all = await req<PeoplePage>(admin, 'GET', base);
    expect(all.status).toBe(200);
    expect(all.body.data?.total).toBe(6);
    expect(all.body.data?.pageSize).toBe(50);
    const byCompany = await req<PeoplePage>(admin, 'GET', `${base}?search=acm`);
    expect(byCompany.body.data?.items.map((p) => p.id)).toEqual([amy.id]);
    const byName = await req<PeoplePage>(admin, 'GET', `${base}?search=zed%20zu`);
    expect(byName.body.data?.items.map((p) => p.id)).toEqual([zed.id]);
    const byType = await req<PeoplePage>(admin, 'GET', `${base}?typeId=${vip.id}`);
    expect(byType.body.data?.items.map((p) => p.id)).toEqual([zed.id]);
    const organizers = await req<PeoplePage>(admin, 'GET', `${base}?organizer=true`);
    expect(organizers.body.data?.total).toBe(2);
    const sorted = await req<PeoplePage>(admin, 'GET', `${base}?sort=company`);
    expect(sorted.body.data?.items.filter((p) => p.company).map((p) => p.company)).toEqual([
      'Acme',
      'Zeta Ltd',
    ]);
    const literal = await req<PeoplePage>(admin, 'GET', `${base}?search=%25`);
    expect(literal.body.data?.total).toBe(0);
    const bad = await req(admin, 'GET', `${base}?sort=age&state=gone`);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toMatchObject({
      sort: 'validation.error.option',
      state: 'validation.error.option',
    });
  });

  it('refuses an attendee, an organizer of another event and a check-in admin', async () => {
    const { event, refused } = await setup();
    for (const who of refused) {
      expect((await req(who, 'GET', `/organizer/event/${event.id}/participants`)).status).toBe(403);
      expect((await req(who, 'GET', `/organizer/event/${event.id}/participants/export`)).status).toBe(403);
    }
  });
});

describe('console people editing', () => {
  it('E6.08 a person is given options: a question (a group of options), a text question or what is under one is refused', async () => {
    const { event, admin, amy } = await setup();
    const group = await makeCategory(t.ctx, event.id, { name: 'Interests' });
    const option = await makeCategory(t.ctx, event.id, { name: 'AI', parentId: group.id });
    const text = await makeCategory(t.ctx, event.id, { name: 'Dietary needs', type: 'text' });
    const underText = await makeCategory(t.ctx, event.id, { name: 'Vegan', parentId: text.id });
    const url = `/organizer/event/${event.id}/participants/${amy.id}`;
    for (const id of [group.id, text.id, underText.id]) {
      const refused = await req(admin, 'PUT', url, { categoryIds: [option.id, id] });
      expect(refused.status).toBe(400);
      expect(refused.body.error?.fields).toEqual({ categories: 'organizer.people.error.category' });
    }
    const row = await t.ctx.db
      .selectFrom('participants')
      .select('category_ids')
      .where('id', '=', amy.id)
      .executeTakeFirstOrThrow();
    expect(row.category_ids ?? []).toEqual([]);
    const given = await req<ConsoleParticipant>(admin, 'PUT', url, { categoryIds: [option.id] });
    expect(given.status).toBe(200);
    expect(given.body.data?.categoryIds).toEqual([option.id]);
    // The event's categories say which is a text question: the console's form leaves those out.
    const details = await req<{ categories: { id: number; type: string }[] }>(
      admin,
      'GET',
      `/event/${event.id}`,
    );
    expect(details.body.data?.categories.map((c) => [c.id, c.type])).toEqual([
      [group.id, 'select'],
      [option.id, 'select'],
      [text.id, 'text'],
      [underText.id, 'select'],
    ]);
  });

  it('E6.08 edits one participant; only the owner changes organizer roles, who get the pre-book and table rights', async () => {
    const { event, owner, admin, amy } = await setup();
    const category = await makeCategory(t.ctx, event.id, { name: 'Topic' });
    const url = `/organizer/event/${event.id}/participants/${amy.id}`;
    const edited = await req<ConsoleParticipant>(admin, 'PUT', url, {
      company: 'Acme Corp',
      jobTitle: 'CTO',
      categoryIds: [category.id],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      company: 'Acme Corp',
      jobTitle: 'CTO',
      categoryIds: [category.id],
    });
    expect((await req(admin, 'PUT', url, { organizerRole: 'admin' })).status).toBe(403);
    const promoted = await req<ConsoleParticipant>(owner, 'PUT', url, {
      organizerRole: 'admin',
      checkInAdmin: true,
    });
    expect(promoted.body.data).toMatchObject({ organizerRole: 'admin', checkInAdmin: true });
    const row = await t.ctx.db
      .selectFrom('participants')
      .selectAll()
      .where('id', '=', amy.id)
      .executeTakeFirstOrThrow();
    expect(row.rights.inviteparticipant).toBe(true);
    expect(row.rights).toMatchObject({ onbehalfmeeting: true, reserveatable: true });

    const bad = await req(admin, 'PUT', url, { name: '', typeId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toMatchObject({ name: 'validation.error.required' });
    const wrongType = await req(admin, 'PUT', url, { typeId: 999_999 });
    expect(wrongType.body.error?.fields).toEqual({ typeId: 'organizer.people.error.type' });
    const after = await t.ctx.db
      .selectFrom('participants')
      .selectAll()
      .where('id', '=', amy.id)
      .executeTakeFirstOrThrow();
    expect(after.name).toBe('Amy');
    expect(
      (await req(admin, 'PUT', `/organizer/event/${event.id}/participants/999999`, { name: 'X' })).status,
    ).toBe(404);
  });

  it('two owners taking each other’s owner role at the same moment leave the event one owner', async () => {
    for (let round = 0; round < 3; round++) {
      const { event, owner } = await setup();
      const second = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'owner' });
      const base = `/organizer/event/${event.id}/participants`;
      const answers = await Promise.all([
        req(owner, 'PUT', `${base}/${second.id}`, { organizerRole: 'admin' }),
        req(second, 'PUT', `${base}/${owner.id}`, { organizerRole: 'admin' }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
      const owners = await t.ctx.db
        .selectFrom('participants')
        .select('id')
        .where('event_id', '=', event.id)
        .where('organizer_role', '=', 'owner')
        .execute();
      expect(owners).toHaveLength(1);
    }
  });

  it('refuses edits by an attendee, an organizer of another event and a check-in admin', async () => {
    const { event, amy, refused } = await setup();
    for (const who of refused) {
      const res = await req(who, 'PUT', `/organizer/event/${event.id}/participants/${amy.id}`, {
        name: 'Hacked',
      });
      expect(res.status).toBe(403);
    }
  });
});

describe('console people bulk actions and export', () => {
  it('sets the type, resends invitations and removes (deleted hides) in one call each', async () => {
    const { event, owner, admin, vip, zed, amy } = await setup();
    const url = `/organizer/event/${event.id}/participants/bulk`;
    const typed = await req<{ affected: number }>(admin, 'POST', url, {
      ids: [zed.id, amy.id],
      action: 'setType',
      typeId: vip.id,
    });
    expect(typed.body.data?.affected).toBe(2);

    const email = `bulk-${Date.now()}@example.test`;
    await req(admin, 'POST', '/event/participant', { eventId: event.id, participants: [{ email }] });
    const invited = await t.ctx.db
      .selectFrom('participants')
      .selectAll()
      .where('event_id', '=', event.id)
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const resent = await req<{ affected: number }>(admin, 'POST', url, {
      ids: [invited.id, amy.id],
      action: 'resendInvitation',
    });
    expect(resent.body.data?.affected).toBe(1);
    await t.app.bus.idle();
    const mails = await t.ctx.db
      .selectFrom('outbox')
      .select('body_text')
      .where('recipient', '=', email)
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body_text).toContain('/registration?eventId=');

    const removed = await req<{ affected: number }>(admin, 'POST', url, {
      ids: [amy.id, owner.id, admin.id],
      action: 'remove',
    });
    expect(removed.body.data?.affected).toBe(1);
    const list = await req<PeoplePage>(admin, 'GET', `/organizer/event/${event.id}/participants`);
    expect(list.body.data?.items.map((p) => p.id)).not.toContain(amy.id);
    expect(list.body.data?.items.map((p) => p.id)).toContain(owner.id);

    const bad = await req(admin, 'POST', url, { ids: [], action: 'setType' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toMatchObject({ ids: 'validation.error.required' });
    const noType = await req(admin, 'POST', url, { ids: [zed.id], action: 'setType' });
    expect(noType.body.error?.fields).toEqual({ typeId: 'validation.error.required' });
  });

  it('refuses bulk actions by an attendee, an organizer of another event and a check-in admin', async () => {
    const { event, amy, refused } = await setup();
    for (const who of refused) {
      const res = await req(who, 'POST', `/organizer/event/${event.id}/participants/bulk`, {
        ids: [amy.id],
        action: 'remove',
      });
      expect(res.status).toBe(403);
    }
    const row = await t.ctx.db
      .selectFrom('participants')
      .select('state')
      .where('id', '=', amy.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('active');
  });

  it('exports CSV with formula cells quoted (=HYPERLINK)', async () => {
    const { event, admin } = await setup();
    await makePerson(t.ctx, event.id, { name: '=HYPERLINK("x")', surname: '+1', company: '@evil' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/organizer/event/${event.id}/participants/export?search=evil`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const parsed = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, '')).data;
    expect(parsed[0]?.slice(0, 4)).toEqual(['id', 'name', 'surname', 'email']);
    expect(parsed[1]?.[1]).toBe(`'=HYPERLINK("x")`);
    expect(parsed[1]?.[2]).toBe("'+1");
    expect(parsed[1]?.[4]).toBe("'@evil");
    expect(parsed).toHaveLength(2);
    const bad = await req(admin, 'GET', `/organizer/event/${event.id}/participants/export?checkedIn=maybe`);
    expect(bad.status).toBe(400);
  });

  it('exports XLSX with format=xlsx: text cells, formula-looking ones quoted as in the CSV', async () => {
    const { event, admin, refused } = await setup();
    await makePerson(t.ctx, event.id, { name: '=HYPERLINK("x")', surname: '-2', company: '@evil' });
    const url = `/api/v1/organizer/event/${event.id}/participants/export?search=evil&format=xlsx`;
    const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers['content-disposition']).toContain(`participants-${event.id}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    // biome-ignore lint/suspicious/noExplicitAny: exceljs types want its own Buffer flavour.
    await workbook.xlsx.load(res.rawPayload as any);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['id', 'name', 'surname', 'email']));
    const name = sheet.getRow(2).getCell(2);
    expect(name.type).toBe(ExcelJS.ValueType.String);
    expect(name.value).toBe(`'=HYPERLINK("x")`);
    expect(sheet.getRow(2).getCell(3).value).toBe("'-2");
    expect(sheet.getRow(2).getCell(5).value).toBe("'@evil");
    for (const who of refused) {
      expect((await t.app.inject({ method: 'GET', url, headers: who.headers })).statusCode).toBe(403);
    }
    const bad = await req(admin, 'GET', `/organizer/event/${event.id}/participants/export?format=pdf`);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ format: 'validation.error.option' });
  });
});

describe('GET event/participant/adminDetails', () => {
  const url = (eventId: number, id: number | string) =>
    `/event/participant/adminDetails?id=${id}&eventId=${eventId}`;

  it('E7.31 gives organizers one participant with e-mail, phone, state and check-in', async () => {
    const { event, admin, owner, zed, vip } = await setup();
    for (const who of [admin, owner]) {
      const res = await req<ConsoleParticipant>(who, 'GET', url(event.id, zed.id));
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: zed.id,
        name: 'Zed',
        surname: 'Zulu',
        company: 'Zeta Ltd',
        typeId: vip.id,
        email: expect.stringContaining('@'),
        state: 'active',
        organizerRole: null,
        checkedIn: false,
      });
    }
  });

  it('E7.31 refuses attendees, door staff and other events, and answers 404 for a participant of another event', async () => {
    const { event, owner, zed, refused } = await setup();
    const [attendee, otherOwner, door] = refused as [Person, Person, Person];
    expect((await req(attendee, 'GET', url(event.id, zed.id))).status).toBe(403);
    expect((await req(door, 'GET', url(event.id, zed.id))).status).toBe(403);
    expect((await req(otherOwner, 'GET', url(event.id, zed.id))).status).toBe(403);
    expect((await req(owner, 'GET', url(event.id, otherOwner.id))).status).toBe(404);
    const bad = await req(owner, 'GET', url(event.id, 'x%00'));
    expect(bad.status).toBe(400);
    const missing = await req(owner, 'GET', `/event/participant/adminDetails?eventId=${event.id}`);
    expect(missing.status).toBe(400);
  });
});
