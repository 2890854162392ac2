import type { RegisterResult } from '@foyer/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeEvent, makeParticipant, makeType, makeUser, tokenHeaders } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helper';
import type { EventRow } from '../../db/schema';
import { verifyPassword } from '../auth/password';

const TICKET = /^[2-9A-HJ-NP-Z]{10}$/;

describe('POST /event/register', () => {
  let t: TestApp;
  let event: EventRow;
  let attendeeType: number;
  beforeEach(async () => {
    t = await createTestApp();
    event = await makeEvent(t.ctx, { name: 'Expo', public_event: true });
    await makeType(t.ctx, event.id, { name: 'VIP', priority: 5 });
    attendeeType = (await makeType(t.ctx, event.id, { name: 'Attendee', atRegistration: true })).id;
  });
  afterEach(async () => t.close());

  const register = (payload: Record<string, unknown>) =>
    call<RegisterResult>(t.app, { method: 'POST', url: '/api/v1/event/register', payload });
  const standard = (extra: Record<string, unknown> = {}) => ({
    eventId: event.id,
    name: 'Ada',
    surname: 'Lovelace',
    email: '  Ada@Example.COM ',
    password: 'Correct horse 1',
    consent: true,
    ...extra,
  });
  const participantOf = (email: string) =>
    t.ctx.db
      .selectFrom('participants')
      .selectAll()
      .where('event_id', '=', event.id)
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
  const userOf = (email: string) =>
    t.ctx.db.selectFrom('users').selectAll().where('username', '=', email).executeTakeFirst();

  it('A1.01 A7.25 E7.30 A3.17 A3.19 A5.06 registers a newcomer: account with password, attendee with a ticket', async () => {
    const res = await register(standard({ company: 'Analytical Engines' }));
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const data = res.body.data!;
    expect(data).toEqual({
      ticketId: expect.stringMatching(TICKET),
      ticketType: 'Attendee',
      hasUserId: false,
      confirmationRequired: true,
    });
    const user = (await userOf('ada@example.com'))!;
    expect(user).toMatchObject({ name: 'Ada', surname: 'Lovelace' });
    expect(await verifyPassword(user.password_hash, 'Correct horse 1')).toBe(true);
    const participant = await participantOf('ada@example.com');
    expect(participant).toMatchObject({
      user_id: user.id,
      type_id: attendeeType,
      ticket_id: data.ticketId,
      state: 'active',
      reg_type: 'standard',
      company: 'Analytical Engines',
    });
    // The registration e-mail leaves through the bus after the commit (registration.processor.ts).
    await t.app.bus.idle();
    const mail = await t.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('subject', '=', 'Your registration for Expo')
      .executeTakeFirstOrThrow();
    expect(mail.recipient).toBe('ada@example.com');
    expect(mail.body_text).toContain(data.ticketId!);
  });

  it('issue 10: a new account from registration logs in only after confirming the mailed code', async () => {
    expect((await register(standard())).body.data?.confirmationRequired).toBe(true);
    const login = (password: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'ada@example.com', password },
      });
    expect((await login('Correct horse 1')).body.error?.code).toBe('UserNotConfirmedException');
    const mails = await t.ctx.db.selectFrom('outbox').select('body_text').orderBy('id').execute();
    const code = /code is (\d{6})/.exec(mails.map((m) => m.body_text).join('\n'))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const confirmed = await call<{ user: { username: string } }>(t.app, {
      method: 'POST',
      url: '/api/v1/auth/confirm-signup',
      payload: { username: 'ada@example.com', code },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data?.user.username).toBe('ada@example.com');
    expect((await login('Correct horse 1')).status).toBe(200);
  });

  it('issue 10: the e-mail of an existing account asks to log in first and changes nothing', async () => {
    const existing = await makeUser(t.ctx, { username: 'ada@example.com' });
    const res = await register(standard());
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe('MST-00140');
    expect(res.body.error?.msg).toContain('Log in');
    const records = await t.ctx.db
      .selectFrom('participants')
      .select('id')
      .where('event_id', '=', event.id)
      .execute();
    expect(records).toEqual([]);
    // Another logged-in account does not make it theirs either.
    const other = await makeUser(t.ctx, { username: 'other@example.com' });
    const asOther = await call(t.app, {
      method: 'POST',
      url: '/api/v1/event/register',
      payload: standard(),
      headers: await tokenHeaders(t.ctx, other.id),
    });
    expect(asOther.body.error?.code).toBe('MST-00140');
    expect(existing.id).not.toBe(other.id);
  });

  it('A3.17 hasUserId is true when the logged-in owner registers, whose password stays unchanged', async () => {
    const existing = await makeUser(t.ctx, { username: 'ada@example.com' });
    const res = await call<RegisterResult>(t.app, {
      method: 'POST',
      url: '/api/v1/event/register',
      payload: standard(),
      headers: await tokenHeaders(t.ctx, existing.id),
    });
    expect(res.body.data).toMatchObject({
      hasUserId: true,
      ticketType: 'Attendee',
      confirmationRequired: false,
    });
    expect((await participantOf('ada@example.com')).user_id).toBe(existing.id);
    expect((await userOf('ada@example.com'))!.password_hash).toBeNull();
  });

  it('A8.08 refuses an e-mail already registered for the event with 409 UsernameExistsException', async () => {
    expect((await register(standard())).status).toBe(200);
    const res = await register(standard({ email: 'ada@example.com', name: 'Someone' }));
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'UsernameExistsException',
      msg: 'This e-mail is already registered',
    });
  });

  it('A5.06 requires name, surname, e-mail, password and consent', async () => {
    const res = await register({ eventId: event.id, consent: false });
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toMatchObject({
      name: 'validation.error.required',
      surname: 'validation.error.required',
      email: 'validation.error.required',
      password: 'validation.error.required',
      consent: 'validation.error.consent',
    });
    const short = await register(standard({ password: 'short' }));
    expect(short.body.error?.fields).toEqual({ password: 'validation.error.password.min' });
    const weak = await register(standard({ password: 'no capitals 1' }));
    expect(weak.body.error?.fields).toEqual({ password: 'validation.error.password.rule' }); // A5.23
  });

  it('A5.08 A5.10 A5.11 ticket mode claims a listed ticket (any case) for the given username', async () => {
    const listed = await makeParticipant(t.ctx, event.id, null, {
      ticket_id: 'ABCD2345',
      email: 'imported@example.com',
      type_id: attendeeType,
      company: 'Kept Ltd',
    });
    const res = await register({
      eventId: event.id,
      ticketId: 'abcd2345',
      username: 'Grace@Example.com',
      name: 'Grace',
      surname: 'Hopper',
      password: 'Correct horse 1',
      consent: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ticketId: 'ABCD2345',
      ticketType: 'Attendee',
      hasUserId: false,
      confirmationRequired: true,
    });
    const row = await t.ctx.db
      .selectFrom('participants')
      .selectAll()
      .where('id', '=', listed.id)
      .executeTakeFirstOrThrow();
    const user = (await userOf('grace@example.com'))!;
    expect(row).toMatchObject({
      user_id: user.id,
      email: 'grace@example.com',
      reg_type: 'ticket',
      company: 'Kept Ltd',
    });
    const again = await register({
      eventId: event.id,
      ticketId: 'ABCD2345',
      username: 'other@example.com',
      name: 'Other',
      surname: 'Person',
      password: 'Correct horse 1',
      consent: true,
    });
    expect(again.status).toBe(409);
  });

  it('the ticket of a removed attendee does not hand their record to another account; its owner may come back', async () => {
    const owner = await makeUser(t.ctx, { username: 'first@example.com' });
    const removed = await makeParticipant(t.ctx, event.id, owner, {
      ticket_id: 'QRST6789',
      type_id: attendeeType,
      state: 'deleted',
    });
    const res = await register({
      eventId: event.id,
      ticketId: 'QRST6789',
      username: 'finder@example.com',
      name: 'Finder',
      surname: 'Person',
      password: 'Correct horse 1',
      consent: true,
    });
    expect(res.status).toBe(409);
    const row = await t.ctx.db
      .selectFrom('participants')
      .selectAll()
      .where('id', '=', removed.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: owner.id, email: 'first@example.com', state: 'deleted' });
    expect(await userOf('finder@example.com')).toBeUndefined();
    const back = await call<RegisterResult>(t.app, {
      method: 'POST',
      url: '/api/v1/event/register',
      headers: await tokenHeaders(t.ctx, owner.id),
      payload: {
        eventId: event.id,
        ticketId: 'QRST6789',
        name: 'First',
        surname: 'Owner',
        password: 'Correct horse 1',
        consent: true,
      },
    });
    expect(back.status).toBe(200);
    expect(back.body.data?.ticketId).toBe('QRST6789');
  });

  it('a made-up invitation token does not open a closed registration to a ticket', async () => {
    await t.ctx.db
      .updateTable('events')
      .set({ registration_open: false })
      .where('id', '=', event.id)
      .execute();
    const listed = await makeParticipant(t.ctx, event.id, null, {
      ticket_id: 'WXYZ2345',
      type_id: attendeeType,
    });
    const res = await register({
      eventId: event.id,
      ticketId: 'WXYZ2345',
      username: 'late@example.com',
      name: 'Late',
      surname: 'Comer',
      password: 'Correct horse 1',
      consent: true,
      invite: 'x'.repeat(43),
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ invite: 'organizer.people.error.invitation' });
    const row = await t.ctx.db
      .selectFrom('participants')
      .selectAll()
      .where('id', '=', listed.id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();
    expect(await userOf('late@example.com')).toBeUndefined();
  });

  it('A5.08 ticket mode refuses an unknown ticket with MST-00082 on the ticket field', async () => {
    const res = await register({
      eventId: event.id,
      ticketId: 'NOPE9999',
      name: 'Grace',
      surname: 'Hopper',
      password: 'Correct horse 1',
      consent: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'MST-00082',
      fields: { ticketId: 'registration.error.ticket' },
    });
    const short = await register({
      eventId: event.id,
      ticketId: 'abc',
      name: 'a',
      surname: 'b',
      password: 'x',
    });
    expect(short.body.error?.fields?.ticketId).toBe('validation.error.ticket');
  });

  it('A5.09 ticket mode with an e-mail takes over the record an organizer listed for it', async () => {
    const listed = await makeParticipant(t.ctx, event.id, null, { email: 'listed@example.com' });
    const res = await register({
      eventId: event.id,
      username: ' LISTED@example.com',
      email: 'listed@example.com',
      name: 'Listed',
      surname: 'Person',
      password: 'Correct horse 1',
      consent: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data!.ticketId).toMatch(TICKET);
    expect((await participantOf('listed@example.com')).id).toBe(listed.id);
  });

  it('A3.20 A5.12 simplereg needs phone, company and job title or city, and no password', async () => {
    const base = {
      eventId: event.id,
      regType: 'simplereg',
      name: 'Ada',
      surname: 'L',
      email: 'ada@example.com',
    };
    const missing = await register(base);
    expect(missing.body.error?.fields).toEqual({
      phone: 'validation.error.required',
      company: 'validation.error.required',
      jobTitle: 'validation.error.required',
    });
    const res = await register({ ...base, phone: '+90 555 000 0000', company: 'AE', city: 'London' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ticketId: expect.stringMatching(TICKET), hasUserId: false });
    expect((await userOf('ada@example.com'))!.password_hash).toBeNull();
    expect(await participantOf('ada@example.com')).toMatchObject({ city: 'London', reg_type: 'simplereg' });
  });

  it('A1.02 prereg records an inactive participant without a ticket, even while registration is closed', async () => {
    await t.ctx.db
      .updateTable('events')
      .set({ registration_open: false })
      .where('id', '=', event.id)
      .execute();
    const res = await register({
      eventId: event.id,
      regType: 'prereg',
      name: 'Ada',
      surname: 'L',
      email: 'a@b.co',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ticketId: null,
      ticketType: 'Attendee',
      hasUserId: false,
      confirmationRequired: false,
    });
    expect(await participantOf('a@b.co')).toMatchObject({ state: 'inactive', ticket_id: null });
  });

  it('A8.06 answers MST-00021 when registration is closed or the event is finished', async () => {
    await t.ctx.db
      .updateTable('events')
      .set({ registration_open: false })
      .where('id', '=', event.id)
      .execute();
    const closed = await register(standard());
    expect(closed.status).toBe(403);
    expect(closed.body.error?.code).toBe('MST-00021');
    const past = await makeEvent(t.ctx, { startsInDays: -10, days: 1 });
    const finished = await register(standard({ eventId: past.id }));
    expect(finished.body.error?.code).toBe('MST-00021');
    const prereg = await register({
      eventId: past.id,
      regType: 'prereg',
      name: 'A',
      surname: 'B',
      email: 'a@b.co',
    });
    expect(prereg.body.error?.code).toBe('MST-00021');
  });

  it('answers 404 for an unknown event', async () => {
    const res = await register(standard({ eventId: 987654 }));
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe('MST-00404');
  });
});
