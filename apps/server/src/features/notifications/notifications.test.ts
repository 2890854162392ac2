import type { Notification, NotificationCounts, NotificationPage } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, makeSlots, type Person } from '../../../test/factories';
import { call, useTestApp } from '../../../test/helper';
import { meetingsApi } from '../../../test/meetings-api';
import { BROADCAST_CHECK_EVERY } from './notifications.processor';

const NOW = new Date('2030-05-01T07:00:00Z');
const t = useTestApp(NOW);

const settle = () => t.app.bus.idle();
const list = (who: Person, query: Record<string, string> = {}) =>
  call<NotificationPage>(t.app, { method: 'GET', url: '/api/v1/notifications', headers: who.headers, query });
const post = (who: Person, path: string, payload: unknown = {}) =>
  call<NotificationCounts>(t.app, {
    method: 'POST',
    url: `/api/v1/notifications/${path}`,
    headers: who.headers,
    payload: payload as Record<string, unknown>,
  });
const outbox = (channel: 'email' | 'sms') =>
  t.ctx.db.selectFrom('outbox').selectAll().where('channel', '=', channel).orderBy('id').execute();

async function setup() {
  const event = await makeEvent(t.ctx);
  const slots = await makeSlots(t.ctx, event.id, new Date('2030-05-01T09:00:00Z'), 4);
  const ana = await makePerson(t.ctx, event.id, { name: 'Ana' });
  const ben = await makePerson(t.ctx, event.id, { name: 'Ben' });
  return { event, slots, ana, ben, api: meetingsApi(t.app, event.id) };
}

/** An announcement published in the lobby by `authorId` (its row, as the lobby writes it). */
const announcement = (eventId: number, authorId: number, text: string) =>
  t.ctx.db
    .insertInto('posts')
    .values({
      event_id: eventId,
      type: 'announcement',
      participant_id: authorId,
      official: true,
      text,
      published_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** A published poll of the event. */
const publishedPoll = (eventId: number, question: string) =>
  t.ctx.db
    .insertInto('polls')
    .values({
      event_id: eventId,
      question,
      answers: JSON.stringify([{ id: 1, text: 'Yes' }]),
      status: 'published',
      published_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** Writes `count` personal notifications for a person straight through the bus. */
async function remind(eventId: number, who: Person, count: number) {
  for (let i = 0; i < count; i++) {
    await t.app.bus.emit({
      type: 'meeting.reminder',
      eventId,
      meetingId: 1000 + i,
      participantId: who.id,
      sdt: '2030-05-01T09:00:00Z',
    });
  }
  await settle();
}

describe('notifications from the meeting flows', () => {
  it('A9.42 A9.43 A3.23 an invitation notifies the invitee in-app and by e-mail (e-mail on by default)', async () => {
    const { ana, ben, api } = await setup();
    const sent = await api.invite(ana, ben, 'Coffee?');
    await settle();
    const page = await list(ben);
    expect(page.status).toBe(200);
    expect(page.body.data?.items).toHaveLength(1);
    const item = page.body.data!.items[0]!;
    expect(Object.keys(item).sort()).toEqual(
      ['det', 'dt', 'eId', 'event', 'id', 'read', 'seen', 'sesId', 'session', 'type'].sort(),
    );
    expect(item).toMatchObject({ id: expect.any(Number), dt: expect.any(String), eId: expect.any(Number) });
    expect(item.det.eventId).toBe(item.eId);
    expect(item.event).toMatchObject({ id: item.eId, name: expect.any(String) });
    expect(page.body.data?.items[0]).toMatchObject({
      type: 'participant_meet_invitation',
      read: false,
      seen: false,
      det: { invitationId: sent.body.data?.id, message: 'Coffee?', actor: { participantId: ana.id } },
    });
    expect(page.body.data).toMatchObject({ unread: 1, unseen: 1 });
    expect((await list(ana)).body.data?.items).toHaveLength(0);
    const mails = await outbox('email');
    expect(mails.map((m) => m.subject)).toEqual(['Ana Tester would like to meet you']);
  });

  it('A9.42 accept and decline notify the sender; revoke writes no notification', async () => {
    const { event, ana, ben, slots, api } = await setup();
    const first = await api.invite(ana, ben);
    await api.confirm(ben, first.body.data?.id as number, slots[0]?.id as number);
    await settle();
    expect((await list(ana)).body.data?.items.map((n) => n.type)).toEqual(['confirm_participant_invitation']);

    const carl = await makePerson(t.ctx, event.id, { name: 'Carl' });
    const second = await api.invite(carl, ana);
    await api.reject(ana, second.body.data?.id as number);
    const third = await api.invite(ben, carl);
    await api.revoke(ben, third.body.data?.id as number);
    await settle();
    expect((await list(carl)).body.data?.items.map((n) => n.type)).toEqual([
      'participant_meet_invitation', // from Ben; his revoke adds none
      'reject_participant_invite',
    ]);
  });

  it('A9.43 a person who turned e-mail off for a type still gets it in-app', async () => {
    const { ana, ben, api } = await setup();
    await t.ctx.db
      .updateTable('users')
      .set({
        notification_preferences: JSON.stringify([{ type: 'participant_meet_invitation', channels: [] }]),
      })
      .where('id', '=', ben.userId)
      .execute();
    await api.invite(ana, ben);
    await settle();
    expect((await list(ben)).body.data?.items).toHaveLength(1);
    expect(await outbox('email')).toHaveLength(0);
  });

  it('A9.44 A9.45 E9.25 a meeting reminder goes in-app, by e-mail and by SMS; other types never by SMS', async () => {
    const { event, ana, ben, api } = await setup();
    await t.ctx.db.updateTable('users').set({ sms_phone: '+441234' }).where('id', '=', ben.userId).execute();
    await api.invite(ana, ben);
    await settle();
    await remind(event.id, ben, 1);
    const items = (await list(ben)).body.data?.items ?? [];
    expect(items.map((n) => n.type)).toEqual(['meeting_reminder', 'participant_meet_invitation']);
    expect(items[0]?.det.message).toBe('Your 1:1 meeting starts at 2030-05-01 09:00 (UTC).');
    const sms = await outbox('sms');
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ recipient: '+441234' });
    expect((await outbox('email')).map((m) => m.subject)).toContain('Your meeting starts in 1 hour');
  });

  it('A9.44 SMS off for reminders leaves e-mail on', async () => {
    const { event, ben } = await setup();
    await t.ctx.db
      .updateTable('users')
      .set({
        sms_phone: '+441234',
        notification_preferences: JSON.stringify([{ type: 'meeting_reminder', channels: ['email'] }]),
      })
      .where('id', '=', ben.userId)
      .execute();
    await remind(event.id, ben, 1);
    expect(await outbox('sms')).toHaveLength(0);
    expect(await outbox('email')).toHaveLength(1);
  });
});

describe('the list, read and seen', () => {
  it('A9.37 A9.39 30 per page, newest first, with a cursor to the next page', async () => {
    const { event, ben } = await setup();
    await remind(event.id, ben, 35);
    const first = await list(ben);
    const items = first.body.data?.items ?? [];
    expect(items).toHaveLength(30);
    expect(items.map((n) => n.id)).toEqual([...items.map((n) => n.id)].sort((a, b) => b - a));
    expect(first.body.data?.nextCursor).toBe(items.at(-1)?.id);
    const second = await list(ben, { cursor: String(first.body.data?.nextCursor) });
    expect(second.body.data?.items).toHaveLength(5);
    expect(second.body.data?.nextCursor).toBeNull();
    expect((await list(ben, { limit: '10' })).body.data?.items).toHaveLength(10);
  });

  it('A4.35 A4.37 unread until marked read; only my own can be marked', async () => {
    const { event, ana, ben } = await setup();
    await remind(event.id, ben, 3);
    await remind(event.id, ana, 1);
    const [newest, , oldest] = (await list(ben)).body.data?.items ?? [];
    const anasOwn = (await list(ana)).body.data?.items[0] as Notification;
    const marked = await post(ben, 'read', { ids: [newest?.id, oldest?.id, anasOwn.id] });
    expect(marked.status).toBe(200);
    expect(marked.body.data?.unread).toBe(1);
    expect((await list(ben)).body.data?.items.map((n) => n.read)).toEqual([true, false, true]);
    expect((await list(ana)).body.data?.items[0]?.read).toBe(false);
    expect((await list(ben, { unreadOnly: 'true' })).body.data?.items).toHaveLength(1);
  });

  it('E7.68 E7.69 mark as seen: one of my notifications of an event, by eventId, userId and entityId', async () => {
    const { event, ana, ben } = await setup();
    const other = await makeEvent(t.ctx);
    await remind(event.id, ben, 2);
    await remind(event.id, ana, 1);
    const [newest, older] = (await list(ben)).body.data?.items ?? [];
    const anasOwn = (await list(ana)).body.data?.items[0] as Notification;
    const seen = (who: Person, body: Record<string, unknown>) =>
      call<NotificationCounts>(t.app, {
        method: 'POST',
        url: '/api/v1/event/markAsSeen',
        headers: who.headers,
        payload: body,
      });
    const bens = (entityId: number | undefined, eventId = event.id) => ({
      eventId,
      userId: ben.userId,
      entityId,
    });

    const marked = await seen(ben, bens(newest?.id));
    expect(marked.status).toBe(200);
    expect(marked.body.data?.unread).toBe(1);
    expect((await list(ben)).body.data?.items.map((n) => n.read)).toEqual([true, false]);
    // Again: nothing changes, still fine.
    expect((await seen(ben, bens(newest?.id))).body.data?.unread).toBe(1);

    // Someone else's notification, another event, another user's id, a bad body: refused, nothing changes.
    expect((await seen(ben, bens(anasOwn.id))).status).toBe(404);
    expect((await seen(ben, bens(older?.id, other.id))).status).toBe(404);
    const forAna = await seen(ben, { eventId: event.id, userId: ana.userId, entityId: anasOwn.id });
    expect(forAna.status).toBe(403);
    expect((await seen(ben, { eventId: event.id, userId: ben.userId })).status).toBe(400);
    expect((await list(ben)).body.data?.items.map((n) => n.read)).toEqual([true, false]);
    expect((await list(ana)).body.data?.items[0]?.read).toBe(false);
  });

  it('A4.38 mark all read; later ones are unread again', async () => {
    const { event, ben } = await setup();
    await remind(event.id, ben, 3);
    const all = await post(ben, 'read-all');
    expect(all.body.data?.unread).toBe(0);
    await remind(event.id, ben, 1);
    const page = (await list(ben)).body.data;
    expect(page?.unread).toBe(1);
    expect(page?.items.map((n) => n.read)).toEqual([false, true, true, true]);
  });

  it('A4.36 opening the drawer marks the latest date as seen; the marker never moves back', async () => {
    const { event, ben } = await setup();
    await remind(event.id, ben, 2);
    expect((await list(ben)).body.data?.unseen).toBe(2);
    const seen = await post(ben, 'seen');
    expect(seen.body.data).toMatchObject({ unseen: 0, unread: 2 });
    const page = (await list(ben)).body.data;
    expect(page?.items.every((n) => n.seen)).toBe(true);
    expect(page?.seenAt).toBe(page?.items[0]?.dt);
    await post(ben, 'seen', { until: '2001-01-01T00:00:00Z' });
    expect((await list(ben)).body.data?.seenAt).toBe(page?.seenAt);
    // A marker in the future (a phone's clock years ahead) stops at now: later ones still count as new.
    await post(ben, 'seen', { until: '2099-01-01T00:00:00Z' });
    const seenAt = (await list(ben)).body.data?.seenAt ?? '';
    expect(Date.parse(seenAt)).toBeLessThanOrEqual(Date.now());
    await remind(event.id, ben, 1);
    expect(
      (
        await call<NotificationCounts>(t.app, {
          method: 'GET',
          url: '/api/v1/notifications/counts',
          headers: ben.headers,
        })
      ).body.data?.unseen,
    ).toBe(1);
  });
});

describe('event-wide notifications', () => {
  it('A9.41 an announcement reaches every participant but its author, not other events, not later joiners', async () => {
    const { event, ana, ben } = await setup();
    const other = await makeEvent(t.ctx);
    const stranger = await makePerson(t.ctx, other.id);
    const { id: postId } = await announcement(event.id, ana.id, 'Doors open');
    await t.app.bus.emit({
      type: 'announcement.published',
      eventId: event.id,
      postId,
      authorId: ana.id,
      text: 'Doors open',
    });
    await settle();
    const late = await makePerson(t.ctx, event.id);
    await t.ctx.db
      .updateTable('participants')
      .set({ created_at: new Date(Date.now() + 60_000) } as never)
      .where('id', '=', late.id)
      .execute();
    expect((await list(ben)).body.data?.items[0]).toMatchObject({
      type: 'announcement',
      det: { title: 'Doors open' },
    });
    expect((await list(ana)).body.data?.items).toHaveLength(0);
    expect((await list(stranger)).body.data?.items).toHaveLength(0);
    expect((await list(late)).body.data?.items).toHaveLength(0);
    // one e-mail for each participant then in the event but the author
    expect(await outbox('email')).toHaveLength(1);
  });

  it('A4.37 A4.38 event-wide ones are read per person', async () => {
    const { event, ana, ben } = await setup();
    const { id: pollId } = await publishedPoll(event.id, 'Best talk?');
    await t.app.bus.emit({ type: 'poll.published', eventId: event.id, pollId, question: 'Best talk?' });
    await settle();
    const id = (await list(ben)).body.data?.items[0]?.id as number;
    await post(ben, 'read', { ids: [id] });
    expect((await list(ben)).body.data?.unread).toBe(0);
    expect((await list(ana)).body.data?.unread).toBe(1);
    await post(ana, 'read-all');
    expect((await list(ana)).body.data?.unread).toBe(0);
  });
});

describe('event-wide notifications of something taken back', () => {
  it('A9.41 an announcement hidden before its notification was written notifies and mails nobody', async () => {
    const { event, ana, ben } = await setup();
    const { id: postId } = await announcement(event.id, ana.id, 'Wrong room, sorry');
    // The scheduler published it (its event is in the outbox); an organizer hides it at once.
    await t.ctx.db.transaction().execute(async (trx) => {
      await t.app.bus.emit(
        {
          type: 'announcement.published',
          eventId: event.id,
          postId,
          authorId: ana.id,
          text: 'Wrong room, sorry',
        },
        trx,
      );
      await trx
        .updateTable('posts')
        .set({ hidden_at: new Date(), hidden_by: ana.id })
        .where('id', '=', postId)
        .execute();
    });
    await settle();
    expect((await list(ben)).body.data?.items).toHaveLength(0);
    expect(await outbox('email')).toHaveLength(0);
    const handled = await t.ctx.db
      .selectFrom('bus_outbox')
      .select('state')
      .where('type', '=', 'announcement.published')
      .execute();
    expect(handled.map((row) => row.state)).toEqual(['done']);
  });

  it('A9.41 a poll deleted before its notification was written notifies nobody; its e-mails do not go once it is taken back', async () => {
    const { event, ben } = await setup();
    const { id: pollId } = await publishedPoll(event.id, 'Lunch at noon?');
    await t.ctx.db.transaction().execute(async (trx) => {
      await t.app.bus.emit(
        { type: 'poll.published', eventId: event.id, pollId, question: 'Lunch at noon?' },
        trx,
      );
      await trx.deleteFrom('polls').where('id', '=', pollId).execute();
    });
    await settle();
    expect((await list(ben)).body.data?.items).toHaveLength(0);
    // A notification written, then taken back (deleted with its poll) before its broadcast ran.
    await t.app.bus.emit({
      type: 'notification.broadcast',
      eventId: event.id,
      notificationId: 987_654,
      notificationType: 'poll',
      actorId: null,
      mail: { subject: 'Lunch at noon?', text: 'Lunch at noon?' },
    });
    await settle();
    expect(await outbox('email')).toHaveLength(0);
  });
});

describe('event-wide notifications of a poll unpublished', () => {
  it('A9.41 E4.58 a poll unpublished before its notification was written notifies and mails nobody', async () => {
    const { event, ben } = await setup();
    const { id: pollId } = await publishedPoll(event.id, 'Lunch at noon?');
    // Published, then taken back to a draft by a moderator before its notification was written.
    await t.ctx.db.transaction().execute(async (trx) => {
      await t.app.bus.emit(
        { type: 'poll.published', eventId: event.id, pollId, question: 'Lunch at noon?' },
        trx,
      );
      await trx.updateTable('polls').set({ status: 'draft' }).where('id', '=', pollId).execute();
    });
    await settle();
    expect((await list(ben)).body.data?.items).toHaveLength(0);
    expect(await outbox('email')).toHaveLength(0);
  });

  it('A9.41 E4.58 a poll published, unpublished and published again before its notification was written is told once', async () => {
    const { event, ben } = await setup();
    const { id: pollId } = await publishedPoll(event.id, 'Lunch at noon?');
    await t.ctx.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 2; i++) {
        await t.app.bus.emit(
          { type: 'poll.published', eventId: event.id, pollId, question: 'Lunch at noon?' },
          trx,
        );
      }
    });
    await settle();
    expect((await list(ben)).body.data?.items.map((n) => n.type)).toEqual(['poll']);
    expect(await outbox('email')).toHaveLength(2);
  });
});

describe('a broadcast taken back while its e-mails go out', () => {
  it('A9.41 an announcement hidden while its e-mails go out: the rest do not go', async () => {
    const { event, ana } = await setup();
    // Ben and enough others that the broadcast looks again before its last e-mail.
    for (let i = 0; i < BROADCAST_CHECK_EVERY + 4; i++) await makePerson(t.ctx, event.id);
    const { id: postId } = await announcement(event.id, ana.id, 'Doors open at noon');
    const mailer = t.ctx.mailer;
    const send = mailer.send.bind(mailer);
    let sent = 0;
    // The organizer hides it (its notification goes with it) as the third e-mail goes out.
    mailer.send = async (mail) => {
      sent += 1;
      if (sent === 3) await t.ctx.db.deleteFrom('notifications').where('post_id', '=', postId).execute();
      return send(mail);
    };
    try {
      await t.app.bus.emit({
        type: 'announcement.published',
        eventId: event.id,
        postId,
        authorId: ana.id,
        text: 'Doors open at noon',
      });
      await settle();
    } finally {
      mailer.send = send;
    }
    // The audience is 30 people; the e-mails stop at the first look after the hide.
    expect(await outbox('email')).toHaveLength(BROADCAST_CHECK_EVERY);
  });
});

describe('the bus', () => {
  it('runs handlers after commit, and never for a rolled-back transaction', async () => {
    const { event, ben } = await setup();
    const reminder = {
      type: 'meeting.reminder' as const,
      eventId: event.id,
      meetingId: 1,
      participantId: ben.id,
      sdt: '2030-05-01T09:00:00Z',
    };
    await t.ctx.db
      .transaction()
      .execute(async (trx) => {
        await t.app.bus.emit(reminder, trx);
        throw new Error('roll back');
      })
      .catch(() => {});
    await settle();
    expect((await list(ben)).body.data?.items).toHaveLength(0);
    await t.ctx.db.transaction().execute(async (trx) => {
      await t.app.bus.emit(reminder, trx);
      await t.app.bus.emit({ ...reminder, meetingId: 2 }, trx);
    });
    await settle();
    expect((await list(ben)).body.data?.items.map((n) => n.det.meetingId)).toEqual([2, 1]);
  });
});

describe('bad input', () => {
  it('answers 401 without a token and 400 envelopes for bad input, changing nothing', async () => {
    const { event, ben } = await setup();
    await remind(event.id, ben, 1);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/notifications' })).status).toBe(401);
    const queries: Record<string, string>[] = [
      { limit: '31' },
      { limit: '0' },
      { cursor: 'x' },
      { unreadOnly: 'maybe' },
      { extra: '1' },
    ];
    for (const query of queries) {
      const r = await list(ben, query);
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.body).toMatchObject({ success: false, error: { code: 'MST-00400' } });
    }
    for (const [path, payload] of [
      ['read', {}],
      ['read', { ids: [] }],
      ['read', { ids: ['a'] }],
      ['read', { ids: [1], extra: true }],
      ['read-all', { all: true }],
      ['seen', { until: 'soon' }],
    ] as const) {
      const r = await post(ben, path, payload);
      expect(r.status, `${path} ${JSON.stringify(payload)}`).toBe(400);
      expect(r.body.success).toBe(false);
    }
    expect((await list(ben)).body.data).toMatchObject({ unread: 1, unseen: 1 });
  });
});
