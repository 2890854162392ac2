import type { ImportJob } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, makeType, type Person } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { waitFor } from '../../../test/smtp';
import { importFile, importStep } from './import.fixtures';
import { programmeTestApp } from './programme.fixtures';

const app = programmeTestApp();
const db = () => app.get().ctx.db;

const commit = (
  who: Pick<Person, 'headers'>,
  eventId: number,
  text: string,
  mapping: string[],
  kind = 'sessions',
) => importStep<ImportJob>(app.get().app, who, eventId, 'commit', { ...importFile(kind, text), mapping });

/**
 * A programme import beside another write of the same programme. PGlite runs one transaction at a
 * time: only PostgreSQL lets the two overlap.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('programme imports at once (PostgreSQL)', () => {
  const held = useHeldTransactions(() => db());

  it('the same sessions file committed twice at once (a double click): both done, each session and room made once', async () => {
    const event = await makeEvent(app.get().ctx, {
      timezone: 'UTC',
      start: new Date('2030-05-01T06:00:00Z'),
    });
    const owner = await makePerson(app.get().ctx, event.id, { organizer: true, organizerRole: 'owner' });
    const hall = await db()
      .insertInto('locations')
      .values({ event_id: event.id, name: 'Hall A' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const text = [
      'ID,Title,Start,End,Room',
      'S1,Opening,2030-05-01 09:00,2030-05-01 10:00,Hall A',
      'S2,Workshop,2030-05-01 10:00,2030-05-01 11:00,New Hall',
    ].join('\n');
    const mapping = ['externalId', 'name', 'start', 'end', 'room'];

    // Interleaving: an edit of Hall A is in flight, so both commits stop where they read the rooms;
    // once it ends, both go on at the same moment, neither seeing the other's new rows.
    const { release, done } = await held.hold(async (trx) => {
      await trx.selectFrom('locations').select('id').where('id', '=', hall.id).forUpdate().execute();
    });
    const first = commit(owner, event.id, text, mapping);
    await waitFor(async () => (await held.lockWaiters()) > 0, 10_000, 'the first commit waiting');
    const second = commit(owner, event.id, text, mapping);
    await waitFor(async () => (await held.lockWaiters()) > 1, 10_000, 'the second commit waiting');
    release();
    await done;
    const jobs = (await Promise.all([first, second])).map((res) => {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data!;
    });

    const summary = jobs
      .map((job) => ({ state: job.state, inserted: job.inserted, unchanged: job.unchanged }))
      .sort((a, b) => b.inserted - a.inserted);
    expect(summary).toEqual([
      { state: 'done', inserted: 2, unchanged: 0 },
      { state: 'done', inserted: 0, unchanged: 2 },
    ]);
    const sessions = await db()
      .selectFrom('sessions')
      .select('external_id')
      .where('event_id', '=', event.id)
      .orderBy('external_id')
      .execute();
    expect(sessions.map((s) => s.external_id)).toEqual(['S1', 'S2']);
    const rooms = await db()
      .selectFrom('locations')
      .select('name')
      .where('event_id', '=', event.id)
      .orderBy('name')
      .execute();
    expect(rooms.map((r) => r.name)).toEqual(['Hall A', 'New Hall']);
  });

  it('a session moved by a file into a small room while people join it keeps its room once they outnumber the places', async () => {
    const event = await makeEvent(app.get().ctx, {
      timezone: 'UTC',
      start: new Date('2030-05-01T06:00:00Z'),
    });
    const owner = await makePerson(app.get().ctx, event.id, { organizer: true, organizerRole: 'owner' });
    const mapping = ['externalId', 'name', 'start', 'end', 'room'];
    const header = 'ID,Title,Start,End,Room';
    await commit(
      owner,
      event.id,
      [header, 'K1,Keynote,2030-05-01 09:00,2030-05-01 10:00,Main hall'].join('\n'),
      mapping,
    );
    await db()
      .insertInto('locations')
      .values({ event_id: event.id, name: 'Small room', capacity: 2 })
      .execute();
    const keynote = () =>
      db().updateTable('sessions').where('event_id', '=', event.id).where('external_id', '=', 'K1');
    await keynote().set({ used_capacity: 2 }).execute();

    // Interleaving: a third join is in flight on the keynote's row when the file (two places are
    // enough for the two who joined) is checked; the import's write then waits on that row.
    const { release, done } = await held.hold(async (trx) => {
      await trx
        .updateTable('sessions')
        .set({ used_capacity: 3 })
        .where('event_id', '=', event.id)
        .where('external_id', '=', 'K1')
        .execute();
    });
    const moving = commit(
      owner,
      event.id,
      [header, 'K1,Keynote,2030-05-01 09:00,2030-05-01 10:00,Small room'].join('\n'),
      mapping,
    );
    await waitFor(async () => (await held.lockWaiters()) > 0, 10_000, 'the import waiting on the keynote');
    release();
    await done;
    expect((await moving).body.data).toMatchObject({ state: 'done', errors: 0 });
    const row = await db()
      .selectFrom('sessions')
      .innerJoin('locations', 'locations.id', 'sessions.location_id')
      .select(['locations.name', 'sessions.used_capacity'])
      .where('sessions.event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Main hall', used_capacity: 3 });
  });

  it('two attendee files naming the same people in opposite orders, committed at once, both import (no deadlock)', async () => {
    const event = await makeEvent(app.get().ctx);
    const owner = await makePerson(app.get().ctx, event.id, { organizer: true, organizerRole: 'owner' });
    const vip = await makeType(app.get().ctx, event.id, { name: 'VIP' });
    const rows = Array.from(
      { length: 1_000 },
      (_, i) => `p${String(i).padStart(4, '0')}@x.test,Person ${i},VIP`,
    );
    const forwards = ['email,name,type', ...rows].join('\n');
    const backwards = ['email,name,type', ...rows.toReversed()].join('\n');
    const mapping = ['email', 'name', 'type'];

    // Interleaving: an edit of the type is in flight, so both commits stop where they hold the types
    // their files name; once it ends, both upsert the same thousand people at the same moment.
    const { release, done } = await held.hold(async (trx) => {
      await trx.selectFrom('participant_types').select('id').where('id', '=', vip.id).forUpdate().execute();
    });
    const first = commit(owner, event.id, forwards, mapping, 'attendees');
    await waitFor(async () => (await held.lockWaiters()) > 0, 10_000, 'the first commit waiting');
    const second = commit(owner, event.id, backwards, mapping, 'attendees');
    await waitFor(async () => (await held.lockWaiters()) > 1, 10_000, 'the second commit waiting');
    release();
    await done;
    const jobs = (await Promise.all([first, second])).map((res) => res.body.data!);
    expect(jobs.map((job) => job.state)).toEqual(['done', 'done']);
    expect(jobs.reduce((n, job) => n + job.inserted, 0)).toBe(1_000);
  });
});
