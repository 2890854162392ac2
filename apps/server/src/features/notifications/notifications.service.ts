import {
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationCounts,
  type NotificationPage,
  NotificationRecordType,
  type NotificationsQuery,
  realtimeRoom,
} from '@foyer/contract';
import type { AppContext } from '../../app';
import type { Realtime } from '../../realtime/realtime';
import { toNotification } from './notifications.present';
import * as repo from './notifications.repository';

export interface NotificationDeps {
  ctx: AppContext;
  realtime: Pick<Realtime, 'publish'>;
}

async function counts(ctx: AppContext, userId: number): Promise<NotificationCounts> {
  const c = await repo.countNotifications(ctx.db, userId);
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
  return counts(ctx, userId);
}

/** Tells the user's other tabs and devices, so their badges follow. */
async function afterChange(deps: NotificationDeps, userId: number): Promise<NotificationCounts> {
  const state = await counts(deps.ctx, userId);
  await deps.realtime.publish(realtimeRoom.user(userId), NotificationRecordType.State, state);
  return state;
}

/** A4.37. */
export async function markNotificationsRead(
  deps: NotificationDeps,
  userId: number,
  ids: number[],
): Promise<NotificationCounts> {
  await repo.markRead(deps.ctx.db, userId, ids);
  return afterChange(deps, userId);
}

/** A4.38. */
export async function markAllNotificationsRead(
  deps: NotificationDeps,
  userId: number,
): Promise<NotificationCounts> {
  await repo.markAllRead(deps.ctx.db, userId);
  return afterChange(deps, userId);
}

/** A4.36: the drawer was opened. */
export async function markNotificationsSeen(
  deps: NotificationDeps,
  userId: number,
  until: string | undefined,
): Promise<NotificationCounts> {
  await repo.markSeen(deps.ctx.db, userId, until ? new Date(until) : null);
  return afterChange(deps, userId);
}
