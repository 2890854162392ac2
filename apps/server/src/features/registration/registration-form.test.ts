import type { RegisterResult, RegistrationField } from '@foyer/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeEvent, makeParticipant, makeType, tokenHeaders, writeCounts } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helper';
import type { EventRow } from '../../db/schema';
import { REGISTER_RATE_LIMIT } from './registration.routes';

const FORM: RegistrationField[] = [
  { fieldName: 'industry', type: 'select', required: true, dataList: ['Fintech', 'Health'] },
  { fieldName: 'topics', type: 'multiselect', required: false, dataList: ['AI', 'Payments'] },
  { fieldName: 'terms', type: 'checkbox', required: true },
  { fieldName: 'note', type: 'text', required: false, placeholder: 'Anything else?' },
  { fieldName: 'company', type: 'text', required: true },
];

describe('registration form rules and bad input', () => {
  let t: TestApp;
  let event: EventRow;
  beforeEach(async () => {
    t = await createTestApp();
    event = await makeEvent(t.ctx, { registration_form: JSON.stringify(FORM) });
    await makeType(t.ctx, event.id, { name: 'Attendee', atRegistration: true });
  });
  afterEach(async () => t.close());

  const payload = (extra: Record<string, unknown> = {}) => ({
    eventId: event.id,
    name: 'Ada',
    surname: 'Lovelace',
    email: 'ada@example.com',
    password: 'Correct horse 1',
    consent: true,
    company: 'AE',
    fields: { industry: 'Fintech', terms: 'true' },
    ...extra,
  });
  const register = (body: unknown) =>
    call<RegisterResult>(t.app, { method: 'POST', url: '/api/v1/event/register', payload: body as object });

  it('A5.13 A5.14 A5.15 checks dynamic fields: one error per field, MST-00082', async () => {
    const res = await register(
      payload({
        company: undefined,
        fields: { industry: 'Mining', topics: ['AI', 'Cooking'], terms: 'false' },
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'MST-00082',
      msg: 'Please check the registration form',
      fields: {
        'fields.industry': 'validation.error.option',
        'fields.topics': 'validation.error.option',
        'fields.terms': 'validation.error.required',
        'fields.company': 'validation.error.required',
      },
    });
    const unknown = await register(
      payload({ fields: { industry: 'Health', terms: 'true', shoeSize: '44' } }),
    );
    expect(unknown.body.error?.fields).toEqual({ 'fields.shoeSize': 'validation.error.unknownField' });
    const wrongShape = await register(payload({ fields: { industry: ['Health'], terms: 'true' } }));
    expect(wrongShape.body.error?.fields).toEqual({ 'fields.industry': 'validation.error.type' });
    expect(await writeCounts(t.ctx)).toMatchObject({ users: 0, participants: 0 });
  });

  it('A5.13 stores valid dynamic fields on the participant', async () => {
    const fields = { industry: 'Health', topics: ['AI'], terms: 'true', note: 'vegetarian' };
    const res = await register(payload({ fields }));
    expect(res.status).toBe(200);
    const row = await t.ctx.db.selectFrom('participants').selectAll().executeTakeFirstOrThrow();
    expect(row.fields).toEqual(fields);
    expect(row.company).toBe('AE');
  });

  it('concurrent double submit of one e-mail creates one account and one participant', async () => {
    const results = await Promise.all([1, 2, 3].map(() => register(payload())));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.error?.code).toBe('UsernameExistsException');
    }
    expect(await writeCounts(t.ctx)).toEqual({ users: 1, user_emails: 1, identities: 1, participants: 1 });
  });

  /** Ada's account (registered in the first event), a second event, and her two submits to it at once. */
  async function accountAndSecondEvent() {
    await register(payload());
    const user = await t.ctx.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const headers = await tokenHeaders(t.ctx, user.id);
    const other = await makeEvent(t.ctx, { registration_form: JSON.stringify(FORM) });
    const submitTwice = () =>
      Promise.all(
        [1, 2].map(() =>
          call<RegisterResult>(t.app, {
            method: 'POST',
            url: '/api/v1/event/register',
            payload: payload({ eventId: other.id }),
            headers,
          }),
        ),
      );
    return { user, other, submitTwice };
  }

  it('concurrent submits by an existing (logged-in) account still make one participant', async () => {
    const { submitTwice } = await accountAndSecondEvent();
    const results = await submitTwice();
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 200)!.body.data!.hasUserId).toBe(true);
    expect((await writeCounts(t.ctx)).participants).toBe(2);
  });

  it('A5.09 concurrent submits by a logged-in account whose address an organizer listed take the listed place once: one e-mail, one webhook', async () => {
    const { user, other, submitTwice } = await accountAndSecondEvent();
    const listed = await makeParticipant(t.ctx, other.id, null, { email: 'ada@example.com' });
    const results = await submitTwice();
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const row = await t.ctx.db
      .selectFrom('participants')
      .select(['user_id', 'state'])
      .where('id', '=', listed.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: user.id, state: 'active' });
    const emitted = await t.ctx.db
      .selectFrom('bus_outbox')
      .select('type')
      .where('event_id', '=', other.id)
      .where('type', 'in', ['participant.registered', 'registration.confirmed'])
      .orderBy('type')
      .execute();
    expect(emitted.map((e) => e.type)).toEqual(['participant.registered', 'registration.confirmed']);
  });

  it('answers bad input with a 4xx envelope and writes nothing', async () => {
    const before = await writeCounts(t.ctx);
    const raw = (body: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1/event/register',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
    const cases = [
      await raw('{"eventId":'),
      await raw('[]'),
      await raw('"text"'),
      await raw('null'),
      await register({}),
      await register(payload({ eventId: 'abc' })),
      await register(payload({ eventId: -1 })),
      await register(payload({ name: 42 })),
      await register(payload({ consent: 'yes' })),
      await register(payload({ email: 'not-an-email' })),
      await register(payload({ name: 'x'.repeat(1_000_000) })),
      await register(payload({ fields: { note: 'x'.repeat(1_000_000), industry: 'Health', terms: 'true' } })),
      await register(payload({ isAdmin: true })),
      await register(payload({ regType: 'vip' })),
      await register(payload({ fields: 'industry' })),
    ];
    for (const [i, res] of cases.entries()) {
      expect(res.status, `case ${i}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `case ${i}`).toBeLessThan(500);
      expect(res.body.success, `case ${i}`).toBe(false);
      expect(typeof res.body.error?.code, `case ${i}`).toBe('string');
    }
    expect(await writeCounts(t.ctx)).toEqual(before);
  });

  it('too long or wrong answers are named by message keys in fields, never in English', async () => {
    const before = await writeCounts(t.ctx);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ticketId: 'T'.repeat(65), regType: 'ticket' }, 'ticketId', 'validation.error.maxLength'],
      [
        { fields: { industry: 'Fintech', terms: 'true', note: 'x'.repeat(2001) } },
        'fields.note',
        'validation.error.maxLength',
      ],
      [
        { fields: { industry: 'Fintech', terms: 'true', topics: Array(51).fill('AI') } },
        'fields.topics',
        'validation.error.maxItems',
      ],
      [
        { fields: { industry: 'Fintech', terms: 'true', topics: ['a'.repeat(201)] } },
        'fields.topics.0',
        'validation.error.maxLength',
      ],
      [{ fields: { industry: 'Fintech', terms: 'true', note: 5 } }, 'fields.note', 'validation.error.type'],
      [
        { fields: { industry: 'Fintech', terms: 'true', ['k'.repeat(65)]: 'x' } },
        `fields.${'k'.repeat(65)}`,
        'validation.error.unknownField',
      ],
    ];
    for (const [extra, field, key] of cases) {
      const res = await register(payload(extra));
      expect(res.status, field).toBe(400);
      expect(res.body.error?.fields?.[field], field).toBe(key);
    }
    expect(await writeCounts(t.ctx)).toEqual(before);
  });

  it('rate-limits registrations per IP with MST-00429', async () => {
    for (let i = 0; i < REGISTER_RATE_LIMIT.max; i++) {
      expect((await register({})).status).toBe(400);
    }
    const limited = await register(payload());
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe('MST-00429');
  });
});
