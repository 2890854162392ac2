import type { ImportJob, Programme, ProgrammeRoom, ProgrammeTrack } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, type Person } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { apiAs, call } from '../../../test/helper';
import { holdLock } from '../../db/advisory-locks';
import * as programmeNames from '../../db/migrations/0038_programme_names';
import { programmeEvent, programmeTestApp } from './programme.fixtures';

const app = programmeTestApp();
const req = apiAs(app.get);
const db = () => app.get().ctx.db;

const ROOM_TAKEN = { name: 'organizer.programme.error.roomNameTaken' };
const TRACK_TAKEN = { name: 'organizer.programme.error.trackNameTaken' };

const commit = (who: Pick<Person, 'headers'>, eventId: number, lines: string[]) =>
  call<ImportJob>(app.get().app, {
    method: 'POST',
    url: `/api/v1/organizer/event/${eventId}/import/commit`,
    headers: who.headers,
    payload: {
      kind: 'sessions',
      fileName: 'sessions.csv',
      contentBase64: Buffer.from(['ID,Title,Start,End,Room,Track', ...lines].join('\n')).toString('base64'),
      mapping: ['externalId', 'name', 'start', 'end', 'room', 'track'],
    },
  });

const namesIn = async (table: 'locations' | 'tracks', eventId: number) =>
  (await db().selectFrom(table).select('name').where('event_id', '=', eventId).orderBy('id').execute()).map(
    (r) => r.name,
  );

describe('organizer console: one room or track of a name per event', () => {
  it('a second room named alike (any case, spaces around or inside) is refused 409 with a field key, on add and on rename', async () => {
    const { event, owner } = await programmeEvent(app.get());
    const base = `/organizer/event/${event.id}`;
    const hall = await req<ProgrammeRoom>(owner, 'POST', `${base}/rooms`, { name: 'Hall A', capacity: 100 });
    expect(hall.status).toBe(200);

    for (const name of ['Hall A', 'hall a ', '  HALL   a']) {
      const again = await req(owner, 'POST', `${base}/rooms`, { name });
      expect(again.status, name).toBe(409);
      expect(again.body.error).toMatchObject({ code: 'MST-00703', fields: ROOM_TAKEN });
    }
    const other = (await req<ProgrammeRoom>(owner, 'POST', `${base}/rooms`, { name: 'Hall B' })).body.data!;
    const renamed = await req(owner, 'PUT', `${base}/rooms/${other.id}`, { name: 'hall  A', capacity: 5 });
    expect(renamed.status).toBe(409);
    expect(renamed.body.error).toMatchObject({ code: 'MST-00703', fields: ROOM_TAKEN });
    // A room may take another spelling of its own name.
    const respelled = await req<ProgrammeRoom>(owner, 'PUT', `${base}/rooms/${hall.body.data!.id}`, {
      name: 'HALL A',
      capacity: 100,
    });
    expect(respelled.status).toBe(200);
    expect(respelled.body.data).toMatchObject({ name: 'HALL A' });

    expect(await namesIn('locations', event.id)).toEqual(['HALL A', 'Hall B']);
    // Another event's rooms are its own.
    const elsewhere = await makeEvent(app.get().ctx);
    const theirs = await makePerson(app.get().ctx, elsewhere.id, { organizer: true, organizerRole: 'owner' });
    const same = await req(theirs, 'POST', `/organizer/event/${elsewhere.id}/rooms`, { name: 'Hall A' });
    expect(same.status).toBe(200);
  });

  it('a second track named alike is refused 409 with a field key, on add and on rename', async () => {
    const { event, admin } = await programmeEvent(app.get());
    const base = `/organizer/event/${event.id}`;
    expect((await req<ProgrammeTrack>(admin, 'POST', `${base}/tracks`, { name: 'Product' })).status).toBe(
      200,
    );
    const again = await req(admin, 'POST', `${base}/tracks`, { name: ' product ', color: '#123456' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'MST-00703', fields: TRACK_TAKEN });
    const ops = (await req<ProgrammeTrack>(admin, 'POST', `${base}/tracks`, { name: 'Ops' })).body.data!;
    const renamed = await req(admin, 'PUT', `${base}/tracks/${ops.id}`, { name: 'PRODUCT' });
    expect(renamed.status).toBe(409);
    expect(renamed.body.error).toMatchObject({ code: 'MST-00703', fields: TRACK_TAKEN });
    const programme = (await req<Programme>(admin, 'GET', `${base}/programme`)).body.data!;
    expect(programme.tracks.map((t) => t.name)).toEqual(['Ops', 'Product']);
  });

  it('a sessions file naming a room or track another way (case, spaces inside) puts its sessions in the existing one', async () => {
    const { event, owner } = await programmeEvent(app.get());
    const base = `/organizer/event/${event.id}`;
    const hall = (await req<ProgrammeRoom>(owner, 'POST', `${base}/rooms`, { name: 'Hall A' })).body.data!;
    const product = (await req<ProgrammeTrack>(owner, 'POST', `${base}/tracks`, { name: 'Product' })).body
      .data!;
    const res = await commit(owner, event.id, [
      'S1,Opening,2030-05-01 09:00,2030-05-01 10:00,hall  a,PRODUCT',
      'S2,Keynote,2030-05-01 10:00,2030-05-01 11:00,HALL A,product  ',
      'S3,Workshop,2030-05-01 11:00,2030-05-01 12:00,New   hall,New track',
      'S4,Panel,2030-05-01 12:00,2030-05-01 13:00,new hall,new  TRACK',
    ]);
    expect(res.body.data, JSON.stringify(res.body)).toMatchObject({ state: 'done', inserted: 4, errors: 0 });
    expect(await namesIn('locations', event.id)).toEqual(['Hall A', 'New   hall']);
    expect(await namesIn('tracks', event.id)).toEqual(['Product', 'New track']);
    const sessions = await db()
      .selectFrom('sessions')
      .select(['external_id', 'location_id', 'track_id'])
      .where('event_id', '=', event.id)
      .orderBy('external_id')
      .execute();
    expect(sessions.slice(0, 2)).toEqual([
      { external_id: 'S1', location_id: hall.id, track_id: product.id },
      { external_id: 'S2', location_id: hall.id, track_id: product.id },
    ]);
    expect(sessions[2]!.location_id).toBe(sessions[3]!.location_id);
  });
});

describe('migration 0038: rooms and tracks named alike before it', () => {
  it('keeps the oldest name and numbers the others in id order, skipping numbers taken, then refuses new ones', async () => {
    const { event } = await programmeEvent(app.get());
    const other = await makeEvent(app.get().ctx);
    /** Rolls the migration back and forth inside a transaction that is undone at the end. */
    const undone = new Error('undone');
    let seen: { locations: string[]; tracks: string[]; other: string[] } | undefined;
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await programmeNames.down(trx);
          await trx
            .insertInto('locations')
            .values(
              ['Hall A', 'hall a ', 'Hall A (2)', '  HALL   A', 'Foyer'].map((name) => ({
                event_id: event.id,
                name,
              })),
            )
            .execute();
          await trx.insertInto('locations').values({ event_id: other.id, name: 'hall a' }).execute();
          await trx
            .insertInto('tracks')
            .values(['Product', 'product', 'PRODUCT'].map((name) => ({ event_id: event.id, name })))
            .execute();
          await programmeNames.up(trx);
          const names = async (table: 'locations' | 'tracks', eventId: number) =>
            (
              await trx
                .selectFrom(table)
                .select('name')
                .where('event_id', '=', eventId)
                .orderBy('id')
                .execute()
            ).map((r) => r.name);
          seen = {
            locations: await names('locations', event.id),
            tracks: await names('tracks', event.id),
            other: await names('locations', other.id),
          };
          throw undone;
        }),
    ).rejects.toBe(undone);
    expect(seen).toEqual({
      locations: ['Hall A', 'hall a (3)', 'Hall A (2)', 'HALL A (4)', 'Foyer'],
      tracks: ['Product', 'product (2)', 'PRODUCT (3)'],
      other: ['hall a'],
    });
    // The index (migration 0038, as migrated) refuses a second "Hall A" written past the app.
    await db().insertInto('locations').values({ event_id: event.id, name: 'Hall A' }).execute();
    await expect(
      db().insertInto('locations').values({ event_id: event.id, name: ' hall   A' }).execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });
});

/** A console add beside an import that creates the same room. PGlite runs one transaction at a time. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('rooms named at once (PostgreSQL)', () => {
  const held = useHeldTransactions(() => db());

  it('a room added while an import in flight creates the same name is refused 409, never a second room', async () => {
    const { event, owner } = await programmeEvent(app.get());
    // Interleaving: an import holds the programme's turn and has inserted "Hall A", not committed yet.
    const res = await held.behind(
      async (trx) => {
        await holdLock(trx, 'programme', event.id);
        await trx.insertInto('locations').values({ event_id: event.id, name: 'Hall A' }).execute();
      },
      () => req(owner, 'POST', `/organizer/event/${event.id}/rooms`, { name: 'hall a' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'MST-00703', fields: ROOM_TAKEN });
    expect(await namesIn('locations', event.id)).toEqual(['Hall A']);
  });
});
