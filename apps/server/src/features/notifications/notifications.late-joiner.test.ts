import type { NotificationPage } from '@foyer/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, type Person } from '../../../test/factories';
import { call, useTestApp } from '../../../test/helper';
import { waitFor } from '../../../test/smtp';

const NOW = new Date('2030-05-01T07:00:00Z');
const t = useTestApp(NOW);

const bell = async (who: Person) =>
  (
    await call<NotificationPage>(t.app, {
      method: 'GET',
      url: '/api/v1/notifications',
      headers: who.headers,
    })
  ).body.data?.items ?? [];
const mailsTo = (who: Person) =>
  t.ctx.db
    .selectFrom('outbox')
    .select('subject')
    .where('channel', '=', 'email')
    .where('recipient', '=', who.email)
    .execute();

describe('an event-wide notification and a person who joins after it', () => {
  it('A9.41 A9.43 a late joiner gets neither the bell entry nor the e-mail of an announcement (its e-mails retried after they joined)', async () => {
    const event = await makeEvent(t.ctx);
    const ana = await makePerson(t.ctx, event.id, { name: 'Ana', organizer: true });
    const ben = await makePerson(t.ctx, event.id, { name: 'Ben' });
    const { id: postId } = await t.ctx.db
      .insertInto('posts')
      .values({
        event_id: event.id,
        type: 'announcement',
        participant_id: ana.id,
        official: true,
        text: 'Doors open',
        published_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mailer = t.ctx.mailer;
    const send = mailer.send.bind(mailer);
    // The mail server is down for the first e-mail: the broadcast goes out again later (a retry).
    let refused = false;
    mailer.send = async (mail) => {
      if (!refused) {
        refused = true;
        throw new Error('SMTP unavailable');
      }
      return send(mail);
    };
    try {
      await t.app.bus.emit({
        type: 'announcement.published',
        eventId: event.id,
        postId,
        authorId: ana.id,
        text: 'Doors open',
      });
      await t.app.bus.idle();
      expect(refused).toBe(true);
      const notice = await t.ctx.db
        .selectFrom('notifications')
        .select(['id', 'created_at'])
        .where('post_id', '=', postId)
        .executeTakeFirstOrThrow();
      // Cleo joins after the announcement was published, before its e-mails went out again.
      const cleo = await makePerson(t.ctx, event.id, { name: 'Cleo' });
      // (created_at is written by the database only: set here as a join a moment later would.)
      await sql`UPDATE participants SET created_at = ${notice.created_at}::timestamptz + interval '1 second'
                 WHERE id = ${cleo.id}`.execute(t.ctx.db);
      const broadcastDone = async () =>
        (
          await t.ctx.db
            .selectFrom('bus_outbox')
            .select('state')
            .where('type', '=', 'notification.broadcast')
            .where('event_id', '=', event.id)
            .executeTakeFirst()
        )?.state === 'done';
      await waitFor(broadcastDone, 20_000, 'the broadcast retried');
      await t.app.bus.idle();

      expect((await bell(ben)).map((n) => n.type)).toEqual(['announcement']);
      expect(await mailsTo(ben)).toHaveLength(1);
      // The bell does not show Cleo what came before she joined; the e-mail must agree.
      expect(await bell(cleo)).toEqual([]);
      expect(await mailsTo(cleo)).toEqual([]);
      // The author is told neither way.
      expect(await bell(ana)).toEqual([]);
      expect(await mailsTo(ana)).toEqual([]);
    } finally {
      mailer.send = send;
    }
  });
});
