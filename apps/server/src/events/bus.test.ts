import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/db';
import { startSmtp, waitFor } from '../../test/smtp';
import { createMailer } from '../mail/mailer';
import { type Bus, createBus, type DomainEvent } from './bus';
import { markHandlerDone, pruneDone } from './outbox.repository';

/** The durable outbox behind the event bus (decision 010), on the worker's test database. */
const buses: Bus[] = [];
afterEach(async () => {
  for (const bus of buses.splice(0)) await bus.stop();
});
async function bus(options: Parameters<typeof createBus>[1] = {}) {
  const { db } = await testDatabase();
  const made = createBus(db, options);
  made.setLogger({ error() {}, warn() {} });
  buses.push(made);
  return made;
}
const poll = (eventId: number, pollId: number): DomainEvent => ({
  type: 'poll.published',
  eventId,
  pollId,
  question: `Q${pollId}`,
});
const rows = async () =>
  (await testDatabase()).db
    .selectFrom('bus_outbox')
    .select(['id', 'state', 'attempts', 'done_handlers'])
    .orderBy('id')
    .execute();

/**
 * Both ways to learn a transaction's end: advisory locks (PostgreSQL, any pool), and on PGlite's one
 * connection the statement queued behind the transaction (BusOptions.oneConnection).
 */
const modes = [
  { name: 'with locks', options: {} },
  ...(process.env.TEST_DATABASE_URL ? [] : [{ name: 'on one connection', options: { oneConnection: true } }]),
];

describe('event bus outbox', () => {
  it.each(modes)(
    'writes the row in the caller transaction: a rollback leaves no row and runs nothing ($name)',
    async ({ options }) => {
      const { db } = await testDatabase();
      const b = await bus(options);
      const seen: number[] = [];
      b.on('poll.published', (e) => {
        seen.push(e.pollId);
      });
      await expect(
        db.transaction().execute(async (trx) => {
          await b.emit(poll(1, 1), trx);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await db.transaction().execute((trx) => b.emit(poll(1, 2), trx));
      await b.idle();
      expect(seen).toEqual([2]);
      expect(await rows()).toEqual([
        { id: expect.any(Number), state: 'done', attempts: 1, done_handlers: [] },
      ]);
    },
  );

  it.each(modes)(
    'transient events (realtime.push) write no row and run once, in order, only after their commit ($name)',
    async ({ options }) => {
      const { db } = await testDatabase();
      const b = await bus(options);
      const seen: string[] = [];
      b.register({
        name: 'pushes',
        events: ['realtime.push'],
        handle(event) {
          for (const record of event.records) seen.push(record.room);
        },
      });
      const push = (room: string): DomainEvent => ({
        type: 'realtime.push',
        eventId: 0,
        records: [{ id: 1, seq: 1, room, type: 't', payload: null, createdAt: new Date(0).toISOString() }],
      });
      await expect(
        db.transaction().execute(async (trx) => {
          await b.emit(push('rolled-back'), trx);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      let written: Parameters<Bus['settled']>[0] | undefined;
      await db.transaction().execute(async (trx) => {
        written = trx;
        await b.emit(push('a'), trx);
        await b.emit(poll(1, 1), trx);
        await b.emit(push('b'), trx);
        expect(seen).toEqual([]); // nothing before the commit
      });
      if (written) await b.settled(written);
      expect(seen).toEqual(['a', 'b']);
      await b.idle();
      expect(seen).toEqual(['a', 'b']);
      expect((await rows()).length).toBe(1); // the poll's row only
    },
  );

  it('retries only the failing handler, with backoff, and gives up after the last attempt (dead)', async () => {
    const b = await bus({ backoffMs: () => 20, maxAttempts: 3 });
    const calls = { ok: 0, failing: 0, after: 0 };
    b.on('poll.published', () => void calls.ok++, 'ok');
    b.on(
      'poll.published',
      () => {
        calls.failing++;
        throw new Error('SMTP down');
      },
      'failing',
    );
    b.on('poll.published', () => void calls.after++, 'after');
    await b.emit(poll(1, 1));
    await waitFor(async () => (await rows())[0]?.state === 'dead', 10_000, 'the row to be dead');
    expect(calls).toEqual({ ok: 1, failing: 3, after: 1 });
    const [row] = await (await testDatabase()).db.selectFrom('bus_outbox').selectAll().execute();
    expect(row).toMatchObject({ state: 'dead', attempts: 3, done_handlers: ['ok', 'after'] });
    expect(row?.last_error).toContain('SMTP down');
  });

  it('two processors on one database never handle one row twice, and keep each event in order', async () => {
    const { db } = await testDatabase();
    // Rows written by a process that never processes them (as if it had crashed).
    const writer = await bus({ paused: true });
    for (let seq = 1; seq <= 12; seq++)
      for (const eventId of [1, 2, 3, 4]) await writer.emit(poll(eventId, seq));
    const handled: { by: string; eventId: number; seq: number }[] = [];
    const processors = [await bus({ sweepAgeMs: 0 }), await bus({ sweepAgeMs: 0 })];
    for (const [i, p] of processors.entries()) {
      p.on('poll.published', async (e) => {
        handled.push({ by: `p${i}`, eventId: e.eventId, seq: e.pollId });
        await sql`SELECT pg_sleep(0.002)`.execute(db); // lets the other processor interleave
      });
    }
    await Promise.all(processors.map((p) => p.sweep()));
    expect(handled).toHaveLength(48);
    expect(new Set(handled.map((h) => `${h.eventId}:${h.seq}`)).size).toBe(48);
    for (const eventId of [1, 2, 3, 4]) {
      expect(handled.filter((h) => h.eventId === eventId).map((h) => h.seq)).toEqual(
        Array.from({ length: 12 }, (_, i) => i + 1),
      );
    }
    expect((await rows()).every((r) => r.state === 'done' && r.attempts === 1)).toBe(true);
  });

  it('a handler run twice (its lease ran out mid-run) commits its work once: the late run rolls back', async () => {
    const { db } = await testDatabase();
    const b = await bus();
    const runs: string[] = [];
    b.on(
      'poll.published',
      async (e, meta) => {
        if (e.pollId !== 1) return;
        // Another process took the row over and committed this handler's work while this run was slow.
        await markHandlerDone(db, meta.outboxId, meta.handler);
        await db.transaction().execute(async (trx) => {
          await b.emit(poll(1, 2), trx); // this run's own write
          await meta.doneWith(trx);
          runs.push('late run committed');
        });
      },
      'cards',
    );
    await b.emit(poll(1, 1));
    await b.idle();
    expect(runs).toEqual([]);
    const [only, ...rest] = await rows();
    expect(rest).toEqual([]); // the late run's event was rolled back with it
    expect(only).toMatchObject({ state: 'done', attempts: 1, done_handlers: ['cards'] });
  });

  it('the hourly cleanup deletes rows done for more than a day, and keeps the rest', async () => {
    const { db } = await testDatabase();
    const writer = await bus({ paused: true });
    for (const id of [1, 2, 3, 4]) await writer.emit(poll(1, id));
    const [a, b, c] = (await rows()).map((r) => r.id);
    await sql`UPDATE bus_outbox SET state = 'done', done_at = now() - interval '25 hours' WHERE id = ${a}`.execute(
      db,
    );
    await sql`UPDATE bus_outbox SET state = 'done', done_at = now() - interval '23 hours' WHERE id = ${b}`.execute(
      db,
    );
    await sql`UPDATE bus_outbox SET state = 'dead' WHERE id = ${c}`.execute(db);
    expect(await pruneDone(db, new Date(Date.now() - 24 * 60 * 60_000))).toBe(1);
    expect((await rows()).map((r) => r.state)).toEqual(['done', 'dead', 'pending']);
  });
});

describe('e-mail idempotency keys', () => {
  it('a send that failed is retried under its key; one that went out is never sent twice', async () => {
    const { db } = await testDatabase();
    let refuse = true;
    const smtp = await startSmtp({
      refuse: () => {
        const first = refuse;
        refuse = false;
        return first;
      },
    });
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Foyer <no-reply@foyer.test>',
      db,
    });
    try {
      const mail = {
        to: 'ada@foyer.test',
        subject: 'Hi',
        text: 'Hello',
        dedupeKey: 'bus:1:deliveries:email:ada:0',
      };
      await expect(mailer.send(mail)).rejects.toThrow();
      await mailer.send(mail); // the retry after the failure
      await mailer.send(mail); // a retry after it went out
      expect(smtp.inbox.map((m) => m.to.join())).toEqual(['ada@foyer.test']);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });
});
