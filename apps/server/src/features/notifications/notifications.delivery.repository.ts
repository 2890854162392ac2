import type { NotificationType } from '@foyer/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import {
  holdNotificationWrites,
  type ListedNotification,
  type NewNotification,
  type NotificationRow,
  selectListed,
} from './notifications.repository';

/**
 * Writing notifications and what their delivery reads: who is reached and how, an event's audience,
 * whether the thing a notification is about is still shown. The user's own view of them (the list,
 * the counts, read and seen) is notifications.repository.ts.
 */

export async function insertNotifications(db: Executor, rows: NewNotification[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  await holdNotificationWrites(db, rows);
  const written: NotificationRow[] = [];
  // A statement carries at most 65,535 parameters (a row has about ten).
  for (let start = 0; start < rows.length; start += NOTIFICATIONS_PER_STATEMENT) {
    const part = rows.slice(start, start + NOTIFICATIONS_PER_STATEMENT);
    written.push(...(await db.insertInto('notifications').values(part).returningAll().execute()));
  }
  return written;
}

const NOTIFICATIONS_PER_STATEMENT = 1_000;

/** Account details the processors need to reach people (e-mail, SMS, preferences). */
export async function recipientsOf(db: Executor, participantIds: number[]) {
  if (participantIds.length === 0) return [];
  return db
    .selectFrom('participants as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.id as participant_id',
      'p.event_id',
      'p.email as participant_email',
      'p.phone',
      'u.id as user_id',
      'u.username',
      'u.sms_phone',
      'u.notification_preferences',
    ])
    .where('p.id', 'in', participantIds)
    .where('p.state', '!=', 'deleted')
    .execute();
}

/**
 * Who an event-wide notification's e-mails and pushes go to: every active participant with an
 * account in its event who joined by the time it was written, its actor left out. The bell's rule
 * (`visible`): a person who joins later (while the e-mails go out, or before a retry of them) gets
 * neither. None when the notification is gone.
 */
export async function eventAudience(
  db: Executor,
  notificationId: number,
  excludeParticipantId: number | null,
) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('participants as p', 'p.event_id', 'n.event_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id as participant_id', 'u.id as user_id', 'u.username', 'u.notification_preferences'])
    .where('n.id', '=', notificationId)
    .where('p.state', '!=', 'deleted')
    .whereRef('p.created_at', '<=', 'n.created_at')
    .$if(excludeParticipantId !== null, (q) => q.where('p.id', '!=', excludeParticipantId as number))
    .orderBy('p.id')
    .execute();
}

/** Freshly written notifications in the listed shape (unread), for the live push. */
export async function findNotifications(db: Executor, ids: number[]): Promise<ListedNotification[]> {
  if (ids.length === 0) return [];
  const written = db.selectFrom('notifications').selectAll().where('id', 'in', ids);
  return selectListed(db, written.as('n'))
    .select(sql<boolean>`false`.as('read'))
    .orderBy('n.id')
    .execute() as Promise<ListedNotification[]>;
}

/** Whether the notification is still there (an event-wide one is deleted when taken back). */
export async function notificationExists(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('notifications').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether the announcement or poll an event-wide notification is about is still shown: a post
 * neither hidden nor deleted, a poll neither deleted nor unpublished (a draft, which attendees do not
 * see). Read FOR SHARE: a hide, an unpublish or a delete that comes later waits for the
 * notification's commit and then takes it back with the rest.
 */
export async function sourceShown(
  db: Executor,
  source: { postId?: number | null; pollId?: number | null },
): Promise<boolean> {
  if (source.postId != null) {
    const post = await db
      .selectFrom('posts')
      .select('id')
      .where('id', '=', source.postId)
      .where('hidden_at', 'is', null)
      .forShare()
      .executeTakeFirst();
    return post !== undefined;
  }
  if (source.pollId != null) {
    const poll = await db
      .selectFrom('polls')
      .select('id')
      .where('id', '=', source.pollId)
      .where('status', '!=', 'draft')
      .forShare()
      .executeTakeFirst();
    return poll !== undefined;
  }
  return true;
}

/**
 * Whether the poll's event-wide notification of this type is written already: a poll published,
 * unpublished and published again before its first notification was written is told once.
 */
export async function hasPollNotification(
  db: Executor,
  pollId: number,
  type: NotificationType,
): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('poll_id', '=', pollId)
    .where('type', '=', type)
    .where('user_id', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A deleted or unpublished poll's notifications go with it. */
export async function deleteNotificationsOfPoll(db: Executor, pollId: number): Promise<void> {
  await db.deleteFrom('notifications').where('poll_id', '=', pollId).execute();
}

/** The event's time zone (reminder texts show the meeting's start in it). */
export async function eventTimezone(db: Executor, eventId: number): Promise<string | undefined> {
  const row = await db.selectFrom('events').select('timezone').where('id', '=', eventId).executeTakeFirst();
  return row?.timezone;
}
