import { canDeleteComment, canHidePost, canManageAnnouncement, type HidePostRequest } from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { requireMembership } from '../access/event-access';
import { type PostDeps, pushAnnouncement, pushComment } from './posts.events';
import { removePostImages } from './posts.images';
import * as repo from './posts.repository';
import { findAnnouncement, holdVisibleParent, viewerOf } from './posts.visibility';

/** A post taken out of the lobby: deleted by its author or a moderator, or hidden by a moderator. */

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
      await pushComment(
        deps,
        input.eventId,
        { action: 'hidden', id: row.id, parentId: row.parent_id as number, comment: null },
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
