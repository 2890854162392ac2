import {
  effectiveChannels,
  NotificationRecordType,
  type NotificationType,
  notificationTypes,
  realtimeRoom,
} from '@foyer/contract';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import type { DomainEvent, HandlerMeta, OutgoingMessage } from '../../events/bus';
import { notificationMail } from './notifications.email';
import { toNotification } from './notifications.present';
import * as repo from './notifications.repository';

/**
 * Turns domain events into notifications (A9.40–A9.45): a row per person (or one per event for
 * announcements and polls), a live push, an e-mail when the person's preferences allow it (A9.43),
 * an SMS for meeting reminders only (A9.44).
 */
interface Draft {
  type: NotificationType;
  eventId: number;
  actorId: number | null;
  sessionId?: number | null;
  invitationId?: number | null;
  meetingId?: number | null;
  postId?: number | null;
  pollId?: number | null;
  message?: string | null;
  title?: string | null;
}

const isNotificationType = (value: string): value is NotificationType =>
  (notificationTypes as readonly string[]).includes(value);

const TITLE_MAX = 200;
const excerpt = (text: string) => (text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX - 1)}…` : text);

export function registerNotificationProcessors(app: FastifyInstance): void {
  const { ctx } = app;
  const { bus } = app;

  const rowOf = (draft: Draft, userId: number | null): repo.NewNotification => ({
    user_id: userId,
    event_id: draft.eventId,
    type: draft.type,
    session_id: draft.sessionId ?? null,
    invitation_id: draft.invitationId ?? null,
    meeting_id: draft.meetingId ?? null,
    post_id: draft.postId ?? null,
    poll_id: draft.pollId ?? null,
    actor_participant_id: draft.actorId,
    message: draft.message ?? null,
    title: draft.title ?? null,
  });

  /**
   * Personal notifications for these participants (those with an account). The rows, their live
   * pushes, the e-mails/SMS to send (a durable `messages.send` row) and this handler's progress
   * commit together: a retry after a crash neither repeats nor loses any of them.
   */
  async function notifyParticipants(
    participantIds: number[],
    draft: Draft,
    meta: HandlerMeta,
  ): Promise<void> {
    const people = await repo.recipientsOf(ctx.db, [...new Set(participantIds)]);
    if (people.length === 0) return;
    await ctx.db.transaction().execute(async (trx) => {
      const rows = await repo.insertNotifications(
        trx,
        people.map((p) => rowOf(draft, p.user_id)),
      );
      const listed = await repo.findNotifications(
        trx,
        rows.map((r) => r.id),
      );
      const messages: OutgoingMessage[] = [];
      for (const row of listed) {
        const person = people.find((p) => p.user_id === row.user_id);
        if (!person) continue;
        const notification = toNotification(row, null);
        await app.realtime.publish(
          realtimeRoom.user(person.user_id),
          NotificationRecordType.Notification,
          notification,
          trx,
        );
        const channels = effectiveChannels(draft.type, person.notification_preferences ?? []);
        const mail = notificationMail(notification, ctx.config.publicUrl);
        if (channels.includes('email')) messages.push({ channel: 'email', to: person.username, ...mail });
        const phone = person.sms_phone || person.phone;
        if (draft.type === 'meeting_reminder' && channels.includes('sms') && phone) {
          const text = mail.subject + (draft.message ? `: ${draft.message}` : '');
          messages.push({ channel: 'sms', to: phone, subject: '', text });
        }
      }
      // E-mail and SMS need no order and may be slow: their own row holds up no other event.
      if (messages.length > 0)
        await bus.emit({ type: 'messages.send', eventId: draft.eventId, messages }, trx);
      await meta.doneWith(trx);
    });
  }

  /** One event-wide notification: one row, one push on newEvents/{eventId}, e-mail per preferences. */
  async function notifyEvent(draft: Draft, meta: HandlerMeta): Promise<void> {
    await ctx.db.transaction().execute(async (trx) => {
      const [row] = await repo.insertNotifications(trx, [rowOf(draft, null)]);
      if (!row) return;
      const [listed] = await repo.findNotifications(trx, [row.id]);
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
        },
        trx,
      );
      await meta.doneWith(trx);
    });
  }

  /** The e-mails of an event-wide notification, one per person, each keyed so a retry skips those sent. */
  bus.on(
    'notification.broadcast',
    async (event, meta) => {
      for (const person of await repo.eventAudience(ctx.db, event.eventId, event.actorId)) {
        if (
          !effectiveChannels(event.notificationType, person.notification_preferences ?? []).includes('email')
        )
          continue;
        await ctx.mailer.send({
          to: person.username,
          ...event.mail,
          dedupeKey: meta.key(person.user_id, 'email'),
        });
      }
    },
    'notifications.broadcast',
  );

  bus.on(
    'meeting.changed',
    async (event, meta) => {
      if (!isNotificationType(event.kind)) return; // revokes, guests, pings: chat and pushes only
      await notifyParticipants(
        event.recipients,
        {
          type: event.kind,
          eventId: event.eventId,
          actorId: event.actorId,
          invitationId: event.invitationId,
          meetingId: event.meetingId,
          message: event.message,
        },
        meta,
      );
    },
    'notifications',
  );

  bus.on(
    'meeting.reminder',
    async (event, meta) => {
      const when = await startsAt(event);
      await notifyParticipants(
        [event.participantId],
        {
          type: 'meeting_reminder',
          eventId: event.eventId,
          actorId: null,
          meetingId: event.meetingId,
          message: `Your 1:1 meeting starts at ${when}.`,
        },
        meta,
      );
    },
    'notifications',
  );

  bus.on(
    'session.changed',
    (event, meta) =>
      notifyParticipants(
        event.participantIds,
        {
          type: event.kind,
          eventId: event.eventId,
          actorId: event.actorId,
          sessionId: event.sessionId,
          message: event.message,
        },
        meta,
      ),
    'notifications',
  );

  bus.on(
    'event.invited',
    (event, meta) =>
      ctx.db.transaction().execute(async (trx) => {
        const [row] = await repo.insertNotifications(trx, [
          rowOf({ type: 'invited_to_event', eventId: event.eventId, actorId: event.actorId }, event.userId),
        ]);
        if (!row) return;
        const [listed] = await repo.findNotifications(trx, [row.id]);
        if (listed) {
          await app.realtime.publish(
            realtimeRoom.user(event.userId),
            NotificationRecordType.Notification,
            toNotification(listed, null),
            trx,
          );
        }
        await meta.doneWith(trx);
      }),
    'notifications',
  );

  bus.on(
    'announcement.published',
    (event, meta) =>
      notifyEvent(
        {
          type: 'announcement',
          eventId: event.eventId,
          actorId: event.authorId,
          postId: event.postId,
          title: excerpt(event.text),
        },
        meta,
      ),
    'notifications',
  );
  bus.on(
    'poll.published',
    (event, meta) =>
      notifyEvent(
        { type: 'poll', eventId: event.eventId, actorId: null, pollId: event.pollId, title: event.question },
        meta,
      ),
    'notifications',
  );
  bus.on(
    'poll.finished',
    (event, meta) =>
      notifyEvent(
        {
          type: 'poll_finished',
          eventId: event.eventId,
          actorId: null,
          pollId: event.pollId,
          title: event.question,
        },
        meta,
      ),
    'notifications',
  );

  async function startsAt(event: Extract<DomainEvent, { type: 'meeting.reminder' }>): Promise<string> {
    const found = await ctx.db
      .selectFrom('events')
      .select('timezone')
      .where('id', '=', event.eventId)
      .executeTakeFirst();
    const zone = found?.timezone ?? 'UTC';
    return `${DateTime.fromISO(event.sdt, { zone }).toFormat('yyyy-LL-dd HH:mm')} (${zone})`;
  }
}
