import {
  type Announcement,
  type AnnouncementRecord,
  type CommentRecord,
  PostRecordType,
  realtimeRoom,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { Bus } from '../../events/bus';
import type { Realtime } from '../../realtime/realtime';

/**
 * What posts send out, written in the caller's transaction so it goes only if that commits: the
 * lobby's live records (announcements and comments) and the event-wide notification.
 */

export interface PostDeps {
  ctx: AppContext;
  realtime: Pick<Realtime, 'publish' | 'lockRooms'>;
  bus: Pick<Bus, 'emit'>;
}

export const pushAnnouncement = (
  deps: PostDeps,
  eventId: number,
  record: AnnouncementRecord,
  trx?: Transaction<DB>,
) => deps.realtime.publish(realtimeRoom.event(eventId), PostRecordType.Announcement, record, trx);
export const pushComment = (deps: PostDeps, eventId: number, record: CommentRecord, trx: Transaction<DB>) =>
  deps.realtime.publish(realtimeRoom.event(eventId), PostRecordType.Comment, record, trx);

/**
 * The event-wide "New announcement" (A9.41, e-mailed to everyone) is the organizers' (E6.35);
 * a participant's post (E1.08) is in the lobby and notifies nobody.
 */
export async function notifyEvent(deps: PostDeps, post: Announcement, trx: Transaction<DB>): Promise<void> {
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
