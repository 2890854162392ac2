import { canManageAnnouncement, type PostViewer } from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB, ParticipantRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isModerator } from '../access/event-access';
import * as repo from './posts.repository';

/** Who is looking at the lobby, and the posts they may see and act on (404 for the rest). */

export const viewerOf = (me: ParticipantRow): PostViewer => ({
  participantId: me.id,
  moderator: isModerator(me),
});

/** A visible announcement of the event, or 404. */
export async function findAnnouncement(ctx: AppContext, me: ParticipantRow, eventId: number, id: number) {
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

/**
 * A comment is gone with its announcement: hidden (kept for the organizers' records) or deleted, the
 * comment is not found either. The announcement is held FOR SHARE until the caller commits, taken
 * before the comment's row as a comment's creation does, so a hide or deletion in flight is waited for.
 */
export async function holdVisibleParent(trx: Transaction<DB>, eventId: number, comment: repo.PostRow) {
  const parent =
    comment.parent_id === null
      ? undefined
      : await repo.findPost(trx, eventId, comment.parent_id, { lock: 'share' });
  if (parent?.type !== 'announcement') throw AppError.notFound('Comment not found');
}
