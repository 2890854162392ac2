import {
  type Announcement,
  type AnnouncementPage,
  type AnnouncementRecord,
  type Comment,
  type CommentRecord,
  type CreatePostRequest,
  canDeleteComment,
  canEditComment,
  canHidePost,
  canManageAnnouncement,
  type HidePostRequest,
  PARTICIPANT_POSTS_PER_HOUR,
  PARTICIPANT_POSTS_PER_MINUTE,
  POST_MAX_FILES,
  POSTS_PAGE_SIZE,
  PostErrorCode,
  type PostFile,
  type PostFileInput,
  PostRecordType,
  type PostsQuery,
  type PostViewer,
  realtimeRoom,
  type UpdatePostRequest,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import type { DB, ParticipantRow } from '../../db/schema';
import type { Bus } from '../../events/bus';
import { AppError } from '../../http/errors';
import type { Realtime } from '../../realtime/realtime';
import { hasRight, requireMembership } from '../access/event-access';
import { removePostImages, storePostImage } from './posts.images';
import { toAnnouncement, toComment } from './posts.present';
import * as repo from './posts.repository';

export interface PostDeps {
  ctx: AppContext;
  realtime: Pick<Realtime, 'publish' | 'lockRooms'>;
  bus: Pick<Bus, 'emit'>;
}

/** E6.06, E6.07, E6.35: organizers, and participants with the moderator right. */
export const isModerator = (me: ParticipantRow) => hasRight(me, 'moderator');
const viewerOf = (me: ParticipantRow): PostViewer => ({ participantId: me.id, moderator: isModerator(me) });

/** `db`: the transaction when presenting inside one (PGlite: never `ctx.db` while holding one). */
async function present(
  ctx: AppContext,
  rows: repo.PostRow[],
  db: Executor = ctx.db,
): Promise<Announcement[]> {
  const comments = await repo.commentsOf(
    db,
    rows.map((r) => r.id),
  );
  const authors = await repo.authorsOf(
    db,
    [...rows, ...comments].map((r) => r.participant_id),
  );
  const byId = new Map(authors.map((a) => [a.id, a]));
  return rows.map((row) =>
    toAnnouncement(
      row,
      comments.filter((c) => c.parent_id === row.id),
      byId,
    ),
  );
}

async function presentComment(db: Executor, row: repo.PostRow): Promise<Comment> {
  const authors = await repo.authorsOf(db, [row.participant_id]);
  return toComment(row, new Map(authors.map((a) => [a.id, a])));
}

const pushAnnouncement = (
  deps: PostDeps,
  eventId: number,
  record: AnnouncementRecord,
  trx?: Transaction<DB>,
) => deps.realtime.publish(realtimeRoom.event(eventId), PostRecordType.Announcement, record, trx);
const pushComment = (deps: PostDeps, eventId: number, record: CommentRecord, trx: Transaction<DB>) =>
  deps.realtime.publish(realtimeRoom.event(eventId), PostRecordType.Comment, record, trx);

/** Announcements whose postAt has come go out: pushed, and notified (A9.41). Returns how many. */
export async function publishDueAnnouncements(deps: PostDeps): Promise<number> {
  const { ctx } = deps;
  // Claim, push and notification commit together: a crash cannot publish one silently.
  return ctx.db.transaction().execute(async (trx) => {
    const due = await repo.claimDueAnnouncements(trx, ctx.now());
    // Every event's room at once, in the one order: the polls' claim beside this one, taking the
    // same events' rooms as it publishes, would otherwise wait for this and this for it.
    await deps.realtime.lockRooms(
      due.map((row) => realtimeRoom.event(row.event_id)),
      trx,
    );
    for (const [post] of await Promise.all(due.map((row) => present(ctx, [row], trx)))) {
      if (!post) continue;
      await pushAnnouncement(deps, post.eventId, { action: 'created', id: post.id, post }, trx);
      await notifyEvent(deps, post, trx);
    }
    return due.length;
  });
}

/**
 * The event-wide "New announcement" (A9.41, e-mailed to everyone) is the organizers' (E6.35);
 * a participant's post (E1.08) is in the lobby and notifies nobody.
 */
async function notifyEvent(deps: PostDeps, post: Announcement, trx: Transaction<DB>): Promise<void> {
  if (!post.official) return;
  await deps.bus.emit(
    {
      type: 'announcement.published',
      eventId: post.eventId,
      postId: post.id,
      authorId: post.participantId,
      text: post.text,
    },
    trx,
  );
}

/**
 * E1.08 without the spam: a participant (not an organizer or moderator) posts at most
 * PARTICIPANT_POSTS_PER_MINUTE announcements a minute and PARTICIPANT_POSTS_PER_HOUR an hour.
 * Runs in the inserting transaction with the author locked, so parallel posts count each other.
 * Counts the announcements written (`announcement_writes`), not those that still exist: posting and
 * deleting at once posted without limit, each pushed live to every lobby.
 */
async function assertBelowPostingCap(trx: Transaction<DB>, me: ParticipantRow, now: Date): Promise<void> {
  await repo.lockAuthor(trx, me.id);
  const minute = await repo.countAnnouncementsSince(trx, me.id, new Date(+now - 60_000));
  const hour =
    minute >= PARTICIPANT_POSTS_PER_MINUTE
      ? minute
      : await repo.countAnnouncementsSince(trx, me.id, new Date(+now - 3_600_000));
  if (minute < PARTICIPANT_POSTS_PER_MINUTE && hour < PARTICIPANT_POSTS_PER_HOUR) {
    // Logged apart from the post: one deleted at once still counts.
    await repo.logAnnouncementWrite(trx, me.id, now);
    return;
  }
  const message =
    minute >= PARTICIPANT_POSTS_PER_MINUTE
      ? `You can post ${PARTICIPANT_POSTS_PER_MINUTE} announcements a minute. Please try again later.`
      : `You can post ${PARTICIPANT_POSTS_PER_HOUR} announcements an hour. Please try again later.`;
  throw new AppError(429, PostErrorCode.TooManyPosts, message);
}

/** GET event/post: newest first with their comments; scheduled ones only for their author and moderators. */
export async function listAnnouncements(
  deps: PostDeps,
  userId: number,
  query: PostsQuery,
): Promise<AnnouncementPage> {
  const { ctx } = deps;
  const { me } = await requireMembership(ctx.db, query.eventId, userId);
  await publishDueAnnouncements(deps);
  const limit = query.limit ?? POSTS_PAGE_SIZE;
  const rows = await repo.listAnnouncements(ctx.db, query.eventId, {
    before: beforeOf(query.before),
    id: query.id,
    limit: limit + 1,
    alsoUnpublishedOf: isModerator(me) ? true : me.id,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await present(ctx, page),
    nextCursor: rows.length > limit && last ? cursorOf(last) : null,
  };
}

/** The place of a page's last post (postCursorSchema): it outlives the post. */
const cursorOf = (row: repo.PostRow) => `${repo.postedAtOf(row).getTime()}.${row.id}`;

function beforeOf(before: PostsQuery['before']): repo.AnnouncementsBefore | undefined {
  if (before === undefined) return undefined;
  if (typeof before === 'number') return { postId: before };
  const [ms, id] = before.split('.').map(Number) as [number, number];
  return { at: new Date(ms), id };
}

/** A visible announcement of the event, or 404. */
async function findAnnouncement(ctx: AppContext, me: ParticipantRow, eventId: number, id: number) {
  const row = await repo.findPost(ctx.db, eventId, id);
  if (row?.type !== 'announcement') throw AppError.notFound('Announcement not found');
  if (
    row.published_at === null &&
    !canManageAnnouncement({ participantId: row.participant_id }, viewerOf(me))
  ) {
    throw AppError.notFound('Announcement not found');
  }
  return row;
}

async function storeAll(ctx: AppContext, eventId: number, files: PostFileInput[]): Promise<PostFile[]> {
  const stored: PostFile[] = [];
  try {
    for (const file of files) stored.push(await storePostImage(ctx.config.dataDir, eventId, file));
  } catch (err) {
    await removePostImages(ctx.config.dataDir, stored);
    throw err;
  }
  return stored;
}

/** POST event/post (E7.41, E7.44): an announcement (E5.26–E5.29) or a comment (E5.30). */
export async function createPost(
  deps: PostDeps,
  userId: number,
  input: CreatePostRequest,
): Promise<Announcement | Comment> {
  const { ctx } = deps;
  const { me } = await requireMembership(ctx.db, input.eventId, userId);
  const now = ctx.now();
  if (input.type === 'comment') {
    const parent = await findAnnouncement(ctx, me, input.eventId, input.parentId);
    if (parent.published_at === null)
      throw AppError.conflict('Comments open once the announcement is published');
    return ctx.db.transaction().execute(async (trx) => {
      // The announcement held FOR SHARE until the comment is in: deleted or hidden meanwhile, the
      // comment is refused (404), not written under it (a deletion waits for it, then takes it along).
      const held = await repo.findPost(trx, input.eventId, parent.id, { lock: 'share' });
      if (held?.type !== 'announcement' || held.published_at === null) {
        throw AppError.notFound('Announcement not found');
      }
      const row = await repo.insertPost(trx, {
        event_id: input.eventId,
        type: 'comment',
        parent_id: parent.id,
        participant_id: me.id,
        text: input.text,
        published_at: now,
        created_at: now,
        updated_at: now,
      });
      const comment = await presentComment(trx, row);
      await pushComment(
        deps,
        input.eventId,
        { action: 'created', id: row.id, parentId: parent.id, comment },
        trx,
      );
      return comment;
    });
  }

  const postAt = input.postAt ? new Date(input.postAt) : null;
  const publishNow = postAt === null || postAt <= now;
  const official = isModerator(me);
  const files = await storeAll(ctx, input.eventId, input.files ?? []);
  try {
    // The post, its push and its notification commit together.
    return await ctx.db.transaction().execute(async (trx) => {
      if (!official) await assertBelowPostingCap(trx, me, now);
      const row = await repo.insertPost(trx, {
        event_id: input.eventId,
        type: 'announcement',
        participant_id: me.id,
        official,
        text: input.text,
        files: JSON.stringify(files),
        // A postAt already past publishes now and takes its place by now: a post is not backdated
        // under older ones (the list orders by postAt first).
        post_at: publishNow ? null : postAt,
        published_at: publishNow ? now : null,
        created_at: now,
        updated_at: now,
      });
      const [post] = await present(ctx, [row], trx);
      if (!post) throw new Error('announcement vanished');
      if (publishNow) {
        await pushAnnouncement(deps, input.eventId, { action: 'created', id: row.id, post }, trx);
        await notifyEvent(deps, post, trx);
      }
      return post;
    });
  } catch (err) {
    await removePostImages(ctx.config.dataDir, files);
    throw err;
  }
}

/** PUT event/post (E7.42, E7.44): the author, organizers and moderators edit an announcement; authors their comment. */
export async function updatePost(
  deps: PostDeps,
  userId: number,
  input: UpdatePostRequest,
): Promise<Announcement | Comment> {
  const { ctx } = deps;
  const { me } = await requireMembership(ctx.db, input.eventId, userId);
  const now = ctx.now();
  if (input.type === 'comment') {
    const row = await repo.findPost(ctx.db, input.eventId, input.id);
    if (row?.type !== 'comment') throw AppError.notFound('Comment not found');
    if (!canEditComment({ participantId: row.participant_id }, viewerOf(me))) {
      throw AppError.forbidden('Only its author can edit a comment');
    }
    return ctx.db.transaction().execute(async (trx) => {
      await holdVisibleParent(trx, input.eventId, row);
      // As it is now, held: hidden or deleted meanwhile, the edit does not bring it back to the lobby.
      const current = await repo.findPost(trx, input.eventId, row.id, { lock: 'lock' });
      if (current?.type !== 'comment') throw AppError.notFound('Comment not found');
      const updated = await repo.updatePost(trx, row.id, { text: input.text, updated_at: now });
      const comment = await presentComment(trx, updated);
      await pushComment(
        deps,
        input.eventId,
        { action: 'updated', id: row.id, parentId: comment.parentId, comment },
        trx,
      );
      return comment;
    });
  }

  const found = await findAnnouncement(ctx, me, input.eventId, input.id);
  if (!canManageAnnouncement({ participantId: found.participant_id }, viewerOf(me))) {
    throw AppError.forbidden('You cannot edit this announcement');
  }
  const removing = new Set(input.deleteFiles ?? []);
  const keptOf = (files: PostFile[]) => files.filter((f) => !removing.has(f.url));
  checkFileCount(keptOf(found.files).length + (input.files?.length ?? 0)); // before storing any
  const added = await storeAll(ctx, input.eventId, input.files ?? []);
  const postAt =
    input.postAt === undefined ? undefined : input.postAt === null ? null : new Date(input.postAt);
  let post: Announcement;
  let removed: repo.PostRow['files'] = [];
  try {
    // The change, its push and (published now) its notification commit together.
    post = await ctx.db.transaction().execute(async (trx) => {
      // The row as it is now, held until the commit: two presses of "publish now", or one beside the
      // scheduler's claim, publish and notify the event once (read before, both did).
      const row = await repo.findPost(trx, input.eventId, found.id, { lock: 'lock' });
      if (row?.type !== 'announcement') throw AppError.notFound('Announcement not found');
      if (input.postAt && row.published_at !== null)
        throw AppError.conflict('This announcement is already published');
      const kept = keptOf(row.files);
      checkFileCount(kept.length + added.length);
      const publishNow =
        row.published_at === null && postAt !== undefined && (postAt === null || postAt <= now);
      const updated = await repo.updatePost(trx, row.id, {
        ...(input.text !== undefined ? { text: input.text } : {}),
        files: JSON.stringify([...kept, ...added]),
        ...(postAt !== undefined && row.published_at === null ? { post_at: publishNow ? null : postAt } : {}),
        ...(publishNow ? { published_at: now } : {}),
        updated_at: now,
      });
      const [presented] = await present(ctx, [updated], trx);
      if (!presented) throw new Error('announcement vanished');
      if (publishNow) {
        await pushAnnouncement(deps, input.eventId, { action: 'created', id: row.id, post: presented }, trx);
        await notifyEvent(deps, presented, trx);
      } else if (updated.published_at !== null) {
        await pushAnnouncement(deps, input.eventId, { action: 'updated', id: row.id, post: presented }, trx);
      }
      removed = row.files.filter((f) => removing.has(f.url));
      return presented;
    });
  } catch (err) {
    await removePostImages(ctx.config.dataDir, added);
    throw err;
  }
  await removePostImages(ctx.config.dataDir, removed);
  return post;
}

/**
 * A comment is gone with its announcement: hidden (kept for the organizers' records) or deleted, the
 * comment is not found either. The announcement is held FOR SHARE until the caller commits, taken
 * before the comment's row as a comment's creation does, so a hide or deletion in flight is waited for.
 */
async function holdVisibleParent(trx: Transaction<DB>, eventId: number, comment: repo.PostRow) {
  const parent =
    comment.parent_id === null
      ? undefined
      : await repo.findPost(trx, eventId, comment.parent_id, { lock: 'share' });
  if (parent?.type !== 'announcement') throw AppError.notFound('Comment not found');
}

/** The post's row held until the transaction ends; 404 when it went meanwhile. */
async function lockedPost(
  trx: Transaction<DB>,
  eventId: number,
  id: number,
  options: { hiddenToo?: boolean } = {},
) {
  const row = await repo.findPost(trx, eventId, id, { ...options, lock: 'lock' });
  if (!row) throw AppError.notFound('Post not found');
  return row;
}

function checkFileCount(count: number) {
  if (count > POST_MAX_FILES) {
    throw AppError.badRequest('One image per announcement', { files: 'validation.error.maxLength' }); // E5.29
  }
}

/** DELETE event/post (E7.43): announcements by author/organizer/moderator (E6.06); comments also (E6.07, E6.09). */
export async function deletePost(
  deps: PostDeps,
  userId: number,
  input: { id: number; eventId: number },
): Promise<{ id: number; type: 'announcement' | 'comment' }> {
  const { ctx } = deps;
  const { me } = await requireMembership(ctx.db, input.eventId, userId);
  const row = await repo.findPost(ctx.db, input.eventId, input.id);
  if (!row) throw AppError.notFound('Post not found');
  if (row.type === 'comment') {
    if (!canDeleteComment({ participantId: row.participant_id }, viewerOf(me))) {
      throw AppError.forbidden('You cannot delete this comment');
    }
    await ctx.db.transaction().execute(async (trx) => {
      await holdVisibleParent(trx, input.eventId, row);
      await repo.deletePost(trx, row.id);
      await pushComment(
        deps,
        input.eventId,
        { action: 'deleted', id: row.id, parentId: row.parent_id as number, comment: null },
        trx,
      );
    });
    return { id: row.id, type: 'comment' };
  }
  await findAnnouncement(ctx, me, input.eventId, input.id);
  if (!canManageAnnouncement({ participantId: row.participant_id }, viewerOf(me))) {
    throw AppError.forbidden('You cannot delete this announcement');
  }
  const files = await ctx.db.transaction().execute(async (trx) => {
    // As it is now, held: the scheduler may have published it since it was read (then its lobby
    // entry must be taken back), or an edit added an image.
    const current = await lockedPost(trx, input.eventId, row.id);
    await repo.deletePost(trx, row.id);
    await repo.deleteAnnouncementNotifications(trx, row.id);
    if (current.published_at !== null) {
      await pushAnnouncement(deps, input.eventId, { action: 'deleted', id: row.id, post: null }, trx);
    }
    return current.files;
  });
  await removePostImages(ctx.config.dataDir, files);
  return { id: row.id, type: 'announcement' };
}

/**
 * POST event/post/hide: an organizer or moderator takes someone's announcement or comment out of
 * the lobby. It disappears live for everyone, its author included (a 'hidden' push, as a delete
 * would); its event-wide notification goes; the row stays for the organizers' records.
 */
export async function hidePost(
  deps: PostDeps,
  userId: number,
  input: HidePostRequest,
): Promise<{ id: number; type: 'announcement' | 'comment'; hidden: true }> {
  const { ctx } = deps;
  const { me } = await requireMembership(ctx.db, input.eventId, userId);
  const row = await repo.findPost(ctx.db, input.eventId, input.id);
  if (!row) throw AppError.notFound('Post not found');
  if (!canHidePost({ participantId: row.participant_id }, viewerOf(me))) {
    throw AppError.forbidden('Only organizers and moderators can hide posts');
  }
  await ctx.db.transaction().execute(async (trx) => {
    await repo.hidePost(trx, row.id, me.id, ctx.now());
    if (row.type === 'comment') {
      await deps.realtime.publish(
        realtimeRoom.event(input.eventId),
        PostRecordType.Comment,
        {
          action: 'hidden',
          id: row.id,
          parentId: row.parent_id as number,
          comment: null,
        } satisfies CommentRecord,
        trx,
      );
      return;
    }
    await repo.deleteAnnouncementNotifications(trx, row.id);
    // Published since it was read (the scheduler): open lobbies must still take it back.
    if ((await lockedPost(trx, input.eventId, row.id, { hiddenToo: true })).published_at !== null) {
      await pushAnnouncement(deps, input.eventId, { action: 'hidden', id: row.id, post: null }, trx);
    }
  });
  return { id: row.id, type: row.type, hidden: true };
}
