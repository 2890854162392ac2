import { z } from 'zod';
import { BOOTH_LINK_MAX, boothDocumentHref, boothLink } from './booths-links';
import { idSchema } from './common';
import { ATTACHMENT_MAX_BYTES } from './constants';

/** A booth's documents: named links, uploaded files and the booth's video (E2.56, E2.57, A5.42). */

export const boothDocumentOutSchema = z.object({
  name: z.string(),
  url: z.string(),
  type: z.string(),
});
export type BoothDocument = z.infer<typeof boothDocumentOutSchema>;

/**
 * E2.56: a document is a named link; only web links and the app's own paths (no javascript:),
 * stored normalised (`boothLink`: a bare host gets https://, an IDN host is written in punycode).
 */
export const boothDocumentSchema = z.strictObject({
  name: z.string().trim().min(1, 'validation.error.required').max(200, 'validation.error.maxLength'),
  url: z
    .string()
    .trim()
    .min(1, 'validation.error.required')
    .max(BOOTH_LINK_MAX, 'validation.error.maxLength')
    .transform((url, ctx) => {
      const link = boothLink(url);
      if (link.ok) return link.url;
      ctx.issues.push({ code: 'custom', message: link.error, input: url });
      return z.NEVER;
    }),
  type: z.string().trim().min(1, 'validation.error.required').max(50, 'validation.error.maxLength'),
});

// ---- booth document files: the product's attachments (A5.42, A9.11, E9.14) -----------------------

/** Message key when an attachment is over ATTACHMENT_MAX_BYTES (web catalogue expo.json, server messages.ts). */
export const ATTACHMENT_TOO_LARGE = 'expo.form.error.attachmentSize';
/** Message key when an attachment is not one of ATTACHMENT_TYPES. */
export const ATTACHMENT_BAD_TYPE = 'expo.form.error.attachmentType';
/** Message key when a document links an uploaded file that is no longer stored (removed meanwhile). */
export const BOOTH_DOCUMENT_GONE = 'expo.form.error.documentGone';

/**
 * What a booth may attach as a document file, by extension, with the MIME type it is served as.
 * No HTML, SVG or scripts: the files are served from the app's own origin.
 */
export const ATTACHMENT_TYPES = {
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
} as const;
export type AttachmentExtension = keyof typeof ATTACHMENT_TYPES;

/** The extension of an allowed attachment file name (lower case), or null. */
export function attachmentExtension(fileName: string): AttachmentExtension | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  return Object.hasOwn(ATTACHMENT_TYPES, ext) ? (ext as AttachmentExtension) : null;
}

/**
 * A5.42: the message key that refuses an attachment before it is sent, or null when it may go:
 * at most ATTACHMENT_MAX_BYTES (5,000,000 bytes) and of an allowed type.
 */
export function attachmentProblem(file: { name: string; size: number }): string | null {
  if (file.size > ATTACHMENT_MAX_BYTES) return ATTACHMENT_TOO_LARGE;
  if (file.size === 0 || attachmentExtension(file.name) === null) return ATTACHMENT_BAD_TYPE;
  return null;
}

/** Base64 length of the largest allowed attachment (4 characters per 3 bytes, padded). */
export const ATTACHMENT_MAX_BASE64 = Math.ceil(ATTACHMENT_MAX_BYTES / 3) * 4;

/** POST /api/v1/event/booth/document/file (A5.42): stores one file; the answer is its document link. */
export const uploadBoothDocumentRequest = z.strictObject({
  eventId: idSchema,
  id: idSchema,
  fileName: z
    .string()
    .trim()
    .min(1, 'validation.error.required')
    .max(200, 'validation.error.maxLength')
    .refine((name) => attachmentExtension(name) !== null, ATTACHMENT_BAD_TYPE),
  /** The file's bytes in base64 (no data: prefix). */
  contentBase64: z
    .string()
    .min(1, ATTACHMENT_BAD_TYPE)
    // The decoded size is checked exactly on the server; this only stops far larger bodies early.
    .max(ATTACHMENT_MAX_BASE64 + 4, ATTACHMENT_TOO_LARGE)
    .regex(/^[A-Za-z0-9+/]+=*$/, ATTACHMENT_BAD_TYPE),
});
export type UploadBoothDocumentRequest = z.infer<typeof uploadBoothDocumentRequest>;

export const uploadedBoothDocumentSchema = boothDocumentOutSchema;

// ---- booth documents (E2.56, E2.57) -------------------------------------------------------------

/** The document type whose first entry plays as the booth's video. */
export const BOOTH_VIDEO_TYPE = 'bvideo';

export const boothVideoSchema = z.union([
  z.object({ kind: z.literal('iframe'), src: z.string() }),
  z.object({ kind: z.literal('file'), src: z.string() }),
]);
export type BoothVideo = z.infer<typeof boothVideoSchema>;

/**
 * E2.57: how the first bvideo document plays: YouTube and Vimeo links as their embed players,
 * other https links in a frame, the app's own files in a video element.
 */
export function boothVideo(documents: readonly BoothDocument[]): BoothVideo | null {
  const doc = documents.find((d) => d.type === BOOTH_VIDEO_TYPE);
  const link = doc ? boothDocumentHref(doc.url) : null;
  if (!link) return null;
  if (link.startsWith('/')) return { kind: 'file', src: link };
  const url = new URL(link);
  const host = url.hostname.replace(/^www\./, '').replace(/^m\./, '');
  const youTubeId =
    host === 'youtu.be'
      ? url.pathname.slice(1).split('/')[0]
      : host === 'youtube.com' || host === 'youtube-nocookie.com'
        ? (url.searchParams.get('v') ?? /^\/(?:embed|shorts|live)\/([^/?]+)/.exec(url.pathname)?.[1])
        : undefined;
  if (youTubeId && /^[\w-]{6,20}$/.test(youTubeId))
    return { kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${youTubeId}` };
  const vimeoId = host === 'vimeo.com' ? /^\/(\d+)/.exec(url.pathname)?.[1] : undefined;
  if (vimeoId) return { kind: 'iframe', src: `https://player.vimeo.com/video/${vimeoId}` };
  if (host === 'player.vimeo.com') return { kind: 'iframe', src: link };
  if (url.protocol !== 'https:') return null; // the page's policy frames https only
  return { kind: 'iframe', src: link };
}
