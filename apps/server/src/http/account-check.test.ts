import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories';
import { useTestApp } from '../../test/helper';
import { countingStatements } from '../../test/statements';
import { accountsExist } from './auth';

const t = useTestApp();

/** The app's database, counting the statements run through it. */
const counted = () => countingStatements(t.ctx.db);

describe('the account check of every authenticated request', () => {
  it('A7.10 A6.04 checks asked together share one query and each gets its own answer', async () => {
    const [ada, bob, boss, gone] = await Promise.all([
      makeUser(t.ctx),
      makeUser(t.ctx),
      makeUser(t.ctx, { superUser: true }),
      makeUser(t.ctx),
    ]);
    await t.ctx.db.deleteFrom('users').where('id', '=', gone.id).execute();
    const { db, statements } = counted();

    const answers = await Promise.all([
      accountsExist(db, { userId: ada.id }),
      accountsExist(db, { userId: bob.id }),
      accountsExist(db, { userId: gone.id }),
      accountsExist(db, { userId: ada.id, actorId: boss.id }),
      accountsExist(db, { userId: ada.id, actorId: gone.id }),
      accountsExist(db, { userId: ada.id }),
    ]);
    expect(answers).toEqual([true, true, false, true, false, true]);
    expect(statements()).toBe(1);

    // The next turn asks again: an account deleted meanwhile is refused at once.
    await t.ctx.db.deleteFrom('users').where('id', '=', bob.id).execute();
    expect(await accountsExist(db, { userId: bob.id })).toBe(false);
    expect(await accountsExist(db, { userId: ada.id })).toBe(true);
    expect(statements()).toBe(3);
  });

  it('splits a very large turn into several queries, with every answer right', async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => makeUser(t.ctx)));
    const { db, statements } = counted();
    // 1,200 asks of ids that mostly do not exist, and the three that do among them.
    const ids = [...Array.from({ length: 1_197 }, (_, i) => 2_000_000_000 - i), ...users.map((u) => u.id)];
    const answers = await Promise.all(ids.map((userId) => accountsExist(db, { userId })));
    expect(answers.filter(Boolean)).toHaveLength(3);
    expect(answers.slice(-3)).toEqual([true, true, true]);
    expect(statements()).toBe(3);
  });
});
