import { z } from 'zod';
import { boothDocumentOutSchema, boothDocumentSchema } from './booths-documents';
import { boothDocumentHref } from './booths-links';
import { popupTableSchema } from './booths-tables';
import { boothMemberSchema } from './booths-team';
import { idSchema } from './common';
import { PHOTO_MAX_BYTES } from './constants';
import { websiteSchema } from './participants';

/**
 * Exhibitor booths and their teams (E3.17–E3.23, E6.23–E6.27, E7.34–E7.40). Here the booth's profile,
 * the expo's sections and the booth's images; the team, the popup tables and the documents are in
 * booths-team.ts, booths-tables.ts and booths-documents.ts.
 */

export * from './booths-documents';
export * from './booths-links';
export * from './booths-tables';
export * from './booths-team';

export const DEFAULT_BOOTH_TYPE = 'exhibitor'; // E3.18
export const DEFAULT_BOOTH_RATE = 1; // E3.20

/** E9.41: description characters shown before "read more", in the modal and on the page. */
export const BOOTH_TEXT_LIMIT = { modal: 200, page: 500 } as const;

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
