import type { EventInvitation, RegisterResult } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, makeType, makeUser, type Person } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { call, useTestApp } from '../../../test/helper';
import { REISSUE_AFTER_MS } from './invitations.service';

const t = useTestApp();

type Who = Pick<Person, 'headers'> | null;
const req = <T>(who: Who, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  call<T>(t.app, {
    method,
    url: `/api/v1${url}`,
    ...(who ? { headers: who.headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

let n = 0;
const address = () => `guest${++n}-${Date.now()}@example.test`;

async function setup() {
  const event = await makeEvent(t.ctx, { registration_open: true, public_event: true });
  const owner = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'owner' });
  return { event, owner };
}

/** The token of the last invitation mailed to `email`. */
async function mailedToken(email: string): Promise<string> {
  await t.app.bus.idle();
  const mail = await t.ctx.db
    .selectFrom('outbox')
    .selectAll()
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const match = /invite=([A-Za-z0-9_-]+)/.exec(mail.body_text);
  expect(match).not.toBeNull();
  return match![1]!;
}

/** The owner invites an existing account by its login address; the mailed link's token. */
async function invitedToken(owner: Person, eventId: number, user: { username: string; name: string }) {
  await req(owner, 'POST', '/event/participant/invite', {
    eventId,
    name: user.name,
    surname: 'Johnson',
    email: user.username,
    present: 'venue',
  });
  return mailedToken(user.username);
}

const participantsOf = (eventId: number, email: string) =>
  t.ctx.db
    .selectFrom('participants')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('email', '=', email)
    .execute();

describe('invitations (E7.66, E7.67)', () => {
  it('E8.43 an organizer invites; E5.61 a hybrid event needs present; E5.60 no phone for an existing event; the invitee registers from the mailed link and is active', async () => {
    const { event, owner } = await setup();
    const type = await makeType(t.ctx, event.id, { name: 'VIP' });
    const email = address();
    const missing = await req(owner, 'POST', '/event/participant/invite', {
      eventId: event.id,
      name: 'Grace',
      surname: 'Hopper',
      email,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields).toEqual({ present: 'validation.error.required' });

    const invited = await req<{ participantId: number; created: boolean }>(
      owner,
      'POST',
      '/event/participant/invite',
      {
        eventId: event.id,
        name: 'Grace',
        surname: 'Hopper',
        email,
        present: 'venue',
        typeId: type.id,
      },
    );
    expect(invited.status).toBe(200);
    expect(invited.body.data?.created).toBe(true);
    const [row] = await participantsOf(event.id, email);
    expect(row).toMatchObject({ state: 'invited', user_id: null, type_id: type.id, present: 'venue' });
    expect(row?.invite_token_hash).toMatch(/^[0-9a-f]{64}$/);

    const token = await mailedToken(email);
    expect(row?.invite_token_hash).not.toBe(token);
    const info = await req<EventInvitation>(null, 'GET', `/event/invitation/${token}`);
    expect(info.body.data).toMatchObject({ eventId: event.id, email, name: 'Grace', hasAccount: false });

    // Registration closed: the personal link still opens it.
    await t.ctx.db
      .updateTable('events')
      .set({ registration_open: false })
      .where('id', '=', event.id)
      .execute();
    const registered = await req<RegisterResult>(null, 'POST', '/event/register', {
      eventId: event.id,
      name: 'Grace',
      surname: 'Hopper',
      email,
      password: 'Secret123',
      consent: true,
      invite: token,
    });
    expect(registered.status).toBe(200);
    expect(registered.body.data?.confirmationRequired).toBe(false);
    const rows = await participantsOf(event.id, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: row?.id,
      state: 'active',
      type_id: type.id,
      invite_token_hash: null,
    });
    expect(rows[0]?.user_id).not.toBeNull();

    // The link works once.
    expect((await req(null, 'GET', `/event/invitation/${token}`)).status).toBe(404);
    const again = await req(null, 'POST', '/event/register', {
      eventId: event.id,
      name: 'Eve',
      surname: 'Else',
      email: address(),
      password: 'Secret123',
      consent: true,
      invite: token,
    });
    expect(again.status).toBe(400);
    expect(again.body.error?.fields).toEqual({ invite: 'organizer.people.error.invitation' });
  });

  it('re-inviting the same e-mail keeps one participant and sends a new link (the old one stops working)', async () => {
    const { event, owner } = await setup();
    const email = address();
    const body = { eventId: event.id, name: 'Alan', surname: 'Turing', email, present: 'online' };
    await req(owner, 'POST', '/event/participant/invite', body);
    const first = await mailedToken(email);
    // A while later (a link issued a moment ago is not replaced: a double click, below).
    await t.ctx.db
      .updateTable('participants')
      .set({ invited_at: new Date(Date.now() - REISSUE_AFTER_MS) })
      .where('event_id', '=', event.id)
      .where('email', '=', email)
      .execute();
    const second = await req<{ created: boolean }>(owner, 'POST', '/event/participant/invite', {
      ...body,
      email: email.toUpperCase(),
    });
    expect(second.body.data?.created).toBe(false);
    expect(await participantsOf(event.id, email)).toHaveLength(1);
    const next = await mailedToken(email);
    expect(next).not.toBe(first);
    expect((await req(null, 'GET', `/event/invitation/${first}`)).status).toBe(404);
    expect((await req(null, 'GET', `/event/invitation/${next}`)).status).toBe(200);
  });

  it('an existing account logs in and accepts: the invitation becomes theirs', async () => {
    const { event, owner } = await setup();
    const user = await makeUser(t.ctx, { username: address(), name: 'Kat', surname: 'Johnson' });
    const token = await invitedToken(owner, event.id, user);
    expect(
      (await req<EventInvitation>(null, 'GET', `/event/invitation/${token}`)).body.data?.hasAccount,
    ).toBe(true);
    expect((await req(null, 'POST', '/event/invitation/accept', { token })).status).toBe(401);
    const accepted = await req<{ eventId: number; participantId: number }>(
      user,
      'POST',
      '/event/invitation/accept',
      {
        token,
      },
    );
    expect(accepted.status).toBe(200);
    const row = await t.ctx.db
      .selectFrom('participants')
      .selectAll()
      .where('id', '=', accepted.body.data!.participantId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: user.id,
      state: 'active',
      event_id: event.id,
      invite_token_hash: null,
    });
    const twice = await req(user, 'POST', '/event/invitation/accept', { token });
    expect(twice.status).toBe(400);
    expect(twice.body.error?.fields).toEqual({ token: 'organizer.people.error.invitation' });
  });

  it('an invitation to an event that has finished is not accepted: the link stays unused', async () => {
    const { event, owner } = await setup();
    const user = await makeUser(t.ctx, { username: address(), name: 'Late', surname: 'Johnson' });
    const token = await invitedToken(owner, event.id, user);
    await t.ctx.db.updateTable('events').set({ is_finished: true }).where('id', '=', event.id).execute();
    const accepted = await req(user, 'POST', '/event/invitation/accept', { token });
    expect(accepted.status).toBe(403);
    expect(accepted.body.error?.code).toBe('MST-00021');
    const [row] = await participantsOf(event.id, user.username);
    expect(row).toMatchObject({ user_id: null, state: 'invited' });
    expect(row?.invite_token_hash).not.toBeNull();
  });

  it('E7.66 an account invited at its login address and at another accepts either link: one live record', async () => {
    const { event, owner } = await setup();
    const kat = await makeUser(t.ctx, { username: address(), name: 'Kat', surname: 'Johnson' });
    const atLogin = await invitedToken(owner, event.id, kat);
    const other = address();
    const atOther = await invitedToken(owner, event.id, { username: other, name: 'Kat' });
    const accepted = await req<{ participantId: number }>(kat, 'POST', '/event/invitation/accept', {
      token: atOther,
    });
    expect(accepted.status).toBe(200);
    const again = await req(kat, 'POST', '/event/invitation/accept', { token: atLogin });
    expect(again.status).toBe(200);
    const live = await t.ctx.db
      .selectFrom('participants')
      .select(['id', 'state'])
      .where('event_id', '=', event.id)
      .where('user_id', '=', kat.id)
      .where('state', '!=', 'deleted')
      .execute();
    expect(live).toEqual([{ id: accepted.body.data?.participantId, state: 'active' }]);
  });

  it('E7.66 a removed attendee invited again at another address accepts: one live record', async () => {
    const { event, owner } = await setup();
    const kat = await makePerson(t.ctx, event.id, { name: 'Kat' });
    await t.ctx.db.updateTable('participants').set({ state: 'deleted' }).where('id', '=', kat.id).execute();
    const other = address();
    const token = await invitedToken(owner, event.id, { username: other, name: 'Kat' });
    const accepted = await req<{ participantId: number }>(kat, 'POST', '/event/invitation/accept', { token });
    expect(accepted.status).toBe(200);
    const live = await t.ctx.db
      .selectFrom('participants')
      .select(['id', 'state'])
      .where('event_id', '=', event.id)
      .where('user_id', '=', kat.userId)
      .where('state', '!=', 'deleted')
      .execute();
    expect(live).toEqual([{ id: accepted.body.data?.participantId, state: 'active' }]);
  });

  it('one invitation link accepted by two accounts at the same moment goes to one of them only', async () => {
    const { event, owner } = await setup();
    const kat = await makeUser(t.ctx, { username: address(), name: 'Kat', surname: 'Johnson' });
    const lee = await makeUser(t.ctx, { username: address(), name: 'Lee', surname: 'Chen' });
    const token = await invitedToken(owner, event.id, kat);
    const answers = await Promise.all(
      [kat, lee].map((who) =>
        req<{ eventId: number; participantId: number }>(who, 'POST', '/event/invitation/accept', { token }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers[0]?.status === 200 ? kat : lee;
    const places = await t.ctx.db
      .selectFrom('participants')
      .select(['user_id', 'state'])
      .where('event_id', '=', event.id)
      .where('user_id', 'in', [kat.id, lee.id])
      .execute();
    expect(places).toEqual([{ user_id: winner.id, state: 'active' }]);
  });

  it('A6.06 E6.12 holders of the inviteparticipant right may invite; bad input is refused and nothing is written', async () => {
    const { event } = await setup();
    const holder = await makePerson(t.ctx, event.id, { rights: { inviteparticipant: true } });
    const email = address();
    const ok = await req(holder, 'POST', '/event/participant/invite', {
      eventId: event.id,
      name: 'Ada',
      surname: 'Byron',
      email,
      present: 'venue',
    });
    expect(ok.status).toBe(200);
    const bad = await req(holder, 'POST', '/event/participant/invite', {
      eventId: event.id,
      name: '',
      surname: 'X',
      email: 'not-an-email',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toMatchObject({
      name: 'validation.error.required',
      email: 'validation.error.email',
    });
    const badType = await req(holder, 'POST', '/event/participant/invite', {
      eventId: event.id,
      name: 'A',
      surname: 'B',
      email: address(),
      present: 'venue',
      typeId: 999_999,
    });
    expect(badType.body.error?.fields).toEqual({ typeId: 'organizer.people.error.type' });
    expect(await participantsOf(event.id, 'not-an-email')).toHaveLength(0);
  });

  it("E7.66 an attendee's re-invite keeps the type and details the organizers set", async () => {
    const { event, owner } = await setup();
    const speaker = await makeType(t.ctx, event.id, { name: 'Speaker' });
    const holder = await makePerson(t.ctx, event.id, { rights: { inviteparticipant: true } });
    const email = address();
    const first = await req(owner, 'POST', '/event/participant/invite', {
      eventId: event.id,
      name: 'Grace',
      surname: 'Hopper',
      email,
      present: 'venue',
      typeId: speaker.id,
    });
    expect(first.status).toBe(200);
    const again = await req(holder, 'POST', '/event/participant/invite', {
      eventId: event.id,
      name: 'Not',
      surname: 'Grace',
      email,
      present: 'venue',
    });
    expect(again.status).toBe(200);
    const [row] = await t.ctx.db
      .selectFrom('participants')
      .select(['name', 'surname', 'type_id', 'state'])
      .where('event_id', '=', event.id)
      .where('email', '=', email)
      .execute();
    expect(row).toEqual({ name: 'Grace', surname: 'Hopper', type_id: speaker.id, state: 'invited' });
  });

  it('an attendee cannot bring back a person the organizers removed; an organizer can', async () => {
    const { event, owner } = await setup();
    const holder = await makePerson(t.ctx, event.id, { rights: { inviteparticipant: true } });
    const removed = await makePerson(t.ctx, event.id, {});
    await t.ctx.db
      .updateTable('participants')
      .set({ state: 'deleted' })
      .where('id', '=', removed.id)
      .execute();
    const body = {
      eventId: event.id,
      name: 'Back',
      surname: 'Again',
      email: removed.email,
      present: 'venue',
    };
    const byHolder = await req(holder, 'POST', '/event/participant/invite', body);
    expect(byHolder.status).toBe(403);
    const state = () =>
      t.ctx.db
        .selectFrom('participants')
        .select('state')
        .where('id', '=', removed.id)
        .executeTakeFirstOrThrow();
    expect((await state()).state).toBe('deleted');
    const byOwner = await req(owner, 'POST', '/event/participant/invite', body);
    expect(byOwner.status).toBe(200);
    expect((await state()).state).toBe('invited');
  });

  it('too many people or categories in an invitation are named by message keys in fields', async () => {
    const { event, owner } = await setup();
    const email = address();
    const invite = await req(owner, 'POST', '/event/participant/invite', {
      eventId: event.id,
      name: 'A',
      surname: 'B',
      email,
      present: 'venue',
      categories: Array(101).fill(1),
    });
    expect(invite.status).toBe(400);
    expect(invite.body.error?.fields).toEqual({ categories: 'validation.error.maxItems' });
    const add = await req(owner, 'POST', '/event/participant', {
      eventId: event.id,
      participants: Array.from({ length: 501 }, (_, i) => ({ email: `bulk${i}-${email}` })),
    });
    expect(add.status).toBe(400);
    expect(add.body.error?.fields).toEqual({ participants: 'validation.error.maxItems' });
    const one = await req(owner, 'POST', '/event/participant', {
      eventId: event.id,
      participants: [{ email, categories: Array(101).fill(1) }],
    });
    expect(one.body.error?.fields).toEqual({ 'participants.0.categories': 'validation.error.maxItems' });
    expect(await participantsOf(event.id, email)).toHaveLength(0);
  });

  it('E8.44 an attendee, an organizer of another event and a check-in admin may not invite', async () => {
    const { event } = await setup();
    const other = await makeEvent(t.ctx);
    const attendee = await makePerson(t.ctx, event.id);
    const stranger = await makePerson(t.ctx, other.id, { organizer: true, organizerRole: 'owner' });
    const checkin = await makePerson(t.ctx, event.id, { checkInAdmin: true });
    for (const who of [attendee, stranger, checkin]) {
      const res = await req(who, 'POST', '/event/participant/invite', {
        eventId: event.id,
        name: 'No',
        surname: 'Body',
        email: address(),
        present: 'venue',
      });
      expect(res.status).toBe(403);
    }
  });

  it('E7.29 organizers add participants directly: invited, no account, no mail unless asked; idempotent by e-mail', async () => {
    const { event, owner } = await setup();
    const a = address();
    const b = address();
    const added = await req<{ created: number; existing: number; participantIds: number[] }>(
      owner,
      'POST',
      '/event/participant',
      { eventId: event.id, participants: [{ name: 'A', surname: 'One', email: a }, { email: b }] },
    );
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ created: 2, existing: 0 });
    const again = await req<{ created: number; existing: number }>(owner, 'POST', '/event/participant', {
      eventId: event.id,
      participants: [{ email: a }],
      sendInvitation: true,
    });
    expect(again.body.data).toMatchObject({ created: 0, existing: 1 });
    expect(await participantsOf(event.id, a)).toHaveLength(1);
    await mailedToken(a);
    await t.app.bus.idle();
    const mailsToB = await t.ctx.db.selectFrom('outbox').select('id').where('recipient', '=', b).execute();
    expect(mailsToB).toHaveLength(0);

    const bad = await req(owner, 'POST', '/event/participant', { eventId: event.id, participants: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ participants: 'validation.error.required' });

    const other = await makeEvent(t.ctx);
    const attendee = await makePerson(t.ctx, event.id);
    const stranger = await makePerson(t.ctx, other.id, { organizer: true, organizerRole: 'owner' });
    const checkin = await makePerson(t.ctx, event.id, { checkInAdmin: true });
    for (const who of [attendee, stranger, checkin]) {
      const res = await req(who, 'POST', '/event/participant', {
        eventId: event.id,
        participants: [{ email: address() }],
      });
      expect(res.status).toBe(403);
    }
  });

  it('a malformed or unknown token is refused', async () => {
    expect((await req(null, 'GET', '/event/invitation/short')).status).toBe(400);
    expect((await req(null, 'GET', `/event/invitation/${'x'.repeat(43)}`)).status).toBe(404);
  });
});

/** Every invitation link mailed to `email`, in the order mailed. */
async function mailedTokens(email: string): Promise<string[]> {
  await t.app.bus.idle();
  const mails = await t.ctx.db
    .selectFrom('outbox')
    .select('body_text')
    .where('recipient', '=', email)
    .orderBy('id')
    .execute();
  return mails.map((m) => /invite=([A-Za-z0-9_-]+)/.exec(m.body_text)?.[1] ?? '');
}

/**
 * A double click: the same invitation asked for twice at once. The requests take turns on the
 * address (or the person's row), and each used to give the person a fresh link, the second one
 * killing the first one's, already mailed.
 */
describe('an invitation asked for twice at once (double click)', () => {
  const statuses = async (tokens: string[]) =>
    Promise.all(tokens.map(async (token) => (await req(null, 'GET', `/event/invitation/${token}`)).status));

  it('E7.66 two invites of one address at once mail one link, and it works', async () => {
    const { event, owner } = await setup();
    const email = address();
    const body = { eventId: event.id, name: 'Ada', surname: 'Lovelace', email, present: 'venue' };
    const answers = await Promise.all(
      [1, 2].map(() => req(owner, 'POST', '/event/participant/invite', body)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const tokens = await mailedTokens(email);
    expect(await statuses(tokens)).toEqual(tokens.map(() => 200)); // every link mailed works
    expect(tokens).toHaveLength(1);
    expect(await participantsOf(event.id, email)).toHaveLength(1);
  });

  it('E7.29 the console’s resend of one person’s invitation, twice at once, mails one link, and it works', async () => {
    const { event, owner } = await setup();
    const email = address();
    await req(owner, 'POST', '/event/participant', { eventId: event.id, participants: [{ email }] });
    const [person] = await participantsOf(event.id, email);
    const url = `/organizer/event/${event.id}/participants/bulk`;
    const answers = await Promise.all(
      [1, 2].map(() =>
        req<{ affected: number }>(owner, 'POST', url, { ids: [person?.id], action: 'resendInvitation' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const tokens = await mailedTokens(email);
    expect(await statuses(tokens)).toEqual(tokens.map(() => 200)); // every link mailed works
    expect(tokens).toHaveLength(1);
  });
});

/** PGlite runs one transaction at a time: only PostgreSQL lets an invite meet a registration. */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'an invite beside a registration of the address (PostgreSQL)',
  () => {
    const held = useHeldTransactions(() => t.ctx.db);

    it('E7.66 inviting an address as it registers is a 409 “already takes part”, one record', async () => {
      const { event, owner } = await setup();
      const user = await makeUser(t.ctx);
      // The person registers (registration.service.ts inserts their record), not yet committed.
      const invited = await held.behind(
        async (trx) => {
          await trx
            .insertInto('participants')
            .values({
              event_id: event.id,
              user_id: user.id,
              email: user.username,
              name: 'Reg',
              surname: 'Istered',
              state: 'active',
              reg_type: 'reg',
            })
            .execute();
        },
        () =>
          req(owner, 'POST', '/event/participant/invite', {
            eventId: event.id,
            name: 'In',
            surname: 'Vited',
            email: user.username,
            present: 'venue',
          }),
      );
      expect(invited.status).toBe(409);
      expect(invited.body.error?.msg).toBe('This person already takes part in the event');
      const rows = await participantsOf(event.id, user.username);
      expect(rows.map((r) => [r.state, r.user_id])).toEqual([['active', user.id]]);
    });

    it('E7.66 two invitations to one event accepted at the same moment: both answer, one live record', async () => {
      const { event, owner } = await setup();
      const kat = await makeUser(t.ctx, { username: address(), name: 'Kat', surname: 'Johnson' });
      const first = await invitedToken(owner, event.id, { username: address(), name: 'Kat' });
      const second = await invitedToken(owner, event.id, { username: address(), name: 'Kat' });
      const answers = await Promise.all(
        [first, second].map((token) => req(kat, 'POST', '/event/invitation/accept', { token })),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const live = await t.ctx.db
        .selectFrom('participants')
        .select('state')
        .where('event_id', '=', event.id)
        .where('user_id', '=', kat.id)
        .where('state', '!=', 'deleted')
        .execute();
      expect(live).toEqual([{ state: 'active' }]);
    });
  },
);
