import {
  type BoothDetails,
  type ConsoleBooth,
  type ConsoleBoothCategory,
  type ConsolePerson,
  type MemberList,
  RecordType,
} from '@foyer/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, type Person } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { apiAs, failingRealtime, roomPayloads, useTestApp } from '../../../test/helper';
import { createConsoleBooth, updateConsoleBooth } from './exhibitors.service';

const t = useTestApp();

const api = apiAs(t);

async function setup() {
  const event = await makeEvent(t.ctx);
  const organizer = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'admin' });
  const base = `/organizer/event/${event.id}`;
  return { event, organizer, base };
}

const boothBody = {
  name: 'Acme Robotics',
  boothType: 'sponsor',
  description: 'Robots for every hall',
  website: 'https://acme.example',
  location: 'Hall B, stand 12',
};

async function createBooth(who: Person, base: string, body: object = boothBody) {
  const res = await api<ConsoleBooth>(who, 'POST', `${base}/booths`, body);
  expect(res.status).toBe(200);
  return res.body.data!;
}

const participantRow = (id: number) =>
  t.ctx.db
    .selectFrom('participants')
    .select(['booth_id', 'booth_role', 'booth_pending_role'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('organizer console: booths (issue 12, part 5)', () => {
  it('creates a booth and assigns an owner, who sees it as theirs on the attendee side (E6.25)', async () => {
    const { event, organizer, base } = await setup();
    const owner = await makePerson(t.ctx, event.id, { name: 'Olive' });
    const booth = await createBooth(organizer, base);
    expect(booth).toMatchObject({ name: 'Acme Robotics', boothType: 'sponsor', ownerParticipantId: null });

    const assigned = await api<ConsoleBooth>(organizer, 'PUT', `${base}/booths/${booth.id}/owner`, {
      email: owner.email.toUpperCase(),
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data).toMatchObject({
      ownerParticipantId: owner.id,
      members: [{ participantId: owner.id, role: 'owner' }],
    });
    expect(await participantRow(owner.id)).toEqual({
      booth_id: booth.id,
      booth_role: 'owner',
      booth_pending_role: null,
    });

    // The attendee side: the expo lists it, the owner manages its team and may edit it.
    const expo = await api<{ id: number; boothType: string }[]>(
      owner,
      'GET',
      `/event/booth?eventId=${event.id}`,
    );
    expect(expo.body.data?.find((b) => b.id === booth.id)?.boothType).toBe('sponsor');
    const mine = await api<MemberList>(owner, 'GET', `/event/member?eventId=${event.id}`);
    expect(mine.body.data).toMatchObject({ boothId: booth.id, myRole: 'owner' });
    const details = await api<BoothDetails>(owner, 'GET', `/event/booth/${booth.id}?eventId=${event.id}`);
    expect(details.body.data).toMatchObject({ ownerParticipantId: owner.id, canEdit: true });

    // Their open screens hear of it on their own feed.
    const records = await t.ctx.db
      .selectFrom('realtime_events')
      .select(['type'])
      .where('room', '=', `userRooms/${owner.userId}`)
      .execute();
    expect(records.map((r) => r.type)).toContain(RecordType.BoothTeam);
  });

  it('a new owner takes over; the previous owner stays as admin; edits change the booth', async () => {
    const { event, organizer, base } = await setup();
    const first = await makePerson(t.ctx, event.id);
    const second = await makePerson(t.ctx, event.id);
    const booth = await createBooth(organizer, base);
    await api(organizer, 'PUT', `${base}/booths/${booth.id}/owner`, { participantId: first.id });
    const res = await api<ConsoleBooth>(organizer, 'PUT', `${base}/booths/${booth.id}/owner`, {
      participantId: second.id,
    });
    expect(res.body.data?.ownerParticipantId).toBe(second.id);
    expect(res.body.data?.members.map((m) => [m.participantId, m.role])).toEqual([
      [second.id, 'owner'],
      [first.id, 'admin'],
    ]);
    const category = await api<ConsoleBoothCategory>(organizer, 'POST', `${base}/booth-categories`, {
      name: 'Robotics',
    });
    const edited = await api<ConsoleBooth>(organizer, 'PUT', `${base}/booths/${booth.id}`, {
      boothType: 'partner',
      website: '',
      categoryIds: [category.body.data!.id],
    });
    expect(edited.body.data).toMatchObject({
      boothType: 'partner',
      website: null,
      categoryIds: [category.body.data!.id],
      name: 'Acme Robotics',
    });
  });

  it('moves a team member from one booth to another, and changes their role', async () => {
    const { event, organizer, base } = await setup();
    const a = await createBooth(organizer, base, { ...boothBody, name: 'A' });
    const b = await createBooth(organizer, base, { ...boothBody, name: 'B', boothType: 'exhibitor' });
    const member = await makePerson(t.ctx, event.id);
    const added = await api<ConsoleBooth>(organizer, 'POST', `${base}/booths/${a.id}/members`, {
      participantId: member.id,
      role: 'user',
    });
    expect(added.body.data?.members).toMatchObject([{ participantId: member.id, role: 'user' }]);
    const moved = await api<ConsoleBooth>(organizer, 'POST', `${base}/booths/${b.id}/members`, {
      participantId: member.id,
      role: 'admin',
    });
    expect(moved.body.data?.members).toMatchObject([{ participantId: member.id, role: 'admin' }]);
    const list = await api<ConsoleBooth[]>(organizer, 'GET', `${base}/booths`);
    expect(list.body.data?.find((x) => x.id === a.id)?.members).toEqual([]);
    expect(await participantRow(member.id)).toMatchObject({ booth_id: b.id, booth_role: 'admin' });
    const mine = await api<MemberList>(member, 'GET', `/event/member?eventId=${event.id}`);
    expect(mine.body.data).toMatchObject({ boothId: b.id, myRole: 'admin' });

    const removed = await api<ConsoleBooth>(
      organizer,
      'DELETE',
      `${base}/booths/${b.id}/members/${member.id}`,
    );
    expect(removed.body.data?.members).toEqual([]);
    expect(await participantRow(member.id)).toMatchObject({ booth_id: null, booth_role: null });
  });

  it('refuses a participant of another event, an unknown e-mail and the owner of another booth (400, nothing changed)', async () => {
    const { event, organizer, base } = await setup();
    const booth = await createBooth(organizer, base);
    const elsewhere = await makeEvent(t.ctx);
    const stranger = await makePerson(t.ctx, elsewhere.id);
    const byId = await api(organizer, 'PUT', `${base}/booths/${booth.id}/owner`, {
      participantId: stranger.id,
    });
    expect(byId.status).toBe(400);
    expect(byId.body.error?.fields).toEqual({ participantId: 'organizer.exhibitors.error.notParticipant' });
    const byEmail = await api(organizer, 'POST', `${base}/booths/${booth.id}/members`, {
      email: stranger.email,
      role: 'user',
    });
    expect(byEmail.body.error?.fields).toEqual({ email: 'organizer.exhibitors.error.notParticipant' });
    expect(await participantRow(stranger.id)).toMatchObject({ booth_id: null });

    const other = await createBooth(organizer, base, { ...boothBody, name: 'Other' });
    const owner = await makePerson(t.ctx, event.id);
    await api(organizer, 'PUT', `${base}/booths/${other.id}/owner`, { participantId: owner.id });
    const steal = await api(organizer, 'POST', `${base}/booths/${booth.id}/members`, {
      participantId: owner.id,
      role: 'admin',
    });
    expect(steal.body.error?.fields).toEqual({
      participantId: 'organizer.exhibitors.error.ownsAnotherBooth',
    });
    expect(await participantRow(owner.id)).toMatchObject({ booth_id: other.id, booth_role: 'owner' });
  });

  it('two organizers naming one person owner of two booths at once leave every booth with one owner', async () => {
    const { event, organizer, base } = await setup();
    const colleague = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'admin' });
    for (let round = 0; round < 3; round++) {
      const [a, b] = [await createBooth(organizer, base), await createBooth(organizer, base)];
      for (const booth of [a, b]) {
        const owner = await makePerson(t.ctx, event.id);
        await api(organizer, 'PUT', `${base}/booths/${booth.id}/owner`, { participantId: owner.id });
      }
      const person = await makePerson(t.ctx, event.id);
      const answers = await Promise.all([
        api(organizer, 'PUT', `${base}/booths/${a.id}/owner`, { participantId: person.id }),
        api(colleague, 'PUT', `${base}/booths/${b.id}/owner`, { participantId: person.id }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
      const refused = answers.find((r) => r.status === 400);
      expect(refused?.body.error?.fields).toEqual({
        participantId: 'organizer.exhibitors.error.ownsAnotherBooth',
      });
      const owners = await t.ctx.db
        .selectFrom('participants')
        .select(['booth_id'])
        .where('booth_id', 'in', [a.id, b.id])
        .where('booth_role', '=', 'owner')
        .execute();
      expect(owners.map((o) => o.booth_id).sort((x, y) => x! - y!)).toEqual(
        [a.id, b.id].sort((x, y) => x - y),
      );
    }
  });

  it('bad booth input gives field errors and writes nothing', async () => {
    const { event, organizer, base } = await setup();
    const bad = await api(organizer, 'POST', `${base}/booths`, {
      name: '  ',
      boothType: 'vendor',
      website: 'javascript:alert(1)',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toMatchObject({
      name: 'validation.error.required',
      boothType: 'validation.error.option',
      website: 'organizer.exhibitors.error.website',
    });
    const ftp = await api(organizer, 'POST', `${base}/booths`, {
      ...boothBody,
      website: 'ftp://acme.example',
    });
    expect(ftp.body.error?.fields).toEqual({ website: 'organizer.exhibitors.error.website' });
    // An address that names a user and password would show them to every attendee (E7.34's rule).
    for (const website of [
      'https://admin:secret@acme.example',
      'https://admin@acme.example',
      'https://localhost',
    ]) {
      const withUser = await api(organizer, 'POST', `${base}/booths`, { ...boothBody, website });
      expect(withUser.status, website).toBe(400);
      expect(withUser.body.error?.fields).toEqual({ website: 'organizer.exhibitors.error.website' });
    }
    const unknownCategory = await api(organizer, 'POST', `${base}/booths`, {
      ...boothBody,
      categoryIds: [999_999],
    });
    expect(unknownCategory.body.error?.fields).toEqual({ categoryIds: 'validation.error.option' });
    const noPerson = await api(organizer, 'POST', `${base}/booths/1/members`, { role: 'user' });
    expect(noPerson.body.error?.fields).toEqual({ participantId: 'organizer.exhibitors.error.person' });
    const count = await t.ctx.db
      .selectFrom('booths')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('deletes a booth with its team: their booth is cleared and they hear of it', async () => {
    const { event, organizer, base } = await setup();
    const booth = await createBooth(organizer, base);
    const owner = await makePerson(t.ctx, event.id);
    const member = await makePerson(t.ctx, event.id);
    await api(organizer, 'PUT', `${base}/booths/${booth.id}/owner`, { participantId: owner.id });
    await api(organizer, 'POST', `${base}/booths/${booth.id}/members`, {
      participantId: member.id,
      role: 'user',
    });
    const res = await api<{ removed: number }>(organizer, 'DELETE', `${base}/booths/${booth.id}`);
    expect(res.body.data).toEqual({ removed: booth.id });
    for (const person of [owner, member]) {
      expect(await participantRow(person.id)).toEqual({
        booth_id: null,
        booth_role: null,
        booth_pending_role: null,
      });
    }
    const mine = await api<MemberList>(owner, 'GET', `/event/member?eventId=${event.id}`);
    expect(mine.body.data?.boothId).toBeNull();
    expect((await api(organizer, 'DELETE', `${base}/booths/${booth.id}`)).status).toBe(404);
  });

  it('E7.79 a booth the organizer adds, edits or deletes is announced on the event’s room, in the same write', async () => {
    const { event, organizer, base } = await setup();
    const announced = () =>
      roomPayloads<{ boothId: number }>(t, `newEvents/${event.id}`, RecordType.BoothChanged);
    const booth = await createBooth(organizer, base);
    expect(
      (await api(organizer, 'PUT', `${base}/booths/${booth.id}`, { ...boothBody, name: 'Acme' })).status,
    ).toBe(200);
    expect((await api(organizer, 'DELETE', `${base}/booths/${booth.id}`)).status).toBe(200);
    expect(await announced()).toEqual([{ boothId: booth.id }, { boothId: booth.id }, { boothId: booth.id }]);

    const kept = await createBooth(organizer, base, { ...boothBody, name: 'Kept' });
    const failing = { ctx: t.ctx, realtime: failingRealtime(t) };
    const userId = organizer.userId;
    await expect(
      createConsoleBooth(failing, userId, event.id, { ...boothBody, name: 'Lost', boothType: 'sponsor' }),
    ).rejects.toThrow('realtime insert failed');
    await expect(
      updateConsoleBooth(failing, userId, event.id, kept.id, {
        ...boothBody,
        name: 'Renamed',
        boothType: 'sponsor',
      }),
    ).rejects.toThrow('realtime insert failed');
    const listed = await api<ConsoleBooth[]>(organizer, 'GET', `${base}/booths`);
    expect(listed.body.data?.map((b) => b.name)).toEqual(['Kept']);
  });

  it('booth categories: create, option under one, rename, delete takes them off booths', async () => {
    const { organizer, base } = await setup();
    const group = await api<ConsoleBoothCategory>(organizer, 'POST', `${base}/booth-categories`, {
      name: 'Sector',
    });
    const option = await api<ConsoleBoothCategory>(organizer, 'POST', `${base}/booth-categories`, {
      name: 'Energy',
      parentId: group.body.data!.id,
    });
    expect(option.body.data).toMatchObject({ name: 'Energy', parentId: group.body.data!.id });
    const nested = await api(organizer, 'POST', `${base}/booth-categories`, {
      name: 'Too deep',
      parentId: option.body.data!.id,
    });
    expect(nested.body.error?.fields).toEqual({ parentId: 'validation.error.option' });
    const booth = await createBooth(organizer, base, { ...boothBody, categoryIds: [option.body.data!.id] });
    const renamed = await api<ConsoleBoothCategory>(
      organizer,
      'PUT',
      `${base}/booth-categories/${option.body.data!.id}`,
      { name: 'Clean energy' },
    );
    expect(renamed.body.data).toMatchObject({ name: 'Clean energy', boothCount: 1 });
    await api(organizer, 'DELETE', `${base}/booth-categories/${group.body.data!.id}`);
    const list = await api<ConsoleBoothCategory[]>(organizer, 'GET', `${base}/booth-categories`);
    expect(list.body.data).toEqual([]);
    const after = await api<ConsoleBooth[]>(organizer, 'GET', `${base}/booths`);
    expect(after.body.data?.find((b) => b.id === booth.id)?.categoryIds).toEqual([]);
  });

  it('the people picker finds participants of the event by name or e-mail', async () => {
    const { event, organizer, base } = await setup();
    const zed = await makePerson(t.ctx, event.id, { name: 'Zebedee', surname: 'Quill' });
    await makePerson(t.ctx, (await makeEvent(t.ctx)).id, { name: 'Zebedee', surname: 'Elsewhere' });
    const res = await api<ConsolePerson[]>(organizer, 'GET', `${base}/exhibitors/people?query=zebedee`);
    expect(res.body.data?.map((p) => p.participantId)).toEqual([zed.id]);
  });

  it('an attendee, an organizer of another event and check-in staff are refused every route (403)', async () => {
    const { event, organizer, base } = await setup();
    const booth = await createBooth(organizer, base);
    const category = await api<ConsoleBoothCategory>(organizer, 'POST', `${base}/booth-categories`, {
      name: 'C',
    });
    const attendee = await makePerson(t.ctx, event.id);
    const staff = await makePerson(t.ctx, event.id, { checkInAdmin: true });
    const otherOrganizer = await makePerson(t.ctx, (await makeEvent(t.ctx)).id, {
      organizer: true,
      organizerRole: 'owner',
    });
    const routes: [InjectOptions['method'], string, object?][] = [
      ['GET', `${base}/booths`],
      ['POST', `${base}/booths`, boothBody],
      ['PUT', `${base}/booths/${booth.id}`, { name: 'Hijacked' }],
      ['DELETE', `${base}/booths/${booth.id}`],
      ['PUT', `${base}/booths/${booth.id}/owner`, { participantId: attendee.id }],
      ['POST', `${base}/booths/${booth.id}/members`, { participantId: attendee.id, role: 'admin' }],
      ['DELETE', `${base}/booths/${booth.id}/members/${attendee.id}`],
      ['GET', `${base}/booth-categories`],
      ['POST', `${base}/booth-categories`, { name: 'X' }],
      ['PUT', `${base}/booth-categories/${category.body.data!.id}`, { name: 'Y' }],
      ['DELETE', `${base}/booth-categories/${category.body.data!.id}`],
      ['GET', `${base}/exhibitors/people`],
    ];
    for (const who of [attendee, otherOrganizer, staff]) {
      for (const [method, url, body] of routes) {
        const res = await api(who, method, url, body);
        expect(res.status, `${method} ${url}`).toBe(403);
      }
    }
    const after = await api<ConsoleBooth[]>(organizer, 'GET', `${base}/booths`);
    expect(after.body.data).toMatchObject([{ name: 'Acme Robotics', members: [] }]);
  });
});

/** PGlite runs one transaction at a time: only PostgreSQL lets a new option wait on its group's delete. */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a booth sub-category beside its group’s delete (PostgreSQL)',
  () => {
    const held = useHeldTransactions(() => t.ctx.db);

    it('a sub-category added while its group is deleted is refused on parentId (400), not a 500', async () => {
      const { organizer, base } = await setup();
      const group = await api<ConsoleBoothCategory>(organizer, 'POST', `${base}/booth-categories`, {
        name: 'Sector',
      });
      const groupId = group.body.data!.id;
      const added = await held.behind(
        async (trx) => {
          await trx.deleteFrom('categories').where('id', '=', groupId).execute();
        },
        () => api(organizer, 'POST', `${base}/booth-categories`, { name: 'Energy', parentId: groupId }),
      );
      expect(added.status).toBe(400);
      expect(Object.keys(added.body.error?.fields ?? {})).toEqual(['parentId']);
      const orphans = await t.ctx.db
        .selectFrom('categories')
        .select('id')
        .where('parent_id', '=', groupId)
        .execute();
      expect(orphans).toEqual([]);
    });
  },
);

/** PGlite runs one transaction at a time: only PostgreSQL lets a booth's delete meet a team change. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a booth deleted beside a team change (PostgreSQL)', () => {
  const held = useHeldTransactions(() => t.ctx.db);

  it('a member moved to another booth while their old booth is deleted stays on the new one', async () => {
    const { event, organizer, base } = await setup();
    const old = await createBooth(organizer, base);
    const next = await createBooth(organizer, base, { ...boothBody, name: 'Beta Drones' });
    const person = await makePerson(t.ctx, event.id);
    await api(organizer, 'POST', `${base}/booths/${old.id}/members`, {
      participantId: person.id,
      role: 'user',
    });
    // Another organizer naming them owner of the other booth, in flight: that booth and their row held.
    const removed = await held.behind(
      async (trx) => {
        await trx.selectFrom('booths').select('id').where('id', '=', next.id).forUpdate().execute();
        await trx
          .updateTable('participants')
          .set({ booth_id: next.id, booth_role: 'owner', booth_pending_role: null })
          .where('id', '=', person.id)
          .execute();
      },
      () => api(organizer, 'DELETE', `${base}/booths/${old.id}`),
    );
    expect(removed.status).toBe(200);
    expect(await participantRow(person.id)).toEqual({
      booth_id: next.id,
      booth_role: 'owner',
      booth_pending_role: null,
    });
  });
});
