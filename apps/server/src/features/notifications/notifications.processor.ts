import {
  effectiveChannels,
  NotificationRecordType,
  type NotificationType,
  notificationTypes,
  realtimeRoom,
} from '@foyer/contract';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { busOf, type DomainEvent } from '../../events/bus';
import { smsGatewayOf } from '../meetings/sms';
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
  const bus = busOf(ctx);

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

  /** Personal notifications for these participants (those with an account). */
  async function notifyParticipants(participantIds: number[], draft: Draft): Promise<void> {
    const people = await repo.recipientsOf(ctx.db, [...new Set(participantIds)]);
    if (people.length === 0) return;
    const rows = await repo.insertNotifications(
      ctx.db,
      people.map((p) => rowOf(draft, p.user_id)),
    );
    const listed = await repo.findNotifications(
      ctx.db,
      rows.map((r) => r.id),
    );
    const deliveries: (() => Promise<void>)[] = [];
    for (const row of listed) {
      const person = people.find((p) => p.user_id === row.user_id);
      if (!person) continue;
      const notification = toNotification(row, null);
      await app.realtime.publish(
        realtimeRoom.user(person.user_id),
        NotificationRecordType.Notification,
        notification,
      );
      const channels = effectiveChannels(draft.type, person.notification_preferences ?? []);
      const mail = notificationMail(notification, ctx.config.publicUrl);
      if (channels.includes('email')) {
        deliveries.push(() =>
          ctx.mailer.send({ to: person.username, ...mail, dedupeKey: `notification:${row.id}:email` }),
        );
      }
      const phone = person.sms_phone || person.phone;
      if (draft.type === 'meeting_reminder' && channels.includes('sms') && phone) {
        const text = mail.subject + (draft.message ? `: ${draft.message}` : '');
        deliveries.push(() =>
          smsGatewayOf(ctx).send({ to: phone, text, dedupeKey: `notification:${row.id}:sms` }),
        );
      }
    }
    // E-mail and SMS need no order and may be slow: they hold up no other event's processing.
    bus.defer(async () => {
      for (const deliver of deliveries) await deliver();
    });
  }

  /** One event-wide notification: one row, one push on newEvents/{eventId}, e-mail per preferences. */
  async function notifyEvent(draft: Draft): Promise<void> {
    const [row] = await repo.insertNotifications(ctx.db, [rowOf(draft, null)]);
    if (!row) return;
    const [listed] = await repo.findNotifications(ctx.db, [row.id]);
    if (!listed) return;
    const notification = toNotification(listed, null);
    await app.realtime.publish(
      realtimeRoom.event(draft.eventId),
      NotificationRecordType.Notification,
      notification,
    );
    const mail = notificationMail(notification, ctx.config.publicUrl);
    bus.defer(async () => {
      for (const person of await repo.eventAudience(ctx.db, draft.eventId, draft.actorId)) {
        if (!effectiveChannels(draft.type, person.notification_preferences ?? []).includes('email')) continue;
        await ctx.mailer.send({
          to: person.username,
          ...mail,
          dedupeKey: `notification:${row.id}:${person.user_id}:email`,
        });
      }
    });
  }

  bus.on('meeting.changed', async (event) => {
    if (!isNotificationType(event.kind)) return; // revokes, guests, pings: chat and pushes only
    await notifyParticipants(event.recipients, {
      type: event.kind,
      eventId: event.eventId,
      actorId: event.actorId,
      invitationId: event.invitationId,
      meetingId: event.meetingId,
      message: event.message,
    });
  });

  bus.on('meeting.reminder', async (event) => {
    const when = await startsAt(event);
    await notifyParticipants([event.participantId], {
      type: 'meeting_reminder',
      eventId: event.eventId,
      actorId: null,
      meetingId: event.meetingId,
      message: `Your 1:1 meeting starts at ${when}.`,
    });
  });

  bus.on('session.changed', (event) =>
    notifyParticipants(event.participantIds, {
      type: event.kind,
      eventId: event.eventId,
      actorId: event.actorId,
      sessionId: event.sessionId,
      message: event.message,
    }),
  );

  bus.on('event.invited', async (event) => {
    const [row] = await repo.insertNotifications(ctx.db, [
      rowOf({ type: 'invited_to_event', eventId: event.eventId, actorId: event.actorId }, event.userId),
    ]);
    if (!row) return;
    const [listed] = await repo.findNotifications(ctx.db, [row.id]);
    if (listed) {
      await app.realtime.publish(
        realtimeRoom.user(event.userId),
        NotificationRecordType.Notification,
        toNotification(listed, null),
      );
    }
  });

  bus.on('announcement.published', (event) =>
    notifyEvent({
      type: 'announcement',
      eventId: event.eventId,
      actorId: event.authorId,
      postId: event.postId,
      title: excerpt(event.text),
    }),
  );
  bus.on('poll.published', (event) =>
    notifyEvent({
      type: 'poll',
      eventId: event.eventId,
      actorId: null,
      pollId: event.pollId,
      title: event.question,
    }),
  );
  bus.on('poll.finished', (event) =>
    notifyEvent({
      type: 'poll_finished',
      eventId: event.eventId,
      actorId: null,
      pollId: event.pollId,
      title: event.question,
    }),
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
