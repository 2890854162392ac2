import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { makePerson } from '../../../test/factories';
import { useTestApp } from '../../../test/helper';
import {
  at,
  createSession,
  join,
  listSessionsAs,
  makeAgendaEvent,
  makeVisibilityWorld,
  T0,
} from './agenda.fixtures';
import { readListViewer } from './sessions.viewer';

// The callers of the sessions list who ask in one turn of the event loop share one query of their
// states (sessions.viewer.ts, db/per-turn.ts). Each must still get exactly their own answer.

const t = useTestApp(T0);

describe('sessions list callers asking together', () => {
  it('E2.13 callers of one turn each get their own sessions, statuses and refusals', async () => {
    const { event, ada, v, boss, speaker, open, hidden } = await makeVisibilityWorld(t.ctx);
    const other = await makeAgendaEvent(t.ctx);
    const stranger = await makePerson(t.ctx, other.id);
    const gone = await makePerson(t.ctx, event.id);
    expect((await join(t.app, ada, event.id, open.id)).status).toBe(200);
    await t.ctx.db.deleteFrom('users').where('id', '=', gone.userId).execute();

    const expected = [
      { who: ada, status: 200, names: ['Open'], open: 'joined' },
      { who: v, status: 200, names: ['Open', 'VIP only'], open: null },
      { who: boss, status: 200, names: ['Open', 'Hidden', 'VIP only'], open: null },
      { who: speaker, status: 200, names: ['Open', 'Hidden'], open: null },
      { who: stranger, status: 403 },
      { who: gone, status: 401 },
    ];
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        [...expected, ...expected].map(({ who }) => listSessionsAs(t.app, who.headers, event.id)),
      );
      answers.forEach((res, i) => {
        const want = expected[i % expected.length]!;
        expect(res.status, `caller ${i % expected.length}, round ${round}`).toBe(want.status);
        if (want.status !== 200) return;
        const sessions = res.body.data!.sessions;
        expect(sessions.map((s) => s.name)).toEqual(want.names);
        expect(sessions.find((s) => s.id === open.id)?.myStatus).toBe(want.open);
        expect(sessions.find((s) => s.id === hidden.id)?.myRoles ?? []).toEqual(
          want.who === speaker ? ['speaker'] : [],
        );
      });
    }
  });

  it('asks of one turn share one query: each reads its own state, and the seats any of them asked', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const bob = await makePerson(t.ctx, event.id);
    const first = await createSession(t.ctx, event.id, {
      name: 'First',
      capacity: 10,
      sdt: at(10),
      edt: at(20),
    });
    const second = await createSession(t.ctx, event.id, {
      name: 'Second',
      capacity: 10,
      sdt: at(30),
      edt: at(40),
    });
    expect((await join(t.app, bob, event.id, second.id)).status).toBe(200);

    const [a, b, missing] = await Promise.all([
      readListViewer(t.ctx.db, event.id, ada.userId, [first.id]),
      readListViewer(t.ctx.db, event.id, bob.userId, [second.id]),
      readListViewer(t.ctx.db, 2_000_000_000, bob.userId, []),
    ]);
    expect(a).toMatchObject({ account: true, timezone: 'UTC', me: { id: ada.id, organizer: false } });
    expect([...a!.statuses]).toEqual([]);
    expect(b).toMatchObject({ account: true, me: { id: bob.id } });
    expect([...b!.statuses]).toEqual([[second.id, 'joined']]);
    expect(b!.busy.map((r) => r.session_id)).toEqual([second.id]);
    expect(missing).toMatchObject({ account: true, timezone: null, me: null });
    // One query: the seat counts were read once for every ask of the turn.
    expect(a!.seats.get(second.id)).toBe(1);
    expect(b!.seats.get(first.id)).toBe(0);
  });

  it('the state query keeps one plan for a lone caller (planning it each time cost more than running it)', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    // One connection, so the prepared statement and its counters are the ones this test reads.
    await t.ctx.db.connection().execute(async (db) => {
      for (let i = 0; i < 8; i++) {
        expect((await readListViewer(db, event.id, ada.userId, [])).me?.id).toBe(ada.id);
      }
      const { rows } = await sql<{ generic: string; custom: string }>`
        SELECT generic_plans::text AS generic, custom_plans::text AS custom
          FROM pg_prepared_statements WHERE name LIKE 'agenda_list_viewers%'`.execute(db);
      expect(rows).toHaveLength(1);
      // PostgreSQL plans the first five executions for their values, then keeps the generic plan
      // unless it looks dearer: with the batch's size unknown to both, it does not.
      expect(Number(rows[0]!.generic)).toBeGreaterThanOrEqual(3);
    });
  });
});
