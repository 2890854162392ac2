import { type Insertable, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import { type Executor, firstRow } from '../../db/executor';
import type { DB, PostsTable } from '../../db/schema';

export type PostRow = Selectable<PostsTable>;

export async function insertPost(db: Executor, values: Insertable<PostsTable>): Promise<PostRow> {
  return db.insertInto('posts').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updatePost(db: Executor, id: number, values: Updateable<PostsTable>): Promise<PostRow> {
  return db.updateTable('posts').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * A post of the event. A hidden one is gone for every route but the organizers' records, so it is
 * found only with `hiddenToo`; `lock` holds the row until the caller's transaction ends.
 */
export async function findPost(
  db: Executor,
  eventId: number,
  id: number,
  options: { lock?: 'lock' | 'share'; hiddenToo?: boolean } = {},
): Promise<PostRow | undefined> {
  const query = db.selectFrom('posts').selectAll().where('id', '=', id).where('event_id', '=', eventId);
  const visible = options.hiddenToo ? query : query.where('hidden_at', 'is', null);
  return firstRow(visible, options.lock);
}

/** An organizer takes a post out of the lobby; the row stays. */
export async function hidePost(db: Executor, id: number, by: number, at: Date): Promise<void> {
  await db.updateTable('posts').set({ hidden_at: at, hidden_by: by }).where('id', '=', id).execute();
}

/** The announcements a participant wrote since `since` (the posting cap counts them). */
/** How many capped announcements the participant wrote since then, deleted ones included. */
export async function countAnnouncementsSince(db: Executor, participantId: number, since: Date) {
  const row = await db
    .selectFrom('announcement_writes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('participant_id', '=', participantId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A capped announcement written now (counted by the cap whether or not it is deleted later). */
export async function logAnnouncementWrite(db: Executor, participantId: number, at: Date): Promise<void> {
  await db
    .insertInto('announcement_writes')
    .values({ participant_id: participantId, created_at: at })
    .execute();
}

/** Hourly housekeeping: the cap looks back an hour. */
export async function forgetAnnouncementWritesBefore(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('announcement_writes').where('created_at', '<', before).execute();
}

/** Serialises one participant's posting, so two posts at once cannot both slip under the cap. */
export async function lockAuthor(db: Transaction<DB>, participantId: number): Promise<void> {
  await db.selectFrom('participants').select('id').where('id', '=', participantId).forUpdate().execute();
}

export async function deletePost(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('posts').where('id', '=', id).execute();
}

/** Where a page ends: a place in the list (the cursor holds it), or an existing post's place. */
export type AnnouncementsBefore = { at: Date; id: number } | { postId: number };

/**
 * The list's order: when it was (or is to be) posted (issue 15), then id. To the millisecond, as a
 * cursor holds it (a row written with the database's now() has microseconds). Against `posts`.
 */
const postedAtSql = sql<Date>`date_trunc('milliseconds', coalesce(post_at, published_at, created_at))`;

/** A post's place in the list, as a cursor holds it. */
export const postedAtOf = (row: Pick<PostRow, 'post_at' | 'published_at' | 'created_at'>) =>
  new Date(row.post_at ?? row.published_at ?? row.created_at);

/** After `before` in the list's order (newest first). Against `posts`. */
function olderThan(before: AnnouncementsBefore, eventId: number) {
  const place =
    'at' in before
      ? sql`(${before.at}::timestamptz, ${before.id}::int)`
      : sql`(SELECT date_trunc('milliseconds', coalesce(c.post_at, c.published_at, c.created_at)), c.id
               FROM posts c WHERE c.id = ${before.postId} AND c.event_id = ${eventId})`;
  return sql<boolean>`(${postedAtSql}, id) < ${place}`;
}

/**
 * Announcements newest first: the published ones, plus (for `alsoUnpublishedOf`) scheduled ones
 * the viewer wrote, or all scheduled ones for moderators (`true`).
 */
export async function listAnnouncements(
  db: Executor,
  eventId: number,
  options: {
    before?: AnnouncementsBefore | undefined;
    /** Only this announcement (still subject to what the viewer may see). */
    id?: number | undefined;
    limit: number;
    alsoUnpublishedOf: number | true;
  },
): Promise<PostRow[]> {
  // Issue 15: newest by when it was (or is to be) posted: a scheduled announcement takes its place
  // at its postAt, not where its id (its creation) would put it. Paged by (that time, id): a cursor
  // holds the place, so a post deleted or hidden meanwhile does not end the list. A bare post id
  // (older clients) is looked up, hidden ones too; one that is gone ends the list.
  const { before } = options;
  return db
    .selectFrom('posts')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('type', '=', 'announcement')
    .where('hidden_at', 'is', null)
    .where((eb) =>
      options.alsoUnpublishedOf === true
        ? eb.lit(true)
        : eb.or([eb('published_at', 'is not', null), eb('participant_id', '=', options.alsoUnpublishedOf)]),
    )
    .$if(before !== undefined, (q) => q.where(olderThan(before as AnnouncementsBefore, eventId)))
    .$if(options.id !== undefined, (q) => q.where('id', '=', options.id as number))
    .orderBy(postedAtSql, 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit)
    .execute();
}

export async function commentsOf(db: Executor, parentIds: number[]): Promise<PostRow[]> {
  if (parentIds.length === 0) return [];
  return db
    .selectFrom('posts')
    .selectAll()
    .where('parent_id', 'in', parentIds)
    .where('hidden_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** Authors as cards show them. */
export async function authorsOf(db: Executor, participantIds: number[]) {
  if (participantIds.length === 0) return [];
  return db
    .selectFrom('participants')
    .select([
      'id',
      'name',
      'surname',
      'job_title',
      'company',
      'profile_photo',
      'booth_id',
      'booth_role',
      'state',
    ])
    .where('id', 'in', [...new Set(participantIds)])
    .execute();
}
export type AuthorRow = Awaited<ReturnType<typeof authorsOf>>[number];

/**
 * Claims announcements whose postAt has come (one UPDATE: with several instances each is
 * published once) and returns them.
 */
export async function claimDueAnnouncements(db: Executor, now: Date): Promise<PostRow[]> {
  return db
    .updateTable('posts')
    .set({ published_at: now })
    .where('type', '=', 'announcement')
    .where('published_at', 'is', null)
    .where('hidden_at', 'is', null)
    .where('post_at', '<=', now)
    .returningAll()
    .execute();
}

/** The event-wide notification of a deleted announcement goes with it. */
export async function deleteAnnouncementNotifications(db: Executor, postId: number): Promise<void> {
  await db
    .deleteFrom('notifications')
    .where('post_id', '=', postId)
    .where('type', '=', 'announcement')
    .execute();
}
