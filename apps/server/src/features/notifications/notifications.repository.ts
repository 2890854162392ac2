import type { NotificationType } from '@foyer/contract';
import { type AliasedSelectQueryBuilder, type Insertable, type Selectable, sql } from 'kysely';
import { holdLock, holdLocks, type LockClassName, spreadKey, tryLock } from '../../db/advisory-locks';
import type { Executor } from '../../db/executor';
import type { NotificationsTable } from '../../db/schema';

export type NotificationRow = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable> & { type: NotificationType };

/**
 * What a user sees: their own notifications, plus the event-wide ones of events they take part in
 * that came after they joined (a newcomer is not greeted by a backlog of old announcements) and
 * that they did not cause themselves.
 */
function visible(db: Executor, userId: number, eventId?: number) {
  const personal = db
    .selectFrom('notifications as n')
    .selectAll('n')
    .where('n.user_id', '=', userId)
    .$if(eventId !== undefined, (q) => q.where('n.event_id', '=', eventId as number));
  const broadcast = db
    .selectFrom('notifications as n')
    .innerJoin('participants as p', (join) =>
      join.onRef('p.event_id', '=', 'n.event_id').on('p.user_id', '=', userId).on('p.state', '!=', 'deleted'),
    )
    .selectAll('n')
    .where('n.user_id', 'is', null)
    .whereRef('n.created_at', '>=', 'p.created_at')
    // The author of an announcement is not notified of it.
    .where((eb) =>
      eb.or([eb('n.actor_participant_id', 'is', null), eb('n.actor_participant_id', '!=', eb.ref('p.id'))]),
    )
    .$if(eventId !== undefined, (q) => q.where('n.event_id', '=', eventId as number));
  return personal.unionAll(broadcast);
}

export interface ListedNotification extends NotificationRow {
  read: boolean;
  event_name: string | null;
  session_name: string | null;
  session_sdt: Date | null;
  session_edt: Date | null;
  actor_name: string | null;
  actor_surname: string | null;
  actor_photo: string | null;
}

/**
 * Notifications in the listed shape: each with its event's and session's names and its actor's name
 * and photo. `from` is the notifications to list, aliased `n`; the caller adds whether each is read.
 * The list (`listNotifications`) and the live push (`findNotifications`) both build on it.
 */
export function selectListed(db: Executor, from: AliasedSelectQueryBuilder<NotificationRow, 'n'>) {
  return db
    .selectFrom(from)
    .leftJoin('events as e', 'e.id', 'n.event_id')
    .leftJoin('sessions as s', 's.id', 'n.session_id')
    .leftJoin('participants as a', 'a.id', 'n.actor_participant_id')
    .selectAll('n')
    .select([
      'e.name as event_name',
      's.name as session_name',
      's.sdt as session_sdt',
      's.edt as session_edt',
      'a.name as actor_name',
      'a.surname as actor_surname',
      'a.profile_photo as actor_photo',
    ]);
}

export async function listNotifications(
  db: Executor,
  userId: number,
  options: { cursor?: number | undefined; limit: number; eventId?: number | undefined; unreadOnly: boolean },
): Promise<ListedNotification[]> {
  const readUpTo = await readWatermark(db, userId);
  return selectListed(db, visible(db, userId, options.eventId).as('n'))
    .leftJoin('notification_reads as r', (join) =>
      join.onRef('r.notification_id', '=', 'n.id').on('r.user_id', '=', userId),
    )
    .select((eb) => eb.or([eb('n.id', '<=', readUpTo), eb('r.notification_id', 'is not', null)]).as('read'))
    .$if(options.cursor !== undefined, (q) => q.where('n.id', '<', options.cursor as number))
    .$if(options.unreadOnly, (q) => q.where('n.id', '>', readUpTo).where('r.notification_id', 'is', null))
    .orderBy('n.id', 'desc')
    .limit(options.limit)
    .execute() as Promise<ListedNotification[]>;
}

async function readWatermark(db: Executor, userId: number): Promise<number> {
  const user = await db
    .selectFrom('users')
    .select('notifications_read_up_to')
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(user?.notifications_read_up_to ?? 0);
}

/**
 * Holds the user's row for a read-state change (its read and seen markers live there): taken before
 * the user's realtime room, the order a profile save takes them in.
 */
export async function holdReadState(db: Executor, userId: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

export async function countNotifications(
  db: Executor,
  userId: number,
): Promise<{ unread: number; unseen: number; seenAt: Date | null }> {
  const user = await db
    .selectFrom('users')
    .select(['notifications_read_up_to', 'notifications_seen_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const readUpTo = Number(user?.notifications_read_up_to ?? 0);
  const seenAt = user?.notifications_seen_at ? new Date(user.notifications_seen_at) : null;
  const row = await db
    .selectFrom(visible(db, userId).as('n'))
    .leftJoin('notification_reads as r', (join) =>
      join.onRef('r.notification_id', '=', 'n.id').on('r.user_id', '=', userId),
    )
    .select((eb) => [
      eb.fn
        .count<number>('n.id')
        .filterWhere((w) => w.and([w('n.id', '>', readUpTo), w('r.notification_id', 'is', null)]))
        .as('unread'),
      (seenAt
        ? eb.fn.count<number>('n.id').filterWhere('n.created_at', '>', seenAt)
        : eb.fn.count<number>('n.id')
      ).as('unseen'),
    ])
    .executeTakeFirstOrThrow();
  return { unread: Number(row.unread), unseen: Number(row.unseen), seenAt };
}

/** Whether notification `id` of the event is one the user sees (their own, or the event's to all). */
export async function isVisible(db: Executor, userId: number, eventId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom(visible(db, userId, eventId).as('n'))
    .select('n.id')
    .where('n.id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks those of `ids` the user can see as read; others are ignored. */
export async function markRead(db: Executor, userId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  // Held against a delete first (a poll deleted, an announcement taken back): one in flight is
  // waited for, and the rows it removed are then not marked (their mark would break its key).
  await db
    .selectFrom('notifications')
    .select('id')
    .where('id', 'in', ids)
    .orderBy('id')
    .forKeyShare()
    .execute();
  await db
    .insertInto('notification_reads')
    .columns(['user_id', 'notification_id'])
    .expression((eb) =>
      eb
        .selectFrom(visible(db, userId).as('n'))
        .select([eb.val(userId).as('user_id'), 'n.id as notification_id'])
        .where('n.id', 'in', ids),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * A notification writer's turn (shared: writers never wait for each other): a person's own ones
 * by their user id's `spreadKey` (a keynote's whole audience takes at most `SPREAD_KEYS` turns),
 * event-wide ones by their event. Taken before the row's id is, and held
 * until the writer's commit, so a mark-all-read that takes the exclusive turn (`markAllRead`) knows
 * which ids below the newest visible were still being written. Taken before the people's realtime rooms.
 */
export async function holdNotificationWrites(
  db: Executor,
  rows: readonly { user_id?: number | null; event_id?: number | null }[],
): Promise<void> {
  const users = rows.flatMap((r) => (r.user_id != null ? [spreadKey(r.user_id)] : []));
  const events = rows.flatMap((r) => (r.user_id == null && r.event_id != null ? [r.event_id] : []));
  await holdLocks(db, 'userNotifications', users, { shared: true });
  await holdLocks(db, 'eventNotifications', events, { shared: true });
}

/**
 * A4.38: everything visible when asked counts as read, by a watermark on the user's row (every id
 * up to it is read): one row however many announcements an event has. Ids are taken in insert
 * order but committed in any order, so an id below the newest visible may belong to a notification
 * still being written, which the person has not seen. Writers hold their turn
 * (`holdNotificationWrites`) from before they take an id until they commit; this takes the
 * exclusive turn of the user and of each of their events, in that order (events by id), so every
 * write in flight has committed and no new one starts until the mark commits. When one was in
 * flight (a turn not free at once), the ids it committed meanwhile stay unread: the watermark stops
 * below the first of them, and those seen above it are marked one by one.
 * Taken after the user's row is held and before the user's realtime room (writers take their turn
 * before the people's rooms too).
 */
export async function markAllRead(db: Executor, userId: number): Promise<void> {
  const watermark = await readWatermark(db, userId);
  const events = await db
    .selectFrom('participants')
    .select('event_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('state', '!=', 'deleted')
    .execute();
  const turns: [LockClassName, number][] = [
    ['userNotifications', spreadKey(userId)],
    ...[...new Set(events.map((e) => e.event_id))]
      .sort((a, b) => a - b)
      .map((id): [LockClassName, number] => ['eventNotifications', id]),
  ];
  // The turns that are free are taken at once, in order, up to the first that is not.
  let taken = 0;
  while (taken < turns.length) {
    const [kind, key] = turns[taken] as [LockClassName, number];
    if (!(await tryLock(db, kind, key))) break;
    taken++;
  }
  let upTo: number;
  let marks: number[] = [];
  if (taken === turns.length) {
    // Nothing in flight: the newest visible one is the watermark.
    const newest = await db
      .selectFrom(visible(db, userId).as('n'))
      .select((eb) => eb.fn.max('n.id').as('max'))
      .executeTakeFirst();
    upTo = Number(newest?.max ?? 0);
  } else {
    // What the person may have seen, then the rest of the turns (waiting for the writes in flight).
    const seen = await visibleIdsAbove(db, userId, watermark);
    for (const [kind, key] of turns.slice(taken)) await holdLock(db, kind, key);
    const newest = seen.at(-1) ?? watermark;
    const seenSet = new Set(seen);
    const late = (await visibleIdsAbove(db, userId, watermark, newest)).filter((id) => !seenSet.has(id));
    upTo = late.length === 0 ? newest : (late[0] as number) - 1;
    marks = seen.filter((id) => id > upTo);
  }
  await db
    .updateTable('users')
    .set({ notifications_read_up_to: sql<number>`greatest(notifications_read_up_to, ${upTo})` })
    .where('id', '=', userId)
    .execute();
  await db
    .deleteFrom('notification_reads')
    .where('user_id', '=', userId)
    .where('notification_id', '<=', upTo)
    .execute();
  // Those seen above the watermark, one by one (a poll deleted meanwhile takes its one along).
  await markRead(db, userId, marks);
}

/** The ids the user sees above `from` (up to `to`), in id order. */
async function visibleIdsAbove(db: Executor, userId: number, from: number, to?: number): Promise<number[]> {
  const rows = await db
    .selectFrom(visible(db, userId).as('n'))
    .select('n.id')
    .where('n.id', '>', from)
    .$if(to !== undefined, (q) => q.where('n.id', '<=', to as number))
    .orderBy('n.id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * A4.36: moves the seen marker forward to `until` (or the newest visible notification); never back,
 * and never past the database's now, the clock notifications are dated by: a marker in the future (a
 * phone's clock ahead, a hand-made request) would count every notification until then as seen.
 */
export async function markSeen(db: Executor, userId: number, until: Date | null): Promise<void> {
  let at = until;
  if (!at) {
    const newest = await db
      .selectFrom(visible(db, userId).as('n'))
      .select((eb) => eb.fn.max('n.created_at').as('max'))
      .executeTakeFirst();
    if (!newest?.max) return;
    at = new Date(newest.max);
  }
  await db
    .updateTable('users')
    .set({
      notifications_seen_at: sql<Date>`greatest(notifications_seen_at, least(${at}::timestamptz, now()))`,
    })
    .where('id', '=', userId)
    .execute();
}
