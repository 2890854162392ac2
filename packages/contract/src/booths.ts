import { z } from 'zod';
import { BOOTH_LINK_MAX, boothDocumentHref, boothLink } from './booths-links';
import { idSchema } from './common';
import { ATTACHMENT_MAX_BYTES, PHOTO_MAX_BYTES, POPUP_TABLE_PRESENCE_MS } from './constants';
import { personSummarySchema } from './meetings';
import { websiteSchema } from './participants';

/** Exhibitor booths and their teams (E3.17–E3.23, E6.23–E6.27, E7.34–E7.40). */

export * from './booths-links';

export const DEFAULT_BOOTH_TYPE = 'exhibitor'; // E3.18
export const DEFAULT_BOOTH_RATE = 1; // E3.20
export const boothRoles = ['owner', 'admin', 'user', 'not_confirmed'] as const; // A6.03
export const boothRoleNameSchema = z.enum(boothRoles);
export type BoothRoleName = z.infer<typeof boothRoleNameSchema>;
export const assignableBoothRoles = ['user', 'admin'] as const; // E3.23
export const BoothErrorCode = {
  AlreadyInBooth: 'MST-00621', // E6.26
  NotInvitedToBooth: 'MST-00622',
  OwnerRole: 'MST-00623',
} as const;

/** E8.46. */
export const boothJoinedMessage = (booth: string) => `You have been added to the ${booth} team`;

export const boothDocumentOutSchema = z.object({
  name: z.string(),
  url: z.string(),
  type: z.string(),
});
export type BoothDocument = z.infer<typeof boothDocumentOutSchema>;

export const boothMemberSchema = personSummarySchema.extend({
  role: boothRoleNameSchema,
  /** The role a not-confirmed member gets once they accept (E6.27). */
  pendingRole: z.enum(['user', 'admin']).nullable().optional(),
});
export type BoothMember = z.infer<typeof boothMemberSchema>;

/** E3.21: a team membership as adding or changing it answers: the member with their event and booth. */
export const teamMemberSchema = boothMemberSchema.extend({ eventId: z.number(), boothId: z.number() });
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** E9.40: team members shown before "show all", in the modal and on the page. */
export const BOOTH_MEMBERS_SHOWN = { modal: 6, page: 9 } as const;
/** E9.41: description characters shown before "read more", in the modal and on the page. */
export const BOOTH_TEXT_LIMIT = { modal: 200, page: 500 } as const;

/**
 * E7.87: who is at a popup table now (videoRooms/{roomId}/participantState). `here` holds the last
 * heartbeat of each person still within the presence window (A9.35) when the server answered (`at`);
 * a screen counts them again as time passes (`tablePresentCount`), so nobody needs to announce that
 * someone's window ran out. Times only: who sits at a table is not shown.
 */
export const tablePresenceSchema = z.object({
  roomId: z.string(),
  meetingId: z.number(),
  seats: z.number(),
  /** The server's clock at the answer (ISO 8601), so a client with a skewed clock counts right. */
  at: z.string(),
  /** ISO 8601 last heartbeats of the people present, newest first. */
  here: z.array(z.string()),
});
export type TablePresence = z.infer<typeof tablePresenceSchema>;

/**
 * People at the table `nowMs` (the reader's clock) when the presence was received at `receivedMs`
 * (the reader's clock): each counts while their last heartbeat is within POPUP_TABLE_PRESENCE_MS
 * of the server's time then plus what has passed since.
 */
export function tablePresentCount(
  presence: Pick<TablePresence, 'at' | 'here'>,
  receivedMs: number,
  nowMs: number,
): number {
  const serverNow = Date.parse(presence.at) + Math.max(0, nowMs - receivedMs);
  return presence.here.filter((t) => serverNow - Date.parse(t) < POPUP_TABLE_PRESENCE_MS).length;
}

/** How often a person who joined a table tells the server they are still there (well inside A9.35). */
export const POPUP_TABLE_HEARTBEAT_MS = 25_000;

/** Error codes of popup tables (MST-00609 TableFull is the meetings' own). */
export const TableErrorCode = {
  TableOver: 'MST-00624',
} as const;

export const popupTableSchema = z.object({
  roomId: z.string(),
  name: z.string(),
  meetingId: z.number().nullable(),
  /** The table's time (ISO 8601). */
  sdt: z.string(),
  edt: z.string(),
  presence: tablePresenceSchema,
});
export type PopupTable = z.infer<typeof popupTableSchema>;

/** A video room name as the server makes them (base64url); anything else is no table. */
export const videoRoomIdSchema = z
  .string({ error: 'validation.error.required' })
  .min(1, 'validation.error.required')
  .max(64, 'validation.error.maxLength')
  .regex(/^[A-Za-z0-9_-]+$/, 'validation.error.pattern');

/** POST /event/booth/table/join, /heartbeat, /leave (E2.56, E7.87). */
export const tableRequest = z.strictObject({ eventId: idSchema, roomId: videoRoomIdSchema });
export type TableRequest = z.infer<typeof tableRequest>;

export const joinTableResultSchema = z.object({
  /** The table's video call (VIDEO_URL_TEMPLATE), opened in a new window. */
  videoUrl: z.string(),
  presence: tablePresenceSchema,
});
export type JoinTableResult = z.infer<typeof joinTableResultSchema>;

/** E3.17 list entry. */
export const boothSummarySchema = z.object({
  id: z.number(),
  eventId: z.number(),
  boothName: z.string(),
  boothType: z.string(),
  images: z.object({ logo: z.string().nullable(), banner: z.string().nullable() }),
  description: z.string(),
  rate: z.number(),
  categories: z.array(z.number()),
  updatedAt: z.string(),
});
export type BoothSummary = z.infer<typeof boothSummarySchema>;

export const boothDetailsSchema = boothSummarySchema.extend({
  ownerParticipantId: z.number().nullable(),
  website: z.string().nullable(),
  location: z.string().nullable(),
  some: z.record(z.string(), z.string()),
  documents: z.array(boothDocumentOutSchema),
  agendaEnabled: z.boolean(),
  /** E6.23: confirmed staff (owner first); not-confirmed ones only to the booth's own staff. */
  members: z.array(boothMemberSchema),
  popupMeetings: z.array(popupTableSchema),
  /** E6.25: the caller is on this booth's staff (edit instead of meet). */
  canEdit: z.boolean(),
});
export type BoothDetails = z.infer<typeof boothDetailsSchema>;

export const boothListQuery = z.strictObject({
  eventId: idSchema,
  query: z.string().trim().max(200, 'validation.error.maxLength').optional(),
});
export const boothParams = z.strictObject({ boothId: idSchema });
export const boothDetailsQuery = z.strictObject({ eventId: idSchema });

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

/** A social profile: a web address or the handle on that network. */
/**
 * A social profile of the booth's (E7.34): empty, a web address or a handle on its network, as
 * `socialUrl` links it on the booth's page; what it could not link is refused when saved.
 */
const socialLink = (network: string) =>
  z
    .string()
    .trim()
    .max(300, 'validation.error.maxLength')
    .refine((value) => value === '' || socialUrl(network, value) !== null, 'validation.error.url')
    .optional();

/** PUT /event/booth (E7.34). */
export const updateBoothRequest = z.strictObject({
  eventId: idSchema,
  id: idSchema,
  boothName: z
    .string()
    .trim()
    .min(1, 'validation.error.required')
    .max(200, 'validation.error.maxLength')
    .optional(),
  description: z.string().trim().max(10_000, 'validation.error.maxLength').optional(),
  website: websiteSchema.nullable().optional(),
  location: z.string().trim().max(300, 'validation.error.maxLength').nullable().optional(),
  some: z
    .strictObject({
      facebook: socialLink('facebook'),
      twitter: socialLink('twitter'),
      instagram: socialLink('instagram'),
      linkedin: socialLink('linkedin'),
    })
    .optional(),
  documents: z.array(boothDocumentSchema).max(50, 'validation.error.maxItems').optional(),
  categories: z.array(idSchema).max(100, 'validation.error.maxItems').optional(),
  agendaEnabled: z.boolean().optional(),
});
export type UpdateBoothRequest = z.infer<typeof updateBoothRequest>;

export const memberListQuery = z.strictObject({ eventId: idSchema });
/** POST event/member (E7.37): invite a participant to the caller's booth team. */
export const addMemberRequest = z.strictObject({
  eventId: idSchema,
  id: idSchema,
  role: z.enum(assignableBoothRoles, { error: 'validation.error.option' }),
});
/** PUT event/member (E7.38). */
export const updateMemberRequest = addMemberRequest;
/** DELETE event/member (E7.39). */
export const removeMemberQuery = z.strictObject({ eventId: idSchema, memberId: idSchema });
/** POST /event/member/confirm (E7.36). */
export const confirmMemberRequest = z.strictObject({
  eventId: idSchema,
  boothId: idSchema,
  accepted: z.boolean(),
});
export const memberCandidatesQuery = z.strictObject({
  eventId: idSchema,
  query: z.string().trim().max(200, 'validation.error.maxLength').optional(),
});

export const memberListSchema = z.object({
  boothId: z.number().nullable(),
  boothName: z.string().nullable(),
  myRole: boothRoleNameSchema.nullable(),
  members: z.array(boothMemberSchema),
  /** A team invitation waiting for the caller (E6.27). */
  invitation: z.object({ boothId: z.number(), boothName: z.string(), role: z.string() }).nullable(),
});
export type MemberList = z.infer<typeof memberListSchema>;

/** Owner and admins manage the team and the booth page. */
export const canManageBooth = (role: BoothRoleName | null) => role === 'owner' || role === 'admin';

// ---- team role rules (E3.23, E6.23, E7.37–E7.39) -------------------------------------------------

/** The roles a manager may give: the owner names admins and users, an admin only users. */
export function assignableRolesFor(myRole: BoothRoleName | null): BoothRoleName[] {
  if (myRole === 'owner') return ['user', 'admin'];
  if (myRole === 'admin') return ['user'];
  return [];
}

/**
 * Whether I may change this member's role or remove them: never the owner; admins only by the
 * owner; users (and pending invitations) by any manager. Leaving one's own team is separate.
 */
export function canManageMember(
  myRole: BoothRoleName | null,
  member: { role: BoothRoleName; pendingRole?: string | null },
): boolean {
  if (!canManageBooth(myRole) || member.role === 'owner') return false;
  if (myRole === 'owner') return true;
  return member.role !== 'admin' && member.pendingRole !== 'admin';
}

/** Any member but the owner may leave the team themselves (E7.39). */
export const canLeaveBooth = (myRole: BoothRoleName | null) => myRole !== null && myRole !== 'owner';

// ---- expo grouping (A2.67, E1.02) ---------------------------------------------------------------

/** The expo tab's sections: sponsors, partners and exhibitors, each shown under its own tab name. */
export const BOOTH_GROUPS = ['sponsor', 'partner', 'booth'] as const;
export const boothGroupSchema = z.enum(BOOTH_GROUPS);
export type BoothGroup = z.infer<typeof boothGroupSchema>;

/** sponsor and partner booths have their own section; every other type (exhibitor…) is a booth. */
export function boothGroupOf(boothType: string): BoothGroup {
  const type = boothType.trim().toLowerCase();
  return type === 'sponsor' || type === 'partner' ? type : 'booth';
}

/**
 * A2.67, A2.71: the booths in sections, in the order the event's visible tabs name them, a section
 * only when its tab is visible and it has booths. Inside a section the list keeps its order (best
 * rated first, E3.20).
 */
export function groupBooths<B extends { boothType: string }>(
  booths: readonly B[],
  visibleTabs: readonly string[],
): { group: BoothGroup; booths: B[] }[] {
  const order = visibleTabs.filter((tab): tab is BoothGroup =>
    (BOOTH_GROUPS as readonly string[]).includes(tab),
  );
  return [...new Set(order)]
    .map((group) => ({ group, booths: booths.filter((b) => boothGroupOf(b.boothType) === group) }))
    .filter((section) => section.booths.length > 0);
}

// ---- booth images (A9.08, A9.09, E2.57) ---------------------------------------------------------

export const boothImageKinds = ['logo', 'banner'] as const;
export const boothImageKindSchema = z.enum(boothImageKinds);
export type BoothImageKind = z.infer<typeof boothImageKindSchema>;
/** A9.08 banner crop 1260:250, A9.09 logo 700:700; also the largest size stored. */
export const BOOTH_IMAGE_SIZE: Record<BoothImageKind, { width: number; height: number }> = {
  logo: { width: 700, height: 700 },
  banner: { width: 1260, height: 250 },
};

export const aspectCropSchema = z.object({
  /** Source rectangle: the largest centred one with the wanted aspect. */
  sx: z.number(),
  sy: z.number(),
  sw: z.number(),
  sh: z.number(),
  /** Output size: the rectangle, scaled down to at most the kind's size. */
  width: z.number(),
  height: z.number(),
});
export type AspectCrop = z.infer<typeof aspectCropSchema>;

/** The centred crop of a width×height image to the kind's aspect, scaled to at most its size. */
export function aspectCrop(width: number, height: number, kind: BoothImageKind): AspectCrop {
  const target = BOOTH_IMAGE_SIZE[kind];
  const ratio = target.width / target.height;
  const w = Math.max(0, Math.floor(width));
  const h = Math.max(0, Math.floor(height));
  const sw = Math.min(w, Math.floor(h * ratio));
  const sh = Math.min(h, Math.floor(w / ratio));
  // The output keeps the exact aspect (1260 wide is 250 high), whatever the source rounding.
  const outWidth = Math.min(sw, target.width);
  return {
    sx: Math.floor((w - sw) / 2),
    sy: Math.floor((h - sh) / 2),
    sw,
    sh,
    width: outWidth,
    height: Math.min(sh, Math.round(outWidth / ratio)),
  };
}

/** POST /event/booth/image: a cropped jpeg or png data URL for the booth's logo or banner. */
export const uploadBoothImageRequest = z.strictObject({
  eventId: idSchema,
  id: idSchema,
  kind: z.enum(boothImageKinds, { error: 'validation.error.option' }),
  image: z
    .string()
    .max(Math.ceil((PHOTO_MAX_BYTES * 4) / 3) + 64, 'account.photo.large')
    .regex(/^data:image\/(jpeg|png);base64,/, 'account.photo.type'),
});
export type UploadBoothImageRequest = z.infer<typeof uploadBoothImageRequest>;

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

const SOCIAL_BASE: Record<string, string> = {
  facebook: 'https://www.facebook.com/',
  twitter: 'https://x.com/',
  instagram: 'https://www.instagram.com/',
  linkedin: 'https://www.linkedin.com/company/',
};

/**
 * A booth's social profile as a link: web addresses as given (one written without its scheme, a host
 * and then a path such as "linkedin.com/company/acme", as https), handles (@acme, acme.hq) on their
 * network.
 */
export function socialUrl(network: string, value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  if (/^https?:\/\//i.test(text)) return boothDocumentHref(text);
  if (/^(?:[\p{L}\p{N}_-]+\.)+[\p{L}\p{N}-]+\//u.test(text)) return boothDocumentHref(`https://${text}`);
  const handle = text.replace(/^@/, '');
  const base = SOCIAL_BASE[network];
  return base && /^[\w.-]{1,100}$/.test(handle) ? `${base}${handle}` : null;
}

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
