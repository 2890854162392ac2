import { type BoothDetails, BoothErrorCode, type BoothSummary, type MemberList } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeBooth, makeCategory, makeEvent, makePerson, type Person } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { apiAs, failingRealtime, useTestApp } from '../../../test/helper';
import { pngDataUrl } from '../../../test/images';
import { updateBooth, uploadBoothImage } from './booths.service';

const t = useTestApp();

const req = apiAs(t);

async function setup() {
  const event = await makeEvent(t.ctx);
  const booth = await makeBooth(t.ctx, event.id, 'Acme');
  const owner = await makePerson(t.ctx, event.id, { name: 'Olga', boothId: booth.id, boothRole: 'owner' });
  const admin = await makePerson(t.ctx, event.id, { name: 'Adam', boothId: booth.id, boothRole: 'admin' });
  const visitor = await makePerson(t.ctx, event.id, { name: 'Vera' });
  return { event, booth, owner, admin, visitor };
}

describe('booths', () => {
  it('E7.40 E1.02, E3.17–E3.20 E9.45, E3.19 lists booths and shows detail with staff grouped, owner first', async () => {
    const { event, booth, owner, visitor } = await setup();
    const list = await req<BoothSummary[]>(visitor, 'GET', `/event/booth?eventId=${event.id}`);
    expect(list.body.data?.[0]).toMatchObject({
      id: booth.id,
      boothName: 'Acme',
      boothType: 'exhibitor',
      rate: 1,
    });
    expect(
      (await req<BoothSummary[]>(visitor, 'GET', `/event/booth?eventId=${event.id}&query=zzz`)).body.data,
    ).toEqual([]);
    const detail = await req<BoothDetails>(visitor, 'GET', `/event/booth/${booth.id}?eventId=${event.id}`);
    expect(detail.body.data).toMatchObject({
      ownerParticipantId: owner.id,
      agendaEnabled: true,
      canEdit: false,
    });
    expect(detail.body.data?.members.map((m) => [m.name, m.role])).toEqual([
      ['Olga', 'owner'],
      ['Adam', 'admin'],
    ]);
    const mine = await req<BoothDetails>(owner, 'GET', `/event/booth/${booth.id}?eventId=${event.id}`);
    expect(mine.body.data?.canEdit).toBe(true); // E6.25
    expect((await req(visitor, 'GET', `/event/booth/99999?eventId=${event.id}`)).status).toBe(404);
  });

  it('E7.79 an edited booth is announced on the event room (a refused edit is not)', async () => {
    const { event, booth, owner, visitor } = await setup();
    const records = () =>
      t.ctx.db
        .selectFrom('realtime_events')
        .select(['type', 'payload'])
        .where('room', '=', `newEvents/${event.id}`)
        .where('type', '=', 'booth.changed')
        .execute();
    expect(
      (await req(visitor, 'PUT', '/event/booth', { eventId: event.id, id: booth.id, description: 'no' }))
        .status,
    ).toBe(403);
    expect(await records()).toEqual([]);
    expect(
      (await req(owner, 'PUT', '/event/booth', { eventId: event.id, id: booth.id, description: 'New stand' }))
        .status,
    ).toBe(200);
    expect(await records()).toEqual([{ type: 'booth.changed', payload: { boothId: booth.id } }]);
  });

  it('E7.79 E7.34 a booth edit whose announcement cannot be written is not saved either', async () => {
    const { event, booth, owner } = await setup();
    const path = `/event/booth/${booth.id}?eventId=${event.id}`;
    const before = (await req<BoothDetails>(owner, 'GET', path)).body.data;
    const realtime = failingRealtime(t);
    await expect(
      updateBooth({ ctx: t.ctx, realtime }, owner.userId, {
        eventId: event.id,
        id: booth.id,
        description: 'lost?',
      }),
    ).rejects.toThrow('realtime insert failed');
    await expect(
      uploadBoothImage({ ctx: t.ctx, realtime }, owner.userId, {
        eventId: event.id,
        id: booth.id,
        kind: 'logo',
        image: pngDataUrl(700, 700),
      }),
    ).rejects.toThrow('realtime insert failed');
    const after = (await req<BoothDetails>(owner, 'GET', path)).body.data;
    expect(after?.description).not.toBe('lost?');
    expect(after).toEqual(before);
  });

  it('E7.34, E5.44 PUT event/booth: staff managers and organizers edit; website gets http://', async () => {
    const { event, booth, owner, visitor } = await setup();
    const cat = await makeCategory(t.ctx, event.id, { name: 'AI', kind: 'booth' });
    const body = {
      eventId: event.id,
      id: booth.id,
      boothName: 'Acme Labs',
      website: 'acme.example',
      documents: [{ name: 'Intro', url: '/v.mp4', type: 'bvideo' }],
      categories: [cat.id],
      some: { linkedin: 'acme' },
    };
    expect((await req(visitor, 'PUT', '/event/booth', body)).status).toBe(403);
    const ok = await req<BoothDetails>(owner, 'PUT', '/event/booth', body);
    expect(ok.body.data).toMatchObject({
      boothName: 'Acme Labs',
      website: 'http://acme.example',
      categories: [cat.id],
    });
    expect(ok.body.data?.documents[0]?.type).toBe('bvideo');
    const org = await makePerson(t.ctx, event.id, { organizer: true });
    expect(
      (await req(org, 'PUT', '/event/booth', { eventId: event.id, id: booth.id, description: 'x' })).status,
    ).toBe(200);
    expect((await req(owner, 'PUT', '/event/booth', { ...body, categories: [999_999] })).status).toBe(400);
    // The people's categories are not the booths' (a private question's options among them).
    const people = await makeCategory(t.ctx, event.id, { name: 'Dietary' });
    const mixed = await req(owner, 'PUT', '/event/booth', { ...body, categories: [cat.id, people.id] });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error?.fields).toEqual({ categories: 'validation.error.option' });
    expect(
      (await req(owner, 'PUT', '/event/booth', { ...body, boothName: 'x'.repeat(1_000_000) })).status,
    ).toBe(400);
    expect((await req(owner, 'PUT', '/event/booth', { ...body, color: 'red' })).status).toBe(400);
  });

  it('E7.34, E3.17 a booth website that is not a web address is refused with its field error', async () => {
    const { event, booth, owner } = await setup();
    const put = (website: string | null) =>
      req<BoothDetails>(owner, 'PUT', '/event/booth', { eventId: event.id, id: booth.id, website });
    expect((await put('https://acme.example/stand')).body.data?.website).toBe('https://acme.example/stand');
    for (const website of ['Designing event tools', 'http://Designing event tools', 'acme']) {
      const bad = await put(website);
      expect(bad.status).toBe(400);
      expect(bad.body.error?.fields).toEqual({ website: 'validation.error.url' });
    }
    const detail = await req<BoothDetails>(owner, 'GET', `/event/booth/${booth.id}?eventId=${event.id}`);
    expect(detail.body.data?.website).toBe('https://acme.example/stand');
    expect((await put('')).body.data?.website).toBeNull();
  });

  it('E7.34 a social link that is neither a web address nor a handle is refused and nothing is saved', async () => {
    const { event, booth, owner } = await setup();
    const put = (some: Record<string, string>) =>
      req<BoothDetails>(owner, 'PUT', '/event/booth', { eventId: event.id, id: booth.id, some });
    const ok = await put({
      linkedin: 'acme',
      twitter: '@acme_hq',
      facebook: 'facebook.com/acme',
      instagram: '',
    });
    expect(ok.status).toBe(200);
    const bad: Record<string, string>[] = [
      { facebook: 'javascript:alert(1)' },
      { instagram: 'https://admin:secret@instagram.com/acme' },
      { twitter: 'acme hq' },
    ];
    for (const some of bad) {
      const refused = await put(some);
      expect(refused.status, JSON.stringify(some)).toBe(400);
      expect(refused.body.error?.fields).toEqual({
        [`some.${Object.keys(some)[0]}`]: 'validation.error.url',
      });
    }
    const detail = await req<BoothDetails>(owner, 'GET', `/event/booth/${booth.id}?eventId=${event.id}`);
    expect(detail.body.data?.some).toMatchObject({
      linkedin: 'acme',
      twitter: '@acme_hq',
      facebook: 'facebook.com/acme',
    });
  });
});

describe('team members (E7.35–E7.39, E6.26, E6.27, E8.46)', () => {
  it('E7.37 E3.21 invites, the person confirms and is added to the team', async () => {
    const { event, booth, owner, admin, visitor } = await setup();
    const org = await makePerson(t.ctx, event.id, { organizer: true });
    const candidates = await req<{ id: number }[]>(
      owner,
      'GET',
      `/event/member/candidates?eventId=${event.id}`,
    );
    const ids = candidates.body.data!.map((c) => c.id);
    expect(ids).toContain(visitor.id);
    expect(ids).not.toContain(admin.id);
    expect(ids).not.toContain(org.id);
    expect(
      (await req(visitor, 'POST', '/event/member', { eventId: event.id, id: owner.id, role: 'user' })).status,
    ).toBe(403);
    expect(
      (await req(admin, 'POST', '/event/member', { eventId: event.id, id: visitor.id, role: 'admin' }))
        .status,
    ).toBe(403);
    const invited = await req(owner, 'POST', '/event/member', {
      eventId: event.id,
      id: visitor.id,
      role: 'admin',
    });
    // E3.21: a team member is their id and role, with the event and the booth.
    expect(invited.body.data).toMatchObject({
      id: visitor.id,
      role: 'not_confirmed',
      eventId: event.id,
      boothId: booth.id,
    });
    const again = await req(owner, 'POST', '/event/member', { eventId: event.id, id: org.id, role: 'user' });
    expect(again.body.error?.code).toBe(BoothErrorCode.AlreadyInBooth);
    const pending = await req<MemberList>(visitor, 'GET', `/event/member?eventId=${event.id}`);
    expect(pending.body.data?.invitation).toEqual({ boothId: booth.id, boothName: 'Acme', role: 'admin' });
    const publicView = await req<BoothDetails>(org, 'GET', `/event/booth/${booth.id}?eventId=${event.id}`);
    expect(publicView.body.data?.members.some((m) => m.role === 'not_confirmed')).toBe(true);
    const confirmed = await req(visitor, 'POST', '/event/member/confirm', {
      eventId: event.id,
      boothId: booth.id,
      accepted: true,
    });
    expect(confirmed.body.data).toMatchObject({
      accepted: true,
      message: 'You have been added to the Acme team',
    });
    const team = await req<MemberList>(owner, 'GET', `/event/member?eventId=${event.id}`);
    expect(team.body.data?.members.map((m) => [m.name, m.role])).toEqual([
      ['Olga', 'owner'],
      ['Adam', 'admin'],
      ['Vera', 'admin'],
    ]);
    expect(
      (
        await req(visitor, 'POST', '/event/member/confirm', {
          eventId: event.id,
          boothId: booth.id,
          accepted: true,
        })
      ).body.error?.code,
    ).toBe(BoothErrorCode.NotInvitedToBooth);
  });

  it('a role or image kind not offered, too many categories or a search too long is a 400 whose field names a message key', async () => {
    const { event, booth, owner, visitor } = await setup();
    for (const [method, url, payload, fields] of [
      [
        'POST',
        '/event/member',
        { eventId: event.id, id: visitor.id, role: 'owner' },
        { role: 'validation.error.option' },
      ],
      [
        'PUT',
        '/event/member',
        { eventId: event.id, id: visitor.id, role: 'boss' },
        { role: 'validation.error.option' },
      ],
      [
        'POST',
        '/event/booth/image',
        { eventId: event.id, id: booth.id, kind: 'avatar', image: 'data:image/png;base64,AA==' },
        { kind: 'validation.error.option' },
      ],
      [
        'PUT',
        '/event/booth',
        { eventId: event.id, id: booth.id, categories: Array.from({ length: 101 }, (_, i) => i + 1) },
        { categories: 'validation.error.maxItems' },
      ],
      [
        'GET',
        `/event/booth?eventId=${event.id}&query=${'a'.repeat(201)}`,
        undefined,
        { query: 'validation.error.maxLength' },
      ],
      [
        'GET',
        `/event/member/candidates?eventId=${event.id}&query=${'a'.repeat(201)}`,
        undefined,
        { query: 'validation.error.maxLength' },
      ],
    ] as const) {
      const res = await req(owner, method, url, payload);
      expect(res.status, url).toBe(400);
      expect(res.body.error?.fields, url).toEqual(fields);
    }
    const row = await t.ctx.db
      .selectFrom('participants')
      .select('booth_id')
      .where('id', '=', visitor.id)
      .executeTakeFirstOrThrow();
    expect(row.booth_id).toBeNull();
  });

  it('E7.71 the add-member picker lists people 10 at a time', async () => {
    const { event, owner } = await setup();
    for (let i = 0; i < 11; i++) await makePerson(t.ctx, event.id, { name: `Cand${i}` });
    const candidates = await req<{ id: number }[]>(
      owner,
      'GET',
      `/event/member/candidates?eventId=${event.id}`,
    );
    expect(candidates.status).toBe(200);
    expect(candidates.body.data).toHaveLength(10);
  });

  it('declining, role changes and removal follow the owner/admin/user rules', async () => {
    const { event, owner, admin, visitor } = await setup();
    const u = await makePerson(t.ctx, event.id, { name: 'Uma' });
    await req(owner, 'POST', '/event/member', { eventId: event.id, id: visitor.id, role: 'user' });
    const declined = await req(visitor, 'POST', '/event/member/confirm', {
      eventId: event.id,
      boothId: (await t.ctx.db.selectFrom('booths').select('id').executeTakeFirstOrThrow()).id,
      accepted: false,
    });
    expect(declined.body.data).toMatchObject({ accepted: false, message: null });
    expect(
      (await req<MemberList>(visitor, 'GET', `/event/member?eventId=${event.id}`)).body.data?.invitation,
    ).toBeNull();
    await req(admin, 'POST', '/event/member', { eventId: event.id, id: u.id, role: 'user' });
    expect(
      (await req(admin, 'PUT', '/event/member', { eventId: event.id, id: owner.id, role: 'user' })).body.error
        ?.code,
    ).toBe(BoothErrorCode.OwnerRole);
    expect(
      (await req(admin, 'PUT', '/event/member', { eventId: event.id, id: u.id, role: 'admin' })).status,
    ).toBe(403);
    expect(
      (await req(owner, 'PUT', '/event/member', { eventId: event.id, id: admin.id, role: 'user' })).body.data,
    ).toMatchObject({
      role: 'user',
    });
    expect(
      (await req(admin, 'DELETE', `/event/member?eventId=${event.id}&memberId=${owner.id}`)).status,
    ).toBe(403);
    expect(
      (await req(owner, 'DELETE', `/event/member?eventId=${event.id}&memberId=${owner.id}`)).status,
    ).toBe(409);
    expect((await req(owner, 'DELETE', `/event/member?eventId=${event.id}&memberId=${u.id}`)).status).toBe(
      200,
    );
    expect(
      (await req(admin, 'DELETE', `/event/member?eventId=${event.id}&memberId=${admin.id}`)).status,
    ).toBe(200); // leaves
    expect((await req(owner, 'DELETE', `/event/member?eventId=${event.id}&memberId=abc`)).status).toBe(400);
  });

  const membershipOf = (id: number) =>
    t.ctx.db
      .selectFrom('participants')
      .select(['booth_id', 'booth_role', 'booth_pending_role'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** A new person invited to the booth's team, and their acceptance sent beside `other`. */
  async function acceptBeside(
    ctx: Awaited<ReturnType<typeof setup>>,
    other: (invitee: Person) => ReturnType<typeof req>,
  ) {
    const { event, booth, owner } = ctx;
    const invitee = await makePerson(t.ctx, event.id);
    await req(owner, 'POST', '/event/member', { eventId: event.id, id: invitee.id, role: 'user' });
    const [accept, beside] = await Promise.all([
      req(invitee, 'POST', '/event/member/confirm', { eventId: event.id, boothId: booth.id, accepted: true }),
      other(invitee),
    ]);
    return { invitee, accept, beside };
  }

  it('E7.36 E7.39 an invitation withdrawn while it is accepted leaves the person in the team or out of it, never with a role and no booth', async () => {
    const ctx = await setup();
    const { event, owner } = ctx;
    for (let round = 0; round < 4; round++) {
      const {
        invitee,
        accept,
        beside: withdraw,
      } = await acceptBeside(ctx, (invitee) =>
        req(owner, 'DELETE', `/event/member?eventId=${event.id}&memberId=${invitee.id}`),
      );
      const row = await membershipOf(invitee.id);
      expect(row.booth_role === null, JSON.stringify(row)).toBe(row.booth_id === null);
      // The withdrawal answered 200: whichever came first, the person is out of the team.
      expect(withdraw.status).toBe(200);
      expect(row).toEqual({ booth_id: null, booth_role: null, booth_pending_role: null });
      expect([200, 409]).toContain(accept.status);
    }
  });

  it('E7.38 E7.36 a role changed while the invitation is accepted is the role the person has', async () => {
    const ctx = await setup();
    const { event, booth, owner } = ctx;
    for (let round = 0; round < 4; round++) {
      const {
        invitee,
        accept,
        beside: change,
      } = await acceptBeside(ctx, (invitee) =>
        req(owner, 'PUT', '/event/member', { eventId: event.id, id: invitee.id, role: 'admin' }),
      );
      expect([accept.status, change.status]).toEqual([200, 200]);
      expect(await membershipOf(invitee.id)).toEqual({
        booth_id: booth.id,
        booth_role: 'admin',
        booth_pending_role: null,
      });
    }
  });

  it('A2.93 E2.64 A9.08 E9.18 E5.66 A9.09 E9.21 E5.67 uploads a logo and a banner within their sizes; others are refused', async () => {
    const { event, booth, owner, visitor } = await setup();
    const url = `/event/booth/image`;
    const body = (kind: string, width: number, height: number) => ({
      eventId: event.id,
      id: booth.id,
      kind,
      image: pngDataUrl(width, height),
    });
    expect((await req(visitor, 'POST', url, body('logo', 700, 700))).status).toBe(403);
    const logo = await req<BoothDetails>(owner, 'POST', url, body('logo', 700, 700));
    expect(logo.body.data?.images.logo).toMatch(/^\/uploads\/booths\/\d+-logo-[0-9a-f]+\.png$/);
    const banner = await req<BoothDetails>(owner, 'POST', url, body('banner', 1260, 250));
    expect(banner.body.data?.images).toEqual({
      logo: logo.body.data?.images.logo,
      banner: expect.any(String),
    });
    const served = await t.app.inject({ method: 'GET', url: banner.body.data!.images.banner! });
    expect(served.statusCode).toBe(200);
    const tooBig = await req(owner, 'POST', url, body('logo', 1260, 250));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error?.fields).toEqual({ image: 'expo.image.dimensions' });
    const gif = await req(owner, 'POST', url, { ...body('logo', 1, 1), image: 'data:image/gif;base64,R0lG' });
    expect(gif.body.error?.fields).toEqual({ image: 'account.photo.type' });
    const fake = await req(owner, 'POST', url, {
      ...body('logo', 1, 1),
      image: 'data:image/png;base64,AAAA',
    });
    expect(fake.body.error?.fields).toEqual({ image: 'account.photo.type' });
  });

  it('A2.93 A9.08 A9.09 E7.79 a new logo and a new banner sent at the same moment both stay, and both are served', async () => {
    const { event, booth, owner } = await setup();
    const send = (kind: 'logo' | 'banner', width: number, height: number) =>
      req<BoothDetails>(owner, 'POST', '/event/booth/image', {
        eventId: event.id,
        id: booth.id,
        kind,
        image: pngDataUrl(width, height),
      });
    expect((await send('logo', 600, 600)).status).toBe(200);
    expect((await send('banner', 1200, 240)).status).toBe(200);
    const [logo, banner] = await Promise.all([send('logo', 700, 700), send('banner', 1260, 250)]);
    expect([logo.status, banner.status]).toEqual([200, 200]);
    const detail = await req<BoothDetails>(owner, 'GET', `/event/booth/${booth.id}?eventId=${event.id}`);
    expect(detail.body.data?.images).toEqual({
      logo: logo.body.data?.images.logo,
      banner: banner.body.data?.images.banner,
    });
    for (const url of Object.values(detail.body.data?.images ?? {})) {
      expect((await t.app.inject({ method: 'GET', url: String(url) })).statusCode).toBe(200);
    }
  });
});

/** A PNG header naming its size: the server reads the size from the bytes, not the label. */

/** A booth edit beside a team change (PostgreSQL: PGlite runs one transaction at a time). */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a booth edited beside a team change (PostgreSQL)', () => {
  const held = useHeldTransactions(() => t.ctx.db);

  it('a booth page opened while the organizer deletes the booth is a 404, not a broken visit', async () => {
    const { event, booth, visitor } = await setup();
    const opened = await held.behind(
      async (trx) => {
        await trx.deleteFrom('booths').where('id', '=', booth.id).execute();
      },
      () => req(visitor, 'GET', `/event/booth/${booth.id}?eventId=${event.id}`),
    );
    expect(opened.status).toBe(404);
    expect(await t.ctx.db.selectFrom('booth_visits').select('booth_id').execute()).toEqual([]);
  });

  it('E7.34 an admin taken off the team while saving the booth changes nothing (403)', async () => {
    const { event, booth, admin } = await setup();
    // The owner's removal of the admin in flight: the booth held, the admin's booth cleared.
    const saved = await held.behind(
      async (trx) => {
        await trx.selectFrom('booths').select('id').where('id', '=', booth.id).forUpdate().execute();
        await trx
          .updateTable('participants')
          .set({ booth_id: null, booth_role: null, booth_pending_role: null })
          .where('id', '=', admin.id)
          .execute();
      },
      () => req(admin, 'PUT', '/event/booth', { eventId: event.id, id: booth.id, boothName: 'Hijacked' }),
    );
    expect(saved.status).toBe(403);
    const row = await t.ctx.db
      .selectFrom('booths')
      .select('name')
      .where('id', '=', booth.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Acme');
  });
});
