import { effectiveChannels, NotificationRecordType, pushTopicOf, realtimeRoom } from '@foyer/contract';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import type { DomainEvent } from '../../events/bus';
import { defineProcessor, type HandlerMeta } from '../../events/bus.handlers';
import { deliverPush, PushLaterError, pushableInEvent } from '../push/push.delivery';
import { notificationPush } from '../push/push.message';
import * as delivery from './notifications.delivery.repository';
import { notificationMail } from './notifications.email';
import { toNotification } from './notifications.present';
import { draftRow, type NotificationDraft, writeNotifications } from './notifications.service';

/**
 * Turns domain events into notifications (A9.40–A9.45): a row per person (or one per event for
 * announcements and polls), a live push, an e-mail when the person's preferences allow it (A9.43),
 * an SMS for meeting reminders only (A9.44). Meeting changes are not here: their one live record
 * per person carries the notification too (features/meetings/meetings.processor.ts).
 */
const TITLE_MAX = 200;
/** A broadcast looks again whether its notification was taken back after this many people. */
export const BROADCAST_CHECK_EVERY = 25;
/** A personal notification's people written per transaction (the rest follow in the next). */
export const PEOPLE_PER_TRANSACTION = 500;
const excerpt = (text: string) => (text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX - 1)}…` : text);

export function notificationsProcessor(app: FastifyInstance) {
  const { ctx } = app;
  const { bus } = app;
  const pushDeps = { db: ctx.db, push: app.push, log: app.log };

  /**
   * Personal notifications for these participants. The rows, their live pushes, the e-mails/SMS to
   * send (a durable `messages.send` row) and this handler's progress commit together: a retry after
   * a crash neither repeats nor loses any of them. A large audience is written a part at a time,
   * each part in its own short transaction that hands the rest on as a `notification.people` row:
   * one transaction for a keynote's thousands held the turns of every other notification and feed
   * until it committed.
   */
  function notifyParticipants(participantIds: number[], draft: NotificationDraft, meta: HandlerMeta) {
    const ids = [...new Set(participantIds)];
    const part = ids.slice(0, PEOPLE_PER_TRANSACTION);
    const rest = ids.slice(PEOPLE_PER_TRANSACTION);
    return ctx.db.transaction().execute(async (trx) => {
      const { written, messages } = await writeNotifications(ctx, trx, part, draft);
      // One record per person's feed, in one statement (their rooms' turns taken in one order).
      await app.realtime.publishAll(
        written.map(({ userId, notification }) => ({
          room: realtimeRoom.user(userId),
          type: NotificationRecordType.Notification,
          payload: notification,
        })),
        trx,
      );
      // E-mail and SMS need no order and may be slow: their own row holds up no other event.
      if (messages.length > 0)
        await bus.emit({ type: 'messages.send', eventId: draft.eventId, messages }, trx);
      if (rest.length > 0)
        await bus.emit(
          { type: 'notification.people', eventId: draft.eventId, participantIds: rest, draft },
          trx,
        );
      await meta.doneWith(trx);
    });
  }

  /** One event-wide notification: one row, one push on newEvents/{eventId}, e-mail per preferences. */
  async function notifyEvent(draft: NotificationDraft, meta: HandlerMeta): Promise<void> {
    await ctx.db.transaction().execute(async (trx) => {
      // Hidden or deleted since it was published (a mistake taken back at once): nobody is told.
      if (!(await delivery.sourceShown(trx, draft))) return meta.doneWith(trx);
      // Told of already: an unpublish takes the notice back and lets the next publish tell again,
      // so a poll published twice before its first notice was written has two events (the poll's
      // row, held FOR SHARE above, keeps an unpublish from deleting it meanwhile).
      if (
        draft.type === 'poll' &&
        draft.pollId != null &&
        (await delivery.hasPollNotification(trx, draft.pollId, draft.type))
      ) {
        return meta.doneWith(trx);
      }
      const [row] = await delivery.insertNotifications(trx, [draftRow(draft, null)]);
      if (!row) return;
      const [listed] = await delivery.findNotifications(trx, [row.id]);
      if (!listed) return;
      const notification = toNotification(listed, null);
      await app.realtime.publish(
        realtimeRoom.event(draft.eventId),
        NotificationRecordType.Notification,
        notification,
        trx,
      );
      await bus.emit(
        {
          type: 'notification.broadcast',
          eventId: draft.eventId,
          notificationId: row.id,
          notificationType: draft.type,
          actorId: draft.actorId,
          mail: notificationMail(notification, ctx.config.publicUrl),
          push: notificationPush(notification),
        },
        trx,
      );
      await meta.doneWith(trx);
    });
  }

  async function startsAt(event: Extract<DomainEvent, { type: 'meeting.reminder' }>): Promise<string> {
    const zone = (await delivery.eventTimezone(ctx.db, event.eventId)) ?? 'UTC';
    return `${DateTime.fromISO(event.sdt, { zone }).toFormat('yyyy-LL-dd HH:mm')} (${zone})`;
  }

  /**
   * The e-mails of an event-wide notification, one per person, each keyed so a retry skips those
   * sent; and its pushes, to those with a browser subscribed who did not mute the topic.
   */
  async function broadcast(
    event: Extract<DomainEvent, { type: 'notification.broadcast' }>,
    meta: HandlerMeta,
  ): Promise<void> {
    // Taken back (the announcement hidden, the poll deleted) before its e-mails went out: none go;
    // taken back while they go out (an event of thousands takes a while): the rest do not.
    const stillShown = () => delivery.notificationExists(ctx.db, event.notificationId);
    if (!(await stillShown())) return;
    const audience = await delivery.eventAudience(ctx.db, event.notificationId, event.actorId);
    const push = event.push;
    const pushable = push ? await pushableInEvent(ctx.db, event.eventId) : new Map<number, string[]>();
    let later: PushLaterError | null = null;
    for (const [index, person] of audience.entries()) {
      if (index > 0 && index % BROADCAST_CHECK_EVERY === 0 && !(await stillShown())) break;
      const muted = pushable.get(person.user_id);
      if (push && muted && !muted.includes(pushTopicOf(event.notificationType))) {
        await deliverPush(pushDeps, person.user_id, push, meta.key(person.user_id, 'push')).catch(
          (error: unknown) => {
            if (!(error instanceof PushLaterError)) throw error;
            later = error;
          },
        );
      }
      const channels = effectiveChannels(event.notificationType, person.notification_preferences ?? []);
      if (!channels.includes('email')) continue;
      await ctx.mailer.send({
        to: person.username,
        ...event.mail,
        dedupeKey: meta.key(person.user_id, 'email'),
      });
    }
    if (later) throw later;
  }

  return defineProcessor({
    name: 'notifications',
    events: [
      'meeting.reminder',
      'session.changed',
      'notification.people',
      'announcement.published',
      'poll.published',
      'poll.finished',
      'notification.broadcast',
    ],
    async handle(event, meta) {
      switch (event.type) {
        case 'meeting.reminder':
          return notifyParticipants(
            [event.participantId],
            {
              type: 'meeting_reminder',
              eventId: event.eventId,
              actorId: null,
              meetingId: event.meetingId,
              message: `Your 1:1 meeting starts at ${await startsAt(event)}.`,
            },
            meta,
          );
        case 'session.changed':
          return notifyParticipants(
            event.participantIds,
            {
              type: event.kind,
              eventId: event.eventId,
              actorId: event.actorId,
              sessionId: event.sessionId,
              message: event.message,
            },
            meta,
          );
        case 'notification.people':
          return notifyParticipants(event.participantIds, event.draft, meta);
        case 'announcement.published':
          return notifyEvent(
            {
              type: 'announcement',
              eventId: event.eventId,
              actorId: event.authorId,
              postId: event.postId,
              title: excerpt(event.text),
            },
            meta,
          );
        case 'poll.published':
        case 'poll.finished':
          return notifyEvent(
            {
              type: event.type === 'poll.published' ? 'poll' : 'poll_finished',
              eventId: event.eventId,
              actorId: null,
              pollId: event.pollId,
              title: event.question,
            },
            meta,
          );
        case 'notification.broadcast':
          return broadcast(event, meta);
      }
    },
  });
}
