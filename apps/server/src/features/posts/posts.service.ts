import {
  type Announcement,
  type AnnouncementPage,
  type AnnouncementRecord,
  type Comment,
  type CommentRecord,
  type CreatePostRequest,
  canDeleteComment,
  canEditComment,
  canManageAnnouncement,
  POST_MAX_FILES,
  POSTS_PAGE_SIZE,
  type PostFile,
  type PostFileInput,
  PostRecordType,
  type PostsQuery,
  type PostViewer,
  realtimeRoom,
  type UpdatePostRequest,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../app';
import type { DB, ParticipantRow } from '../../db/schema';
import { busOf } from '../../events/bus';
import { AppError } from '../../http/errors';
import type { Realtime } from '../../realtime/realtime';
import { hasRight, requireMembership } from '../access/event-access';
import { removePostImages, storePostImage } from './posts.images';
import { toAnnouncement, toComment } from './posts.present';
import * as repo from './posts.repository';

export interface PostDeps {
  ctx: AppContext;
  realtime: Pick<Realtime, 'publish'>;
}

/** E6.06, E6.07, E6.35: organizers, and participants with the moderator right. */
export const isModerator = (me: ParticipantRow) => hasRight(me, 'moderator');
const viewerOf = (me: ParticipantRow): PostViewer => ({ participantId: me.id, moderator: isModerator(me) });

async function present(ctx: AppContext, rows: repo.PostRow[]): Promise<Announcement[]> {
  const comments = await repo.commentsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const authors = await repo.authorsOf(
    ctx.db,
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

async function presentComment(ctx: AppContext, row: repo.PostRow): Promise<Comment> {
  const authors = await repo.authorsOf(ctx.db, [row.participant_id]);
  return toComment(row, new Map(authors.map((a) => [a.id, a])));
}

const pushAnnouncement = (
  deps: PostDeps,
  eventId: number,
  record: AnnouncementRecord,
  trx?: Transaction<DB>,
) => deps.realtime.publish(realtimeRoom.event(eventId), PostRecordType.Announcement, record, trx);
const pushComment = (deps: PostDeps, eventId: number, record: CommentRecord) =>
  deps.realtime.publish(realtimeRoom.event(eventId), PostRecordType.Comment, record);

/** Announcements whose postAt has come go out: pushed, and notified (A9.41). Returns how many. */
export async function publishDueAnnouncements(deps: PostDeps): Promise<number> {
  const { ctx } = deps;
  const due = await repo.claimDueAnnouncements(ctx.db, ctx.now());
  for (const [post] of await Promise.all(due.map((row) => present(ctx, [row])))) {
    if (!post) continue;
    await pushAnnouncement(deps, post.eventId, { action: 'created', id: post.id, post });
    await busOf(ctx).emit({
      type: 'announcement.published',
      eventId: post.eventId,
      postId: post.id,
      authorId: post.participantId,
      text: post.text,
    });
  }
  return due.length;
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
    before: query.before,
    limit: limit + 1,
    alsoUnpublishedOf: isModerator(me) ? true : me.id,
  });
  const page = rows.slice(0, limit);
  return {
    items: await present(ctx, page),
    nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
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
    const row = await repo.insertPost(ctx.db, {
      event_id: input.eventId,
      type: 'comment',
      parent_id: parent.id,
      participant_id: me.id,
      text: input.text,
      published_at: now,
      created_at: now,
      updated_at: now,
    });
    const comment = await presentComment(ctx, row);
    await pushComment(deps, input.eventId, { action: 'created', id: row.id, parentId: parent.id, comment });
    return comment;
  }

  const postAt = input.postAt ? new Date(input.postAt) : null;
  const publishNow = postAt === null || postAt <= now;
  const files = await storeAll(ctx, input.eventId, input.files ?? []);
  let row: repo.PostRow;
  try {
    row = await repo.insertPost(ctx.db, {
      event_id: input.eventId,
      type: 'announcement',
      participant_id: me.id,
      text: input.text,
      files: JSON.stringify(files),
      post_at: postAt,
      published_at: publishNow ? now : null,
      created_at: now,
      updated_at: now,
    });
  } catch (err) {
    await removePostImages(ctx.config.dataDir, files);
    throw err;
  }
  const [post] = await present(ctx, [row]);
  if (!post) throw new Error('announcement vanished');
  if (publishNow) {
    await pushAnnouncement(deps, input.eventId, { action: 'created', id: row.id, post });
    await busOf(ctx).emit({
      type: 'announcement.published',
      eventId: input.eventId,
      postId: row.id,
      authorId: me.id,
      text: row.text,
    });
  }
  return post;
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
    const updated = await repo.updatePost(ctx.db, row.id, { text: input.text, updated_at: now });
    const comment = await presentComment(ctx, updated);
    await pushComment(deps, input.eventId, {
      action: 'updated',
      id: row.id,
      parentId: comment.parentId,
      comment,
    });
    return comment;
  }

  const row = await findAnnouncement(ctx, me, input.eventId, input.id);
  if (!canManageAnnouncement({ participantId: row.participant_id }, viewerOf(me))) {
    throw AppError.forbidden('You cannot edit this announcement');
  }
  if (input.postAt && row.published_at !== null)
    throw AppError.conflict('This announcement is already published');
  const removing = new Set(input.deleteFiles ?? []);
  const kept = row.files.filter((f) => !removing.has(f.url));
  if (kept.length + (input.files?.length ?? 0) > POST_MAX_FILES) {
    throw AppError.badRequest('One image per announcement', { files: 'validation.error.maxLength' }); // E5.29
  }
  const added = await storeAll(ctx, input.eventId, input.files ?? []);
  const postAt =
    input.postAt === undefined ? undefined : input.postAt === null ? null : new Date(input.postAt);
  const publishNow = row.published_at === null && postAt !== undefined && (postAt === null || postAt <= now);
  let updated: repo.PostRow;
  try {
    updated = await repo.updatePost(ctx.db, row.id, {
      ...(input.text !== undefined ? { text: input.text } : {}),
      files: JSON.stringify([...kept, ...added]),
      ...(postAt !== undefined && row.published_at === null ? { post_at: postAt } : {}),
      ...(publishNow ? { published_at: now } : {}),
      updated_at: now,
    });
  } catch (err) {
    await removePostImages(ctx.config.dataDir, added);
    throw err;
  }
  await removePostImages(
    ctx.config.dataDir,
    row.files.filter((f) => removing.has(f.url)),
  );
  const [post] = await present(ctx, [updated]);
  if (!post) throw new Error('announcement vanished');
  if (publishNow) {
    await pushAnnouncement(deps, input.eventId, { action: 'created', id: row.id, post });
    await busOf(ctx).emit({
      type: 'announcement.published',
      eventId: input.eventId,
      postId: row.id,
      authorId: row.participant_id,
      text: post.text,
    });
  } else if (updated.published_at !== null) {
    await pushAnnouncement(deps, input.eventId, { action: 'updated', id: row.id, post });
  }
  return post;
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
    await repo.deletePost(ctx.db, row.id);
    await pushComment(deps, input.eventId, {
      action: 'deleted',
      id: row.id,
      parentId: row.parent_id as number,
      comment: null,
    });
    return { id: row.id, type: 'comment' };
  }
  await findAnnouncement(ctx, me, input.eventId, input.id);
  if (!canManageAnnouncement({ participantId: row.participant_id }, viewerOf(me))) {
    throw AppError.forbidden('You cannot delete this announcement');
  }
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deletePost(trx, row.id);
    await repo.deleteAnnouncementNotifications(trx, row.id);
    if (row.published_at !== null) {
      await pushAnnouncement(deps, input.eventId, { action: 'deleted', id: row.id, post: null }, trx);
    }
  });
  await removePostImages(ctx.config.dataDir, row.files);
  return { id: row.id, type: 'announcement' };
}
