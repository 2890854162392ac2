import {
  type Announcement,
  type AnnouncementPage,
  type Comment,
  type CreatePostRequest,
  canEditComment,
  canManageAnnouncement,
  PARTICIPANT_POSTS_PER_HOUR,
  PARTICIPANT_POSTS_PER_MINUTE,
  POST_MAX_FILES,
  POSTS_PAGE_SIZE,
  PostErrorCode,
  type PostFile,
  type PostFileInput,
  type PostsQuery,
  realtimeRoom,
  type UpdatePostRequest,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB, ParticipantRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isModerator, requireMembership } from '../access/event-access';
import { notifyEvent, type PostDeps, pushAnnouncement, pushComment } from './posts.events';
import { removePostImages, storePostImage } from './posts.images';
import { present, presentComment } from './posts.present';
import * as repo from './posts.repository';
import { findAnnouncement, holdVisibleParent, viewerOf } from './posts.visibility';

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

function checkFileCount(count: number) {
  if (count > POST_MAX_FILES) {
    throw AppError.badRequest('One image per announcement', { files: 'validation.error.maxLength' }); // E5.29
  }
}
