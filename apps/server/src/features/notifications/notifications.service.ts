import {
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationCounts,
  type NotificationPage,
  NotificationRecordType,
  type NotificationsQuery,
  realtimeRoom,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import type { Realtime } from '../../realtime/realtime';
import { toNotification } from './notifications.present';
import * as repo from './notifications.repository';

export interface NotificationDeps {
  ctx: AppContext;
  realtime: Pick<Realtime, 'publish'>;
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

/**
 * Applies a read-state change and tells the user's other tabs and devices in the same transaction,
 * so their badges follow (a crash between the two cannot leave them behind).
 */
function change(
  deps: NotificationDeps,
  userId: number,
  write: (trx: Transaction<DB>) => Promise<void>,
): Promise<NotificationCounts> {
  return deps.ctx.db.transaction().execute(async (trx) => {
    await write(trx);
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
  return change(deps, userId, (trx) => repo.markAllRead(trx, userId));
}

/** A4.36: the drawer was opened. */
export function markNotificationsSeen(
  deps: NotificationDeps,
  userId: number,
  until: string | undefined,
): Promise<NotificationCounts> {
  return change(deps, userId, (trx) => repo.markSeen(trx, userId, until ? new Date(until) : null));
}
