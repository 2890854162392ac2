import type { EventDetails, RegisterResult } from '@foyer/contract';
import type { Transaction, Updateable } from 'kysely';
import { describe, expect, it } from 'vitest';
import { makeEvent, makeType, makeUser, tokenHeaders } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { call, useTestApp } from '../../../test/helper';
import type { DB, EventsTable } from '../../db/schema';

const t = useTestApp();

/**
 * A registration beside an organizer's change of the event. PGlite runs one transaction at a time:
 * only PostgreSQL lets the two overlap.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'registration beside a change of the event (PostgreSQL)',
  () => {
    const held = useHeldTransactions(() => t.ctx.db);

    /** A public event taking registrations, with its registration type. */
    async function openEvent() {
      const event = await makeEvent(t.ctx, { public_event: true });
      await makeType(t.ctx, event.id, { name: 'Attendee', atRegistration: true });
      return event;
    }

    /** What an organizer's save does (updateEvent): the event's row held FOR UPDATE, then changed. */
    const organizerSaves =
      (eventId: number, changes: Updateable<EventsTable>) => async (trx: Transaction<DB>) => {
        await trx.selectFrom('events').select('id').where('id', '=', eventId).forUpdate().execute();
        await trx.updateTable('events').set(changes).where('id', '=', eventId).execute();
      };

    const register = (payload: Record<string, unknown>) =>
      call<RegisterResult>(t.app, { method: 'POST', url: '/api/v1/event/register', payload });
    const standard = (eventId: number, email: string) => ({
      eventId,
      name: 'Ada',
      surname: 'Lovelace',
      email,
      password: 'Correct horse 1',
      consent: true,
    });
    const participants = (eventId: number) =>
      t.ctx.db
        .selectFrom('participants')
        .select(['email', 'state'])
        .where('event_id', '=', eventId)
        .execute();

    it('A8.06 a registration sent while an organizer closes registration waits for the close and is refused (MST-00021)', async () => {
      const event = await openEvent();
      // Interleaving: the organizer's close is in flight (the event row held, not committed yet) when
      // the form is sent: the registration read the event as open before, and let the person in.
      const res = await held.behind(organizerSaves(event.id, { registration_open: false }), () =>
        register(standard(event.id, 'ada@example.com')),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.error?.code).toBe('MST-00021');
      expect(await participants(event.id)).toEqual([]);
    });

    it('A1.02 A8.06 a pre-registration sent while the event is marked finished is refused (MST-00021)', async () => {
      const event = await openEvent();
      const res = await held.behind(organizerSaves(event.id, { is_finished: true }), () =>
        register({
          eventId: event.id,
          regType: 'prereg',
          name: 'Ada',
          surname: 'L',
          email: 'ada@example.com',
        }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.error?.code).toBe('MST-00021');
      expect(await participants(event.id)).toEqual([]);
    });

    it('A8.06 a registration sent while the event is moved to have ended is refused (MST-00021)', async () => {
      const event = await openEvent();
      // Finished a day after its end (A4.11): this one ended two days ago.
      const ended = new Date(Date.now() - 2 * 86_400_000);
      const res = await held.behind(
        organizerSaves(event.id, {
          start_date: new Date(ended.getTime() - 86_400_000),
          real_sdt: new Date(ended.getTime() - 86_400_000),
          real_edt: ended,
        }),
        () => register(standard(event.id, 'ada@example.com')),
      );
      expect(res.body.error?.code, JSON.stringify(res.body)).toBe('MST-00021');
      expect(await participants(event.id)).toEqual([]);
    });

    it('A3.17 a registration sent while an organizer edits something else (the name) goes through once the edit is saved', async () => {
      const event = await openEvent();
      const res = await held.behind(organizerSaves(event.id, { name: 'Expo, renamed' }), () =>
        register(standard(event.id, 'ada@example.com')),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await participants(event.id)).toEqual([{ email: 'ada@example.com', state: 'active' }]);
    });

    it('A7.21 attendEvent sent while an organizer closes registration does not join the event', async () => {
      const event = await openEvent();
      const user = await makeUser(t.ctx);
      const headers = await tokenHeaders(t.ctx, user.id);
      const res = await held.behind(organizerSaves(event.id, { registration_open: false }), () =>
        call<EventDetails>(t.app, {
          method: 'GET',
          url: `/api/v1/event/${event.id}?attendEvent=true`,
          headers,
        }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data!.me).toBeNull();
      expect(await participants(event.id)).toEqual([]);
    });
  },
);
