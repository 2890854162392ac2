import { z } from 'zod';
import { idSchema, intSchema, isoDateTimeSchema } from './common';
import { personSummarySchema } from './meetings';
import {
  ANNOUNCEMENT_TEXT_MAX_LENGTH,
  COMMENT_TEXT_MAX_LENGTH,
  POST_IMAGE_MAX_BYTES,
  POST_MAX_FILES,
  postImageTypes,
} from './posts-rules';

/**
 * Announcements and their comments (E1.08, E2.47, E3.25, E3.26, E5.26–E5.30, E6.06–E6.09, E6.35,
 * E7.41–E7.44, E7.80).
 */

export const postImageTypeSchema = z.enum(postImageTypes);
export type PostImageType = z.infer<typeof postImageTypeSchema>;

export const postFileSchema = z.object({
  /** Served by the app: {host}{url}. */
  url: z.string(),
  contentType: postImageTypeSchema,
});
export type PostFile = z.infer<typeof postFileSchema>;

export const commentSchema = z.object({
  id: z.number(),
  type: z.literal('comment'),
  parentId: z.number(),
  eventId: z.number(),
  text: z.string(),
  participantId: z.number(),
  author: personSummarySchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

export const announcementSchema = z.object({
  id: z.number(),
  type: z.literal('announcement'),
  eventId: z.number(),
  participantId: z.number(),
  author: personSummarySchema.nullable(),
  /**
   * Written by an organizer or moderator (labelled Organizer; it notified the event, A9.41); false
   * for a participant post (E1.08), which notifies nobody.
   */
  official: z.boolean(),
  text: z.string(),
  files: z.array(postFileSchema),
  /** When it is (or was) shown; null = at once. A later one is visible to its author and moderators only. */
  postAt: z.string().nullable(),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  comments: z.array(commentSchema),
  commentCount: z.number(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementPageSchema = z.object({
  items: z.array(announcementSchema),
  /** Pass as `before` for older ones (postCursorSchema); null at the end. */
  nextCursor: z.string().nullable(),
});
export type AnnouncementPage = z.infer<typeof announcementPageSchema>;

export const postViewerSchema = z.object({
  participantId: z.number(),
  /** Organizer or moderator of the event (E6.06, E6.07, E6.35). */
  moderator: z.boolean(),
});
export type PostViewer = z.infer<typeof postViewerSchema>;

// ---- requests -----------------------------------------------------------------------------------

/** Decoded size of a base64 payload, without decoding it. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

const DATA_URL = /^data:(image\/(?:jpeg|png));base64,([A-Za-z0-9+/]*={0,2})$/;

/** E5.27, E5.28: { contentType, data } where data is a data URL of that type, at most 2 MB. */
export const postFileInput = z
  .strictObject({
    contentType: z.enum(postImageTypes, { error: 'account.photo.type' }),
    data: z
      .string({ error: 'validation.error.required' })
      .max(Math.ceil((POST_IMAGE_MAX_BYTES * 4) / 3) + 64, 'account.photo.large'),
  })
  .superRefine((file, ctx) => {
    const match = DATA_URL.exec(file.data);
    if (!match || match[1] !== file.contentType) {
      ctx.addIssue({ code: 'custom', message: 'account.photo.type', path: ['data'] });
    } else if (base64Bytes(match[2] ?? '') > POST_IMAGE_MAX_BYTES) {
      ctx.addIssue({ code: 'custom', message: 'account.photo.large', path: ['data'] });
    }
  });
export type PostFileInput = z.infer<typeof postFileInput>;

const files = z.array(postFileInput).max(POST_MAX_FILES, 'validation.error.maxLength');

/** E7.45 style: 0 or null mean "now"; otherwise an ISO 8601 date-time. */
export const postAtSchema = z.preprocess(
  (v) => (v === 0 || v === '' ? null : v),
  isoDateTimeSchema.nullable(),
);

const text = (max: number) =>
  z
    .string({ error: 'validation.error.required' })
    .trim()
    .min(1, 'validation.error.required')
    .max(max, 'validation.error.maxLength');

/** POST /api/v1/event/post (E7.41, E7.44). */
export const createPostRequest = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('announcement'),
      eventId: idSchema,
      text: text(ANNOUNCEMENT_TEXT_MAX_LENGTH), // E5.26
      files: files.optional(),
      postAt: postAtSchema.optional(),
    }),
    z.strictObject({
      type: z.literal('comment'),
      eventId: idSchema,
      parentId: idSchema,
      text: text(COMMENT_TEXT_MAX_LENGTH), // E5.30
    }),
  ],
  { error: 'validation.error.option' },
);
export type CreatePostRequest = z.infer<typeof createPostRequest>;

/** PUT /api/v1/event/post (E7.42, E7.44): absent fields stay as they are. */
export const updatePostRequest = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('announcement'),
      id: idSchema,
      eventId: idSchema,
      text: text(ANNOUNCEMENT_TEXT_MAX_LENGTH).optional(),
      files: files.optional(),
      /** URLs of stored files to remove. */
      deleteFiles: z.array(z.string().max(300)).max(10, 'validation.error.maxLength').optional(),
      postAt: postAtSchema.optional(),
    }),
    z.strictObject({
      type: z.literal('comment'),
      id: idSchema,
      eventId: idSchema,
      text: text(COMMENT_TEXT_MAX_LENGTH),
    }),
  ],
  { error: 'validation.error.option' },
);
export type UpdatePostRequest = z.infer<typeof updatePostRequest>;

/** DELETE /api/v1/event/post?id&eventId (E7.43). */
export const deletePostQuery = z.strictObject({ id: idSchema, eventId: idSchema });

/**
 * POST /api/v1/event/post/hide: an organizer or moderator takes an announcement or a comment out
 * of the lobby for everyone (the author included); it stays stored.
 */
export const hidePostRequest = z.strictObject({ id: idSchema, eventId: idSchema });
export type HidePostRequest = z.infer<typeof hidePostRequest>;

const POST_CURSOR_LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * Opaque keyset cursor of the announcements list: `<posted-at epoch ms>.<id>`, the place of the
 * last post of a page. It holds the place itself, so it keeps working when that post is deleted or
 * hidden before the next page is asked for.
 */
export const postCursorSchema = z
  .string()
  .regex(/^\d{1,15}\.\d{1,10}$/, 'validation.error.cursor')
  .refine((cursor) => {
    const [ms, id] = cursor.split('.').map(Number) as [number, number];
    return ms <= POST_CURSOR_LATEST && id >= 1 && id <= 2_147_483_647;
  }, 'validation.error.cursor');

/**
 * GET /api/v1/event/post?eventId[&before][&limit]: newest first, each with its comments. `before`
 * is a page's nextCursor; a bare post id still works (older than that post, while it exists).
 * `id` asks for one announcement (a link to an older one).
 */
export const postsQuery = z.strictObject({
  eventId: idSchema,
  before: z.union([postCursorSchema, idSchema], { error: 'validation.error.cursor' }).optional(),
  /** Only this announcement: a page of it alone, or empty when the caller may not see it. */
  id: idSchema.optional(),
  limit: intSchema(1, 50).optional(),
});
export type PostsQuery = z.infer<typeof postsQuery>;

export const announcementRecordSchema = z.object({
  action: z.enum(['created', 'updated', 'deleted', 'hidden']),
  id: z.number(),
  post: announcementSchema.nullable(),
});
export type AnnouncementRecord = z.infer<typeof announcementRecordSchema>;
export const commentRecordSchema = z.object({
  action: z.enum(['created', 'updated', 'deleted', 'hidden']),
  id: z.number(),
  parentId: z.number(),
  comment: commentSchema.nullable(),
});
export type CommentRecord = z.infer<typeof commentRecordSchema>;
