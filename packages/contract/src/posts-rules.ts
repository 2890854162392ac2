import { PHOTO_MAX_BYTES } from './constants';
import { RecordType } from './realtime';

/**
 * Announcement rules that need no schema (limits, who may do what, record types): the lobby shows
 * and manages posts with them without loading the validation library; the schemas are in posts.ts.
 */

export const ANNOUNCEMENT_TEXT_MAX_LENGTH = 5000;
export const COMMENT_TEXT_MAX_LENGTH = 2000;
export const POST_IMAGE_MAX_BYTES = PHOTO_MAX_BYTES; // E5.28: 2 MB
export const POST_MAX_FILES = 1; // E5.29
export const postImageTypes = ['image/jpeg', 'image/png'] as const; // E5.27
export const POSTS_PAGE_SIZE = 20;
export const POST_IMAGE_TOO_LARGE = 'File is larger than 2 Mb.'; // E5.28
/**
 * E1.08: every participant may post, but a participant's announcements are capped per author (an
 * organizer's or moderator's are not): this many a minute, and this many an hour.
 */
export const PARTICIPANT_POSTS_PER_MINUTE = 2;
export const PARTICIPANT_POSTS_PER_HOUR = 10;
/** Error codes of this feature (the MST-0063x range is reserved for posts). */
export const PostErrorCode = {
  TooManyPosts: 'MST-00631',
} as const;

/** Who reads a post, as posts.ts's postViewerSchema (declared here: the schemas import this file). */
export interface PostReader {
  participantId: number;
  moderator: boolean;
}

/**
 * The viewer as the web sees itself from the event's `me` (organizer flag and rights): organizers
 * and participants with the moderator right manage announcements, comments and polls (E6.35).
 */
export function postViewerOf(
  me: { id: number; organizer: boolean; rights: Record<string, boolean> } | null | undefined,
): PostReader | null {
  if (!me) return null;
  return { participantId: me.id, moderator: me.organizer || me.rights.moderator === true };
}

/** E6.06, E6.35: the author, organizers and moderators may edit or delete an announcement. */
export function canManageAnnouncement(post: { participantId: number }, viewer: PostReader): boolean {
  return viewer.moderator || post.participantId === viewer.participantId;
}

/** E6.07, E6.09: the author edits; the author, organizers and moderators delete. */
export function canEditComment(comment: { participantId: number }, viewer: PostReader): boolean {
  return comment.participantId === viewer.participantId;
}
export function canDeleteComment(comment: { participantId: number }, viewer: PostReader): boolean {
  return viewer.moderator || comment.participantId === viewer.participantId;
}
/** Organizers and moderators hide someone else's post (their own they delete). */
export function canHidePost(post: { participantId: number }, viewer: PostReader): boolean {
  return viewer.moderator && post.participantId !== viewer.participantId;
}

/**
 * Realtime on newEvents/{eventId}: Announcement ({ action, id, post }) — post is null on delete
 * and hide; Comment ({ action, id, parentId, comment }) — comment is null on delete and hide.
 */
export const PostRecordType = {
  Announcement: RecordType.Announcement,
  Comment: RecordType.PostComment,
} as const;
