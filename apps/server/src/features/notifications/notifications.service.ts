import {
  effectiveChannels,
  type MarkAsSeenRequest,
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationCounts,
  type NotificationPage,
  NotificationRecordType,
  type NotificationsQuery,
  type NotificationType,
  notificationTypes,
  pushTopicOf,
  realtimeRoom,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import type { OutgoingMessage } from '../../events/events';
import { AppError } from '../../http/errors';
import type { Realtime } from '../../realtime/realtime';
import { pushableUsers } from '../push/push.delivery';
import { notificationPush } from '../push/push.message';
import type { NotificationDraft } from './notification-draft';
import * as delivery from './notifications.delivery.repository';
import { notificationMail } from './notifications.email';
import { toNotification } from './notifications.present';
import * as repo from './notifications.repository';

export type { NotificationDraft } from './notification-draft';

/** What other features (polls) may change of notifications: drop a deleted poll's. */
export { deleteNotificationsOfPoll } from './notifications.delivery.repository';

export interface NotificationDeps {
  ctx: AppContext;
  realtime: Pick<Realtime, 'publish' | 'lockRooms'>;
}

async function counts(db: Executor, userId: number): Promise<NotificationCounts> {
  const c = await repo.countNotifications(db, userId);
  return { unread: c.unread, unseen: c.unseen, seenAt: c.seenAt?.toISOString() ?? null };
}

/** GET notifications: newest first, 30 a page (A9.37, A9.39), with the counts the badges need. */
export async function listNotifications(
  ctx: AppContext,
  userId: number,
  query: NotificationsQuery,
): Promise<NotificationPage> {
  const limit = query.limit ?? NOTIFICATIONS_PAGE_SIZE;
  const [rows, c] = await Promise.all([
    repo.listNotifications(ctx.db, userId, {
      cursor: query.cursor,
      limit: limit + 1,
      eventId: query.eventId,
      unreadOnly: query.unreadOnly === 'true',
    }),
    repo.countNotifications(ctx.db, userId),
  ]);
  const page = rows.slice(0, limit);
  return {
    items: page.map((row) => toNotification(row, c.seenAt)),
    nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
    unread: c.unread,
    unseen: c.unseen,
    seenAt: c.seenAt?.toISOString() ?? null,
  };
}

export function notificationCounts(ctx: AppContext, userId: number): Promise<NotificationCounts> {
  return counts(ctx.db, userId);
}

export const isNotificationType = (value: string): value is NotificationType =>
  (notificationTypes as readonly string[]).includes(value);

export const draftRow = (draft: NotificationDraft, userId: number | null): repo.NewNotification => ({
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

/** One person's new notification, as the live push shows it, with their counts after it. */
export interface WrittenNotification {
  userId: number;
  participantId: number;
  notification: Notification;
  /** Only when asked for (`withCounts`): one more query per person. */
  counts: NotificationCounts | null;
}

/**
 * Writes personal notifications for these participants (those with an account) inside `trx`, and
 * returns them presented, plus the e-mails and SMS their preferences allow (A9.43, A9.44) and the
 * pushes to those with a browser subscribed and the topic not muted, for the caller to emit as one `messages.send` in the same transaction. Pushes nothing: the caller's
 * processor decides which record carries them.
 */
export async function writeNotifications(
  ctx: AppContext,
  trx: Transaction<DB>,
  participantIds: number[],
  draft: NotificationDraft,
  options: {
    /**
     * Each person's counts after it too, for a record on their user room: the realtime service
     * whose rooms' turn is taken first, so the counts are read in the order the records are pushed
     * (a mark committed before cannot leave them one unseen too many).
     */
    withCounts?: Pick<Realtime, 'lockRooms'>;
  } = {},
): Promise<{ written: WrittenNotification[]; messages: OutgoingMessage[] }> {
  const people = await delivery.recipientsOf(trx, [...new Set(participantIds)]);
  if (people.length === 0) return { written: [], messages: [] };
  // The writers' turn before the rooms, the order a mark-all-read takes them in.
  await repo.holdNotificationWrites(
    trx,
    people.map((p) => ({ user_id: p.user_id })),
  );
  await options.withCounts?.lockRooms(
    people.map((p) => realtimeRoom.user(p.user_id)),
    trx,
  );
  const rows = await delivery.insertNotifications(
    trx,
    people.map((p) => draftRow(draft, p.user_id)),
  );
  const listed = await delivery.findNotifications(
    trx,
    rows.map((r) => r.id),
  );
  const written: WrittenNotification[] = [];
  const messages: OutgoingMessage[] = [];
  const pushable = await pushableUsers(
    trx,
    people.map((p) => p.user_id),
  );
  const byUser = new Map<number, (typeof people)[number]>();
  for (const p of people) if (!byUser.has(p.user_id)) byUser.set(p.user_id, p);
  for (const row of listed) {
    const person = row.user_id === null ? undefined : byUser.get(row.user_id);
    if (!person) continue;
    const notification = toNotification(row, null);
    written.push({
      userId: person.user_id,
      participantId: person.participant_id,
      notification,
      counts: options.withCounts ? await counts(trx, person.user_id) : null,
    });
    const channels = effectiveChannels(draft.type, person.notification_preferences ?? []);
    const mail = notificationMail(notification, ctx.config.publicUrl);
    if (channels.includes('email')) messages.push({ channel: 'email', to: person.username, ...mail });
    const phone = person.sms_phone || person.phone;
    if (draft.type === 'meeting_reminder' && channels.includes('sms') && phone) {
      const text = mail.subject + (draft.message ? `: ${draft.message}` : '');
      messages.push({ channel: 'sms', to: phone, subject: '', text });
    }
    const muted = pushable.get(person.user_id);
    if (muted && !muted.includes(pushTopicOf(draft.type))) {
      messages.push({ channel: 'push', to: String(person.user_id), push: notificationPush(notification) });
    }
  }
  return { written, messages };
}

/**
 * Applies a read-state change and tells the user's other tabs and devices in the same transaction,
 * so their badges follow (a crash between the two cannot leave them behind). The user room's turn
 * comes before the counts: they are read after every record already on it committed, so a
 * notification committing meanwhile is either in them or pushed after them, never lost from the
 * badge. The user's row comes before the room, as in a profile save (which holds the row and then
 * pushes to the room): the other order deadlocked the two.
 */
function change(
  deps: NotificationDeps,
  userId: number,
  write: (trx: Transaction<DB>) => Promise<void>,
  options: { beforeRoom?: boolean } = {},
): Promise<NotificationCounts> {
  return deps.ctx.db.transaction().execute(async (trx) => {
    await repo.holdReadState(trx, userId);
    // A write that waits for notification writers does so before the room: they hold their turn
    // while they take the people's rooms.
    if (options.beforeRoom) await write(trx);
    await deps.realtime.lockRooms([realtimeRoom.user(userId)], trx);
    if (!options.beforeRoom) await write(trx);
    const state = await counts(trx, userId);
    await deps.realtime.publish(realtimeRoom.user(userId), NotificationRecordType.State, state, trx);
    return state;
  });
}

/** A4.37. */
export function markNotificationsRead(
  deps: NotificationDeps,
  userId: number,
  ids: number[],
): Promise<NotificationCounts> {
  return change(deps, userId, (trx) => repo.markRead(trx, userId, ids));
}

/** A4.38. */
export function markAllNotificationsRead(
  deps: NotificationDeps,
  userId: number,
): Promise<NotificationCounts> {
  return change(deps, userId, (trx) => repo.markAllRead(trx, userId), { beforeRoom: true });
}

/**
 * E7.68: one notification of one event, read (as a tap on it makes it). Only the caller's own
 * (403 for another userId); 404 when the caller has no such notification in that event.
 */
export function markSeenInEvent(
  deps: NotificationDeps,
  userId: number,
  input: MarkAsSeenRequest,
): Promise<NotificationCounts> {
  if (input.userId !== userId) throw AppError.forbidden('You can only mark your own notifications');
  return change(deps, userId, async (trx) => {
    if (!(await repo.isVisible(trx, userId, input.eventId, input.entityId)))
      throw AppError.notFound('Notification not found');
    await repo.markRead(trx, userId, [input.entityId]);
  });
}

/** A4.36: the drawer was opened. */
export function markNotificationsSeen(
  deps: NotificationDeps,
  userId: number,
  until: string | undefined,
): Promise<NotificationCounts> {
  return change(deps, userId, (trx) => repo.markSeen(trx, userId, until ? new Date(until) : null));
}
