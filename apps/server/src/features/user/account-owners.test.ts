import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeEvent, makeParticipant, makeUser, type TestUser } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { call, createTestApp, type TestApp } from '../../../test/helper';
import type { EventRow } from '../../db/schema';
import { TEST_PASSWORD } from '../auth/auth.testing';
import { hashPassword } from '../auth/password';
import { deleteAccountRows } from './account.service';

/**
 * A4.34 A7.10: deleting an account never leaves an event without an owner. The person is told which
 * events need another owner first (409, MST-00134, `fields` naming each event by id).
 */
const SOLE_OWNER = 'MST-00134';

describe('deleting the account of an event owner', () => {
  let t: TestApp;
  let passwordHash: string;
  beforeAll(async () => {
    passwordHash = await hashPassword(TEST_PASSWORD); // once: hashing is slow
  });
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  const user = (name: string) => makeUser(t.ctx, { name, passwordHash });
  const organize = (
    event: EventRow,
    who: TestUser | null,
    role: 'owner' | 'admin',
    state: 'active' | 'invited' = 'active',
  ) => makeParticipant(t.ctx, event.id, who, { organizer: true, organizer_role: role, state });
  const remove = (who: TestUser) =>
    call(t.app, {
      method: 'DELETE',
      url: '/api/v1/user',
      headers: who.headers,
      payload: { confirm: 'delete', password: TEST_PASSWORD },
    });
  const exists = async (who: TestUser) =>
    (await t.ctx.db.selectFrom('users').select('id').where('id', '=', who.id).executeTakeFirst()) !==
    undefined;
  const liveOwners = (event: EventRow) =>
    t.ctx.db
      .selectFrom('participants')
      .select('user_id')
      .where('event_id', '=', event.id)
      .where('organizer_role', '=', 'owner')
      .where('state', '!=', 'deleted')
      .execute();

  it('A4.34 A7.10 the only owner of an upcoming event is refused, the event named, and nothing is deleted', async () => {
    const ada = await user('Ada');
    const event = await makeEvent(t.ctx, { name: 'Summit 2031', startsInDays: 30 });
    await organize(event, ada, 'owner');
    const res = await remove(ada);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: SOLE_OWNER,
      msg: 'Make someone else an owner of these events before deleting your account: Summit 2031',
      fields: { [`events.${event.id}`]: 'Summit 2031' },
    });
    expect(await exists(ada)).toBe(true);
    expect(await liveOwners(event)).toEqual([{ user_id: ada.id }]);
  });

  it('A4.34 a finished, ended or archived event blocks too: its exports and its restore need an owner', async () => {
    const ada = await user('Ada');
    const finished = await makeEvent(t.ctx, { name: 'Finished', is_finished: true });
    const ended = await makeEvent(t.ctx, { name: 'Ended', startsInDays: -10, days: 2 });
    const archived = await makeEvent(t.ctx, { name: 'Archived', archived_at: new Date() });
    for (const event of [finished, ended, archived]) await organize(event, ada, 'owner');
    const res = await remove(ada);
    expect(res.status).toBe(409);
    expect(res.body.error?.fields).toEqual({
      [`events.${finished.id}`]: 'Finished',
      [`events.${ended.id}`]: 'Ended',
      [`events.${archived.id}`]: 'Archived',
    });
    expect(await exists(ada)).toBe(true);
  });

  it('A4.34 A7.10 an event with another owner does not block; that owner stays, and only uncovered events are named', async () => {
    const ada = await user('Ada');
    const bob = await user('Bob');
    const shared = await makeEvent(t.ctx, { name: 'Shared' });
    const mine = await makeEvent(t.ctx, { name: 'Mine' });
    await organize(shared, ada, 'owner');
    await organize(shared, bob, 'owner');
    await organize(mine, ada, 'owner');
    const refused = await remove(ada);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.fields).toEqual({ [`events.${mine.id}`]: 'Mine' });
    // Ownership of "Mine" handed over: now nothing blocks.
    await organize(mine, bob, 'owner');
    const res = await remove(ada);
    expect(res.status).toBe(200);
    expect(await exists(ada)).toBe(false);
    expect(await liveOwners(shared)).toEqual([{ user_id: bob.id }]);
    expect(await liveOwners(mine)).toEqual([{ user_id: bob.id }]);
  });

  it('A4.34 admins, removed owners and owners invited without an account are not another owner', async () => {
    const ada = await user('Ada');
    const bob = await user('Bob');
    const cy = await user('Cy');
    const event = await makeEvent(t.ctx, { name: 'Expo' });
    await organize(event, ada, 'owner');
    await organize(event, bob, 'admin');
    await makeParticipant(t.ctx, event.id, cy, {
      organizer: true,
      organizer_role: 'owner',
      state: 'deleted',
    });
    await organize(event, null, 'owner', 'invited');
    const res = await remove(ada);
    expect(res.status).toBe(409);
    expect(res.body.error?.fields).toEqual({ [`events.${event.id}`]: 'Expo' });
    // The admin is not blocked: only owners carry the event.
    expect((await remove(bob)).status).toBe(200);
  });

  it('A4.34 the last two owners deleting their accounts together: one of them is refused, every event keeps an owner', async () => {
    const ada = await user('Ada');
    const bob = await user('Bob');
    const first = await makeEvent(t.ctx, { name: 'First' });
    const second = await makeEvent(t.ctx, { name: 'Second' });
    // Each event's owner rows in a different id order: the locks must still be taken in one order.
    await organize(first, ada, 'owner');
    await organize(first, bob, 'owner');
    await organize(second, bob, 'owner');
    await organize(second, ada, 'owner');
    const answers = await Promise.all([remove(ada), remove(bob)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409);
    expect(refused?.body.error?.code).toBe(SOLE_OWNER);
    expect((await liveOwners(first)).length).toBe(1);
    expect((await liveOwners(second)).length).toBe(1);
  });

  /** PGlite runs one transaction at a time: only PostgreSQL lets two deletions truly overlap. */
  describe.skipIf(!process.env.TEST_DATABASE_URL)('beside another deletion in flight (PostgreSQL)', () => {
    const held = useHeldTransactions(() => t.ctx.db);

    it('A4.34 A7.10 the other owner deleting their account meanwhile: this deletion waits for it, then is refused', async () => {
      const ada = await user('Ada');
      const bob = await user('Bob');
      const event = await makeEvent(t.ctx, { name: 'Summit' });
      await organize(event, ada, 'owner');
      await organize(event, bob, 'owner');
      // Ada's deletion in flight: its transaction has checked and deleted, and has not committed.
      const res = await held.behind(
        async (trx) => {
          await deleteAccountRows(trx, ada.id);
        },
        () => remove(bob),
      );
      expect(res.status).toBe(409);
      expect(res.body.error?.fields).toEqual({ [`events.${event.id}`]: 'Summit' });
      expect(await exists(ada)).toBe(false);
      expect(await exists(bob)).toBe(true);
      expect(await liveOwners(event)).toEqual([{ user_id: bob.id }]);
    });
  });
});
