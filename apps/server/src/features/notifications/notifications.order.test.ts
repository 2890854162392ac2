import {
  type InvitationChangedPayload,
  type NotificationCounts,
  type NotificationPage,
  NotificationRecordType,
  RecordType,
  realtimeRoom,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, type Person } from '../../../test/factories';
import { useHeldTransactions } from '../../../test/held-transactions';
import { call, useTestApp } from '../../../test/helper';
import { meetingsApi } from '../../../test/meetings-api';
import type { DB } from '../../db/schema';
import * as delivery from './notifications.delivery.repository';
import * as repo from './notifications.repository';
import { draftRow, type NotificationDraft, writeNotifications } from './notifications.service';

/**
 * A client takes the counts of the last record on its user room as the badge's (the bell, A4.36 and
 * A4.39). Records of a room are pushed in commit order; their counts must be read in that order too,
 * or a mark and a new notification committing side by side leave the badge wrong until the next
 * reload. PGlite runs one transaction at a time, so only PostgreSQL can interleave them.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a user’s counts follow the order of commits (PostgreSQL)',
  () => {
    const t = useTestApp();

    const draftFrom = (eventId: number, actor: Person): NotificationDraft => ({
      type: 'participant_meet_invitation',
      eventId,
      actorId: actor.id,
      message: 'Hi',
    });

    const held = useHeldTransactions(() => t.ctx.db);
    const someoneWaitsForARoom = () => expect.poll(held.roomWaiters, { timeout: 10_000 }).toBeGreaterThan(0);

    const truth = async (who: Person) =>
      (
        await call<NotificationCounts>(t.app, {
          method: 'GET',
          url: '/api/v1/notifications/counts',
          headers: who.headers,
        })
      ).body;

    /** The newest record on the person's user room that carries counts (what the badge shows). */
    const lastCounts = (who: Person) =>
      t.ctx.db
        .selectFrom('realtime_events')
        .selectAll()
        .where('room', '=', realtimeRoom.user(who.userId))
        .where('type', 'in', [NotificationRecordType.State, RecordType.InvitationChanged])
        .orderBy('seq', 'desc')
        .executeTakeFirstOrThrow();

    it('A4.36 a mark waiting for a new notification’s commit answers and pushes the counts after both', async () => {
      const event = await makeEvent(t.ctx);
      const ana = await makePerson(t.ctx, event.id, { name: 'Ana' });
      const ben = await makePerson(t.ctx, event.id, { name: 'Ben' });
      await t.ctx.db
        .transaction()
        .execute((trx) => writeNotifications(t.ctx, trx, [ben.id], draftFrom(event.id, ana)));

      // A new notification for Ben, as the notifications processor writes and pushes it, not yet committed.
      const notifying = await held.hold(async (trx) => {
        const { written } = await writeNotifications(t.ctx, trx, [ben.id], draftFrom(event.id, ana));
        for (const { notification } of written)
          await t.app.realtime.publish(
            realtimeRoom.user(ben.userId),
            NotificationRecordType.Notification,
            notification,
            trx,
          );
      });
      const marking = call<NotificationCounts>(t.app, {
        method: 'POST',
        url: '/api/v1/notifications/seen',
        headers: ben.headers,
        payload: {},
      });
      await someoneWaitsForARoom();
      notifying.release();
      await notifying.done;
      const mark = await marking;

      const now = await truth(ben);
      expect(now).toMatchObject({ success: true, data: { unread: 2 } });
      expect(mark.body).toEqual(now);
      const last = await lastCounts(ben);
      expect(last.type).toBe(NotificationRecordType.State);
      expect(last.payload).toEqual(now.success ? now.data : null);
    });

    it('A9.40 a meeting change’s counts, pushed after my mark, are read after it', async () => {
      const event = await makeEvent(t.ctx);
      const ana = await makePerson(t.ctx, event.id, { name: 'Ana' });
      const ben = await makePerson(t.ctx, event.id, { name: 'Ben' });
      for (let i = 0; i < 2; i++)
        await t.ctx.db
          .transaction()
          .execute((trx) => writeNotifications(t.ctx, trx, [ben.id], draftFrom(event.id, ana)));

      // Ben opens the bell (A4.36) on another device: marked seen, its counts pushed, not yet committed.
      const marking = await held.hold(async (trx) => {
        await repo.markSeen(trx, ben.userId, null);
        const state = await repo.countNotifications(trx, ben.userId);
        await t.app.realtime.publish(realtimeRoom.user(ben.userId), NotificationRecordType.State, state, trx);
      });
      const invited = await meetingsApi(t.app, event.id).invite(ana, ben, 'Coffee?');
      expect(invited.status).toBe(200);
      await someoneWaitsForARoom(); // the meeting change's live record (meetings.processor.ts)
      marking.release();
      await marking.done;

      await expect
        .poll(async () => (await lastCounts(ben)).type, { timeout: 10_000 })
        .toBe(RecordType.InvitationChanged);
      const now = await truth(ben);
      expect(now).toMatchObject({ success: true, data: { unread: 3, unseen: 1 } });
      expect(((await lastCounts(ben)).payload as InvitationChangedPayload).counts).toEqual(
        now.success ? now.data : null,
      );
    });

    it('A4.36 opening the bell while a profile save holds the account answers, and the save commits', async () => {
      const event = await makeEvent(t.ctx);
      const ana = await makePerson(t.ctx, event.id, { name: 'Ana' });
      const ben = await makePerson(t.ctx, event.id, { name: 'Ben' });
      await t.ctx.db
        .transaction()
        .execute((trx) => writeNotifications(t.ctx, trx, [ben.id], draftFrom(event.id, ana)));

      // Ben saves his profile on his phone (profile.service.ts): his row held, then the live record.
      const saving = await held.hold(
        async (trx) => {
          await trx.selectFrom('users').select('id').where('id', '=', ben.userId).forUpdate().execute();
        },
        async (trx) => {
          const change = { change: 'profile' };
          await t.app.realtime.publish(
            realtimeRoom.user(ben.userId),
            RecordType.PublicProfileChanged,
            change,
            trx,
          );
        },
      );
      const marking = call<NotificationCounts>(t.app, {
        method: 'POST',
        url: '/api/v1/notifications/seen',
        headers: ben.headers,
        payload: {},
      });
      await expect.poll(held.lockWaiters, { timeout: 10_000 }).toBeGreaterThan(0);
      saving.release();
      await saving.done;
      const mark = await marking;

      expect(mark.status).toBe(200);
      expect(mark.body).toMatchObject({ success: true, data: { unseen: 0 } });
    });
    it('A4.37 a notification marked read while its poll is deleted: the mark answers, nothing breaks', async () => {
      const event = await makeEvent(t.ctx);
      const ana = await makePerson(t.ctx, event.id, { name: 'Ana' });
      const ben = await makePerson(t.ctx, event.id, { name: 'Ben' });
      const { written } = await t.ctx.db
        .transaction()
        .execute((trx) => writeNotifications(t.ctx, trx, [ben.id], draftFrom(event.id, ana)));
      const id = written[0]?.notification.id as number;

      // The organizer deletes what it was about (polls.service.ts drops its notifications).
      const marked = await held.behind(
        async (trx) => {
          await trx.deleteFrom('notifications').where('id', '=', id).execute();
        },
        () =>
          call<NotificationCounts>(t.app, {
            method: 'POST',
            url: '/api/v1/notifications/read',
            headers: ben.headers,
            payload: { ids: [id] },
          }),
      );
      expect(marked.status).toBe(200);
      expect(marked.body).toMatchObject({ success: true, data: { unread: 0 } });
    });

    /**
     * Mark all read (A4.38) keeps a watermark, the newest id visible. Ids are taken in insert order
     * but committed in any order: a notification whose id was taken before the mark and committed
     * after it sits below the watermark, though the person never saw it.
     */
    const markAllBesideAWrite = async (who: Person, write: (trx: Transaction<DB>) => Promise<number>) => {
      let late = 0;
      const writing = await held.hold(async (trx) => {
        late = await write(trx);
      });
      // A later notification (a higher id) commits first, and the person marks all read.
      const newer = await t.ctx.db.transaction().execute(write);
      expect(newer).toBeGreaterThan(late);
      let answered = false;
      const marking = call<NotificationCounts>(t.app, {
        method: 'POST',
        url: '/api/v1/notifications/read-all',
        headers: who.headers,
        payload: {},
      }).finally(() => {
        answered = true;
      });
      await expect
        .poll(async () => answered || (await held.lockWaiters()) > 0, { timeout: 10_000 })
        .toBe(true);
      writing.release();
      await writing.done;
      expect((await marking).status).toBe(200);
      const page = await call<NotificationPage>(t.app, {
        method: 'GET',
        url: '/api/v1/notifications',
        headers: who.headers,
      });
      const read = new Map(page.body.data?.items.map((n) => [n.id, n.read]));
      return { late: read.get(late), newer: read.get(newer), unread: page.body.data?.unread };
    };

    it('A4.38 mark all read beside a personal notification committing after it: that one stays unread', async () => {
      const event = await makeEvent(t.ctx);
      const ana = await makePerson(t.ctx, event.id, { name: 'Ana' });
      const ben = await makePerson(t.ctx, event.id, { name: 'Ben' });
      const result = await markAllBesideAWrite(ben, async (trx) => {
        const { written } = await writeNotifications(t.ctx, trx, [ben.id], draftFrom(event.id, ana));
        return written[0]?.notification.id as number;
      });
      expect(result).toEqual({ late: false, newer: true, unread: 1 });
    });

    it('A4.38 A9.41 mark all read beside an announcement committing after it: that one stays unread', async () => {
      const event = await makeEvent(t.ctx);
      const ana = await makePerson(t.ctx, event.id, { name: 'Ana' });
      const ben = await makePerson(t.ctx, event.id, { name: 'Ben' });
      // As the notifications processor writes an event-wide one (notifyEvent): one row for all.
      const result = await markAllBesideAWrite(ben, async (trx) => {
        const [row] = await delivery.insertNotifications(trx, [
          draftRow({ type: 'announcement', eventId: event.id, actorId: ana.id, title: 'Doors open' }, null),
        ]);
        return row?.id as number;
      });
      expect(result).toEqual({ late: false, newer: true, unread: 1 });
    });

    it('A4.38 a mark waiting for a write in flight, whose newer notification is deleted meanwhile, answers', async () => {
      const event = await makeEvent(t.ctx);
      const ana = await makePerson(t.ctx, event.id, { name: 'Ana' });
      const ben = await makePerson(t.ctx, event.id, { name: 'Ben' });
      const write = async (trx: Transaction<DB>) => {
        const { written } = await writeNotifications(t.ctx, trx, [ben.id], draftFrom(event.id, ana));
        return written[0]?.notification.id as number;
      };
      let late = 0;
      const writing = await held.hold(async (trx) => {
        late = await write(trx);
      });
      const newer = await t.ctx.db.transaction().execute(write);
      const marking = call<NotificationCounts>(t.app, {
        method: 'POST',
        url: '/api/v1/notifications/read-all',
        headers: ben.headers,
        payload: {},
      });
      await expect.poll(held.lockWaiters, { timeout: 10_000 }).toBeGreaterThan(0);
      // What it was about is deleted (a poll's notifications go with it) while the mark waits.
      await t.ctx.db.deleteFrom('notifications').where('id', '=', newer).execute();
      writing.release();
      await writing.done;
      const mark = await marking;
      expect(mark.status).toBe(200);
      expect(mark.body).toMatchObject({ success: true, data: { unread: 1 } });
      const page = await call<NotificationPage>(t.app, {
        method: 'GET',
        url: '/api/v1/notifications',
        headers: ben.headers,
      });
      expect(page.body.data?.items.map((n) => [n.id, n.read])).toEqual([[late, false]]);
    });
  },
);
