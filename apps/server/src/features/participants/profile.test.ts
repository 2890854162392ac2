import {
  ParticipantErrorCode,
  type ParticipantProfile,
  type Recommendation,
  TYPE_REQUIRED_MESSAGE,
  type WizardState,
} from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeCategory, makeEvent, makePerson, makeType, type Person } from '../../../test/factories';
import { call, useTestApp } from '../../../test/helper';

const t = useTestApp();

const get = <T>(who: Person, url: string) =>
  call<T>(t.app, { method: 'GET', url: `/api/v1${url}`, headers: who.headers });
const put = <T>(who: Person, payload: Record<string, unknown>) =>
  call<T>(t.app, { method: 'PUT', url: '/api/v1/event/participant', headers: who.headers, payload });

describe('attendee profile', () => {
  it('E2.04, E3.01 shows a profile; contact details only to organizers and oneself; views are remembered', async () => {
    const event = await makeEvent(t.ctx);
    const me = await makePerson(t.ctx, event.id, { name: 'Me' });
    const ada = await makePerson(t.ctx, event.id, { name: 'Ada', company: 'Engines', phone: '+441' });
    const org = await makePerson(t.ctx, event.id, { organizer: true });
    const hidden = await makePerson(t.ctx, event.id, { visible: false });
    const seen = await get<ParticipantProfile>(me, `/event/participant/${ada.id}?eventId=${event.id}`);
    expect(seen.body.data).toMatchObject({
      name: 'Ada',
      company: 'Engines',
      phone: null,
      userEmail: null,
      canInvite: true,
    });
    const full = await get<ParticipantProfile>(org, `/event/participant/${ada.id}?eventId=${event.id}`);
    expect(full.body.data?.phone).toBe('+441');
    expect((await get(me, `/event/participant/${hidden.id}?eventId=${event.id}`)).status).toBe(404);
    expect((await get(org, `/event/participant/${hidden.id}?eventId=${event.id}`)).status).toBe(200);
    const viewed = await get<{ participantId: number }[]>(
      me,
      `/event/participant/viewed?eventId=${event.id}`,
    );
    expect(viewed.body.data?.map((v) => v.participantId)).toEqual([ada.id]);
    expect((await get(me, `/event/participant/abc?eventId=${event.id}`)).status).toBe(400);
  });

  it('E7.28, E5.44 PUT event/participant updates my event profile', async () => {
    const event = await makeEvent(t.ctx);
    const me = await makePerson(t.ctx, event.id);
    const res = await put<ParticipantProfile>(me, {
      eventId: event.id,
      company: '  Acme ',
      jobTitle: 'CTO',
      offer: 'seed funding',
      seek: 'founders',
      website: 'acme.example',
      some: { linkedin: 'me' },
      visible: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      company: 'Acme',
      jobTitle: 'CTO',
      website: 'http://acme.example',
      some: { linkedin: 'me' },
      visible: false,
    });
    for (const bad of [{ company: 5 }, { company: 'x'.repeat(1_000_000) }, { foo: 1 }, { typeId: 'x' }]) {
      expect((await put(me, { eventId: event.id, ...bad })).status).toBe(400);
    }
    const own = await get<ParticipantProfile>(me, `/event/participant/me?eventId=${event.id}`);
    expect(own.body.data?.company).toBe('Acme');
  });

  it('too many or too long values in a profile save are named by message keys in fields, and change nothing', async () => {
    const event = await makeEvent(t.ctx);
    const me = await makePerson(t.ctx, event.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ some: { linkedin: 'x'.repeat(301) } }, 'some.linkedin', 'validation.error.maxLength'],
      [
        { categories: Array.from({ length: 101 }, () => ({ categoryId: 1 })) },
        'categories',
        'validation.error.maxItems',
      ],
      [
        { categories: [{ categoryId: 1, selectedCategoryIds: Array(101).fill(1) }] },
        'categories.0.selectedCategoryIds',
        'validation.error.maxItems',
      ],
    ];
    for (const [extra, field, key] of cases) {
      const res = await put(me, { eventId: event.id, company: 'Changed', ...extra });
      expect(res.status, field).toBe(400);
      expect(res.body.error?.fields, field).toEqual({ [field]: key });
    }
    const own = await get<ParticipantProfile>(me, `/event/participant/me?eventId=${event.id}`);
    expect(own.body.data?.company).not.toBe('Changed');
  });

  it('E7.28, E3.01 a website that is not a web address is refused with its field error', async () => {
    const event = await makeEvent(t.ctx);
    const me = await makePerson(t.ctx, event.id);
    expect((await put(me, { eventId: event.id, website: 'acme.example' })).status).toBe(200);
    for (const website of [
      'Designing event tools',
      'http://Designing event tools',
      'acme',
      'javascript:alert(1)',
    ]) {
      const bad = await put(me, { eventId: event.id, website });
      expect(bad.status).toBe(400);
      expect(bad.body.error?.fields).toEqual({ website: 'validation.error.url' });
    }
    const own = await get<ParticipantProfile>(me, `/event/participant/me?eventId=${event.id}`);
    expect(own.body.data?.website).toBe('http://acme.example'); // the refused ones changed nothing
    const cleared = await put<ParticipantProfile>(me, { eventId: event.id, website: '' });
    expect(cleared.body.data?.website).toBe('');
  });

  it('E5.04, E5.07, E5.06, E6.36 categories, participant type and their limits', async () => {
    const event = await makeEvent(t.ctx);
    const topics = await makeCategory(t.ctx, event.id, { name: 'Topics', maxSelectable: 2 });
    const opts = [];
    for (const name of ['AI', 'Bio', 'Cars'])
      opts.push(await makeCategory(t.ctx, event.id, { name, parentId: topics.id }));
    const locked = await makeType(t.ctx, event.id, { name: 'Speaker', allowedToModify: false });
    const open = await makeType(t.ctx, event.id, { name: 'Visitor' });
    const me = await makePerson(t.ctx, event.id, { typeId: open.id });
    const three = await put(me, {
      eventId: event.id,
      categories: [{ categoryId: topics.id, selectedCategoryIds: opts.map((o) => o.id) }],
    });
    expect(three.status).toBe(400);
    expect(three.body.error).toMatchObject({
      code: ParticipantErrorCode.TooManyOptions,
      msg: 'You already added 3 options. Unfortunately the system is not allow you to add more than 2 options.',
    });
    const two = await put<ParticipantProfile>(me, {
      eventId: event.id,
      categories: [{ categoryId: topics.id, selectedCategoryIds: [opts[0]!.id, opts[1]!.id] }],
    });
    expect(two.body.data?.categories).toEqual([
      { categoryId: topics.id, type: 'select', selectedCategoryIds: [opts[0]!.id, opts[1]!.id] },
    ]);
    const noType = await put(me, { eventId: event.id, typeId: null });
    expect(noType.body.error).toMatchObject({
      code: ParticipantErrorCode.TypeRequired,
      msg: TYPE_REQUIRED_MESSAGE,
    });
    // Only types offered at registration are self-service; the others are the organizer's to give.
    const vip = await put(me, { eventId: event.id, typeId: locked.id });
    expect(vip.status).toBe(400);
    expect(vip.body.error?.fields).toEqual({ typeId: 'validation.error.option' });
    await t.ctx.db
      .updateTable('participant_types')
      .set({ at_registration: true })
      .where('id', 'in', [locked.id, open.id])
      .execute();
    expect((await put(me, { eventId: event.id, typeId: locked.id })).status).toBe(200);
    const stuck = await put(me, { eventId: event.id, typeId: open.id });
    expect(stuck.body.error?.code).toBe(ParticipantErrorCode.TypeLocked);
  });

  it('one question sent twice in a save is checked as one: its limit and single choice hold, nothing is saved', async () => {
    const event = await makeEvent(t.ctx);
    const topics = await makeCategory(t.ctx, event.id, { name: 'Topics', maxSelectable: 2 });
    const size = await makeCategory(t.ctx, event.id, { name: 'Company size', isMulti: false });
    const opts = [];
    for (const name of ['AI', 'Bio', 'Cars', 'Drones'])
      opts.push(await makeCategory(t.ctx, event.id, { name, parentId: topics.id }));
    const small = await makeCategory(t.ctx, event.id, { name: 'Small', parentId: size.id });
    const large = await makeCategory(t.ctx, event.id, { name: 'Large', parentId: size.id });
    const me = await makePerson(t.ctx, event.id);
    const four = await put(me, {
      eventId: event.id,
      categories: [
        { categoryId: topics.id, selectedCategoryIds: [opts[0]!.id, opts[1]!.id] },
        { categoryId: topics.id, selectedCategoryIds: [opts[2]!.id, opts[3]!.id] },
      ],
    });
    expect(four.status).toBe(400);
    expect(four.body.error?.code).toBe(ParticipantErrorCode.TooManyOptions);
    const both = await put(me, {
      eventId: event.id,
      categories: [
        { categoryId: size.id, selectedCategoryIds: [small.id] },
        { categoryId: size.id, selectedCategoryIds: [large.id] },
      ],
    });
    expect(both.status).toBe(400);
    expect(both.body.error?.fields).toEqual({ [String(size.id)]: 'maxItemsLength' });
    const stored = await t.ctx.db
      .selectFrom('participants')
      .select('category_ids')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(stored.category_ids ?? []).toEqual([]);
  });

  it('a text answer sent for a choice question is refused and not stored', async () => {
    const event = await makeEvent(t.ctx);
    const topics = await makeCategory(t.ctx, event.id, { name: 'Topics' });
    const ai = await makeCategory(t.ctx, event.id, { name: 'AI', parentId: topics.id });
    const me = await makePerson(t.ctx, event.id);
    const res = await put(me, {
      eventId: event.id,
      categories: [{ categoryId: topics.id, selectedCategoryIds: [ai.id], value: 'Anything I like' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ [String(topics.id)]: 'validation.error.type' });
    const stored = await t.ctx.db
      .selectFrom('participants')
      .select(['fields', 'category_ids'])
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(stored.fields?.categoryValues).toBeUndefined();
    expect(stored.category_ids ?? []).toEqual([]);
  });

  it('E7.28 E5.04 two saves of my profile at the same moment (visibility in one tab, a text answer in another) both stay', async () => {
    const event = await makeEvent(t.ctx);
    const motto = await makeCategory(t.ctx, event.id, { name: 'Motto', type: 'text' });
    const me = await makePerson(t.ctx, event.id, { name: 'Me' });
    const [hide, answer] = await Promise.all([
      put(me, { eventId: event.id, visible: false }),
      put(me, { eventId: event.id, categories: [{ categoryId: motto.id, value: 'Build things' }] }),
    ]);
    expect([hide.status, answer.status]).toEqual([200, 200]);
    const row = await t.ctx.db
      .selectFrom('participants')
      .select(['visible', 'fields'])
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(row.visible).toBe(false);
    expect(row.fields).toMatchObject({
      visibleSetByUser: true,
      categoryValues: { [String(motto.id)]: 'Build things' },
    });
  });

  it('E2.74, E2.75, E9.46 the wizard shows the steps the event needs and scores completeness', async () => {
    const event = await makeEvent(t.ctx);
    const me = await makePerson(t.ctx, event.id);
    const bare = await get<WizardState>(me, `/event/participant/wizard?eventId=${event.id}`);
    expect(bare.body.data).toMatchObject({ steps: ['company', 'offerSeek'], points: 0, complete: false });
    await makeType(t.ctx, event.id);
    await makeCategory(t.ctx, event.id, { name: 'Topics' });
    await put(me, { eventId: event.id, company: 'A', jobTitle: 'B', offer: 'C', seek: 'D', biography: 'E' });
    const full = await get<WizardState>(me, `/event/participant/wizard?eventId=${event.id}`);
    expect(full.body.data).toMatchObject({
      steps: ['company', 'offerSeek', 'participantType', 'categories'],
      points: 5,
      complete: true,
    });
  });
});

describe('people to meet', () => {
  it('ranks by offer/seek fit and shared categories, explains why, and respects the rules', async () => {
    const event = await makeEvent(t.ctx);
    const topics = await makeCategory(t.ctx, event.id, { name: 'Topics' });
    const fintech = await makeCategory(t.ctx, event.id, { name: 'Fintech', parentId: topics.id });
    const me = await makePerson(t.ctx, event.id, {
      name: 'Me',
      seek: 'investors for our startup',
      offer: 'software development',
      categoryIds: [fintech.id],
    });
    const ana = await makePerson(t.ctx, event.id, {
      name: 'Ana',
      offer: 'Seed funding for fintech startups',
    });
    const bob = await makePerson(t.ctx, event.id, { name: 'Bob', seek: 'a SaaS platform' });
    const cat = await makePerson(t.ctx, event.id, { name: 'Cat', categoryIds: [fintech.id] });
    await makePerson(t.ctx, event.id, { name: 'Dan', offer: 'catering', seek: 'chefs' });
    const ignored = await makePerson(t.ctx, event.id, { name: 'Eve', offer: 'venture capital' });
    await call(t.app, {
      method: 'POST',
      url: '/api/v1/event/participant/tag',
      headers: me.headers,
      payload: { eventId: event.id, participantId: ignored.id, tag: 'ignored', on: true },
    });
    const res = await get<Recommendation[]>(me, `/event/participant/recommendations?eventId=${event.id}`);
    expect(res.status).toBe(200);
    const list = res.body.data!;
    expect(list.map((r) => r.participant.id)).toEqual([ana.id, bob.id, cat.id]);
    expect(list[0]?.reasons).toContain('You seek investors; Ana offers seed funding');
    expect(list[1]?.reasons[0]).toBe('Bob seeks saas platform; you offer software');
    expect(list[2]?.reasons).toEqual(['You share interests: Fintech']);
    // The same reasons, structured for the web app to word in the user's language.
    expect(list[0]?.details).toContainEqual({
      kind: 'youSeek',
      name: 'Ana',
      seek: 'investors',
      offer: 'seed funding',
    });
    expect(list[2]?.details).toEqual([{ kind: 'sharedInterests', names: ['Fintech'] }]);
  });
});
