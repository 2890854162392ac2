import type { ProgrammeRoom } from '@foyer/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Person } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { apiAs } from '../../../test/helper';
import { waitFor } from '../../../test/smtp';
import { at, programmeEvent, programmeTestApp } from './programme.fixtures';

const app = programmeTestApp();
const req = apiAs(app.get);

/**
 * A room's changes beside the writes that depend on it. PGlite runs one transaction at a time:
 * only PostgreSQL lets one of them wait on another. Each test holds a session's row open (another
 * edit or join in flight) so the write under test stops there, and then sends the room's change.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('rooms beside joins and sessions (PostgreSQL)', () => {
  const held = useHeldTransactions(() => app.get().ctx.db);
  const { lockWaiters } = held;
  /**
   * Holds the session's row (another edit or join in flight), starts `first`, which stops on it,
   * then `second` once `first` waits; lets the row go once `second` has answered or waits too.
   */
  async function race<A, B>(sessionId: number, first: () => Promise<A>, second: () => Promise<B>) {
    const { release, done } = await held.hold(async (trx) => {
      await trx.updateTable('sessions').set({ name: sql`name` }).where('id', '=', sessionId).execute();
    });
    const one = first();
    await waitFor(async () => (await lockWaiters()) > 0, 10_000, 'the first write waiting on the session');
    let answered = false;
    const two = second().finally(() => {
      answered = true;
    });
    await waitFor(
      async () => answered || (await lockWaiters()) > 1,
      10_000,
      'the second write done or waiting',
    );
    release();
    await done;
    return Promise.all([one, two]);
  }
  /** The session's seats and its room as saved. */
  const inRoom = (sessionId: number) =>
    app
      .get()
      .ctx.db.selectFrom('sessions as s')
      .leftJoin('locations as l', 'l.id', 's.location_id')
      .select(['s.used_capacity', 's.location_id', 'l.name', 'l.capacity'])
      .where('s.id', '=', sessionId)
      .executeTakeFirstOrThrow();
  const talk = async (owner: Person, base: string, locationId?: number) =>
    (
      await req<{ id: number }>(owner, 'POST', `${base}/sessions`, {
        name: 'Talk',
        sdt: at('09:00'),
        edt: at('10:00'),
        ...(locationId === undefined ? {} : { locationId }),
      })
    ).body.data!;

  it('E7.10 a room’s capacity lowered while a join waits on its session either counts that seat or is refused', async () => {
    const { event, owner, attendee } = await programmeEvent(app.get());
    const base = `/organizer/event/${event.id}`;
    const room = (await req<ProgrammeRoom>(owner, 'POST', `${base}/rooms`, { name: 'Hall', capacity: 2 }))
      .body.data!;
    const session = await talk(owner, base, room.id);
    const joinBody = { eventId: event.id, toType: 'session', sessionId: session.id };
    expect((await req(owner, 'POST', '/event/schedule/join', joinBody)).status).toBe(200);

    const [joined, lowered] = await race(
      session.id,
      () => req(attendee, 'POST', '/event/schedule/join', joinBody),
      () => req(owner, 'PUT', `${base}/rooms/${room.id}`, { name: 'Hall', capacity: 1 }),
    );

    const seats = await inRoom(session.id);
    expect(seats.used_capacity).toBeLessThanOrEqual(seats.capacity ?? 0);
    expect(joined.status).toBe(200);
    expect(lowered.status).toBe(400);
    expect(lowered.body.error?.fields).toEqual({ capacity: 'organizer.programme.error.capacityBelowJoined' });
    expect(seats).toMatchObject({ used_capacity: 2, capacity: 2 });
  });

  it('a room deleted while a session is being saved into it is refused, and the session keeps its room', async () => {
    const { event, owner } = await programmeEvent(app.get());
    const base = `/organizer/event/${event.id}`;
    const room = (await req<ProgrammeRoom>(owner, 'POST', `${base}/rooms`, { name: 'Annex' })).body.data!;
    const session = await talk(owner, base);

    const [moved, deleted] = await race(
      session.id,
      () =>
        req(owner, 'PUT', `${base}/sessions/${session.id}`, {
          name: 'Talk',
          sdt: at('09:00'),
          edt: at('10:00'),
          locationId: room.id,
        }),
      () => req(owner, 'DELETE', `${base}/rooms/${room.id}`),
    );

    expect(moved.status).toBe(200);
    expect(deleted.status).toBe(409);
    expect(await inRoom(session.id)).toMatchObject({ location_id: room.id, name: 'Annex' });
  });

  it('a track renamed while another organizer deletes it answers 404, not a 500', async () => {
    const { event, owner, admin } = await programmeEvent(app.get());
    const base = `/organizer/event/${event.id}`;
    const track = (await req<{ id: number }>(owner, 'POST', `${base}/tracks`, { name: 'Main' })).body.data!;

    // Interleaving: the delete is in flight (its row gone, not committed yet) when the rename reads
    // the track; the rename's write then waits for the delete, which commits.
    const renamed = await held.behind(
      async (trx) => {
        await trx.deleteFrom('tracks').where('id', '=', track.id).execute();
      },
      () => req(admin, 'PUT', `${base}/tracks/${track.id}`, { name: 'Main stage' }),
    );

    expect(renamed.status, JSON.stringify(renamed.body)).toBe(404);
    const left = await app
      .get()
      .ctx.db.selectFrom('tracks')
      .select('id')
      .where('event_id', '=', event.id)
      .execute();
    expect(left).toEqual([]);
  });
});
