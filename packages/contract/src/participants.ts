import { z } from 'zod';
import { idSchema, intSchema } from './common';

/** Attendee directory, own event profile and the profile wizard (E3.01–E3.06, E5, E6, E7.32). */

export const PROFILE_COMPLETE_POINTS = 5; // E9.46
export const SEARCH_MAX_LENGTH = 100;
/**
 * A search with text or filters counts its matches up to this many; above it the answer says
 * "more than" (matchesCapped) instead of counting thousands of rows on every keystroke.
 */
export const SEARCH_COUNT_CAP = 1000;
/** The MST-0061x range is reserved for participants. */
export const ParticipantErrorCode = {
  TooManyOptions: 'MST-00611', // E5.07
  TypeRequired: 'MST-00612', // E5.06
  TypeLocked: 'MST-00613', // E6.36
  OwnCard: 'MST-00614', // E6.21
  AccountDeleted: 'MST-00615', // E3.02: meetings, invitations and chats with a deleted account
} as const;

export const participantTags = ['fav', 'ignored'] as const;
export const participantTagSchema = z.enum(participantTags);
export type ParticipantTag = z.infer<typeof participantTagSchema>;
export const searchOrders = ['relevance', 'name', 'company'] as const;
export const searchOrderSchema = z.enum(searchOrders);
export type SearchOrder = z.infer<typeof searchOrderSchema>;

/**
 * POST /event/participant/search2 (E7.32). restricted, organizer and segmentationQuery are
 * accepted for the spec's clients but never trusted: the server decides them from the caller.
 */
export const search2Request = z.strictObject({
  eventId: idSchema,
  query: z.string().trim().max(200, 'validation.error.maxLength').optional(),
  eventKey: z.string().max(100).optional(),
  length: z.number().int().min(1).max(SEARCH_MAX_LENGTH).optional(),
  after: z.string().max(500).nullable().optional(),
  restricted: z.boolean().optional(),
  organizer: z.boolean().optional(),
  segmentationQuery: z.string().max(2000).nullable().optional(),
  orderBy: z.enum(searchOrders).optional(),
  asc: z.boolean().optional(),
  filters: z
    .strictObject({
      typeIds: z.array(idSchema).max(50).optional(),
      categoryIds: z.array(idSchema).max(100).optional(),
      tags: z.array(z.enum(participantTags)).max(2).optional(),
      /** Company member search (E6.26): people in no booth who are not organizers. */
      withoutBooth: z.boolean().optional(),
    })
    .optional(),
});
export type Search2Request = z.infer<typeof search2Request>;

/** Column names of a search2 row, in order (E7.33). */
export const SEARCH_PROPS = [
  'id',
  'name',
  'surname',
  'fullName',
  'jobTitle',
  'company',
  'profilePhoto',
  'boothId',
  'boothName',
  'boothLogo',
  'typeId',
  'participantType',
  'present',
  'organizer',
  'tags',
  'canInvite',
  'deleted',
] as const;
export const searchPropSchema = z.enum(SEARCH_PROPS);
export type SearchProp = z.infer<typeof searchPropSchema>;

export const attendeeCardSchema = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  fullName: z.string(),
  jobTitle: z.string(),
  company: z.string(),
  profilePhoto: z.string().nullable(),
  boothId: z.number().nullable(),
  boothName: z.string().nullable(),
  boothLogo: z.string().nullable(),
  typeId: z.number().nullable(),
  participantType: z.string().nullable(),
  present: z.enum(['venue', 'online']).nullable(),
  organizer: z.boolean(),
  tags: z.array(participantTagSchema),
  canInvite: z.boolean(),
  /**
   * The person deleted their account (E3.02). Only organizers ever get such a card or profile;
   * the web shows a "Deleted account" badge.
   */
  deleted: z.boolean(),
});
export type AttendeeCard = z.infer<typeof attendeeCardSchema>;

export const search2ResponseSchema = z.object({
  /**
   * Total matches; computed on the first page only (null on later pages). Exact for the whole
   * directory; with text or filters exact up to SEARCH_COUNT_CAP, above it SEARCH_COUNT_CAP with
   * matchesCapped set.
   */
  matches: z.number().nullable(),
  matchesCapped: z.boolean().optional(),
  props: z.array(searchPropSchema),
  results: z.array(z.array(z.unknown())),
  /** Cursor for the next page, null at the end. */
  after: z.string().nullable(),
});
export type Search2Response = z.infer<typeof search2ResponseSchema>;

/** E3.03. */
export const participantCategoryValueSchema = z.object({
  categoryId: z.number(),
  type: z.enum(['select', 'text']),
  selectedCategoryIds: z.array(z.number()).optional(),
  value: z.string().optional(),
});
export type ParticipantCategoryValue = z.infer<typeof participantCategoryValueSchema>;

/** E3.01: an attendee profile. Contact details only for organizers and the person themselves. */
export const participantProfileSchema = attendeeCardSchema.extend({
  eventId: z.number(),
  userId: z.number().nullable(),
  website: z.string(),
  biography: z.string(),
  offer: z.string(),
  seek: z.string(),
  city: z.string(),
  some: z.record(z.string(), z.string()),
  state: z.string(),
  visible: z.boolean(),
  categories: z.array(participantCategoryValueSchema),
  boothRole: z.string().nullable(),
  isSpeaker: z.boolean(),
  lastPresenceConfirmTime: z.string().nullable(),
  userEmail: z.string().nullable(),
  phone: z.string().nullable(),
  ticketId: z.string().nullable(),
  rights: z.record(z.string(), z.boolean()),
});
export type ParticipantProfile = z.infer<typeof participantProfileSchema>;

/** E3.06 as the wizard needs it: a question (parent) with its options. */
export const categoryQuestionSchema = z.object({
  categoryId: z.number(),
  name: z.string(),
  type: z.enum(['select', 'text']),
  isMulti: z.boolean(),
  maxSelectableOptionCount: z.number().nullable(),
  required: z.boolean(),
  isPrivate: z.boolean(),
  subCategories: z.array(z.object({ categoryId: z.number(), name: z.string() })),
});
export type CategoryQuestion = z.infer<typeof categoryQuestionSchema>;

export const participantTypeOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  allowedToModify: z.boolean(),
  participantTypeAtRegistration: z.boolean(),
});
export type ParticipantTypeOption = z.infer<typeof participantTypeOptionSchema>;

/** E5.44. */
export function withHttp(url: string): string {
  const trimmed = url.trim();
  if (trimmed === '' || /^https?:\/\//i.test(trimmed)) return trimmed;
  return `http://${trimmed}`;
}

/**
 * E3.01, E3.17: the web address a website field stands for, with E5.44's http:// in front when it
 * names no scheme; null when the text is not one: it has spaces ("Designing event tools"), is not
 * http(s), names a user, or its host has no dot or an empty part ("localhost", "acme..example").
 */
export function websiteHref(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  if (text === '' || /\s/.test(text)) return null;
  const href = withHttp(text);
  try {
    const url = new URL(href);
    const labels = url.hostname.split('.');
    const web = url.protocol === 'http:' || url.protocol === 'https:';
    const hostOk = labels.length > 1 && labels.every((label) => label !== '');
    return web && hostOk && !url.username && !url.password ? href : null;
  } catch {
    return null;
  }
}

/**
 * A website field (the event profile's E7.28, the booth's E7.34): empty, or a web address as
 * `websiteHref` reads it ("acme.example" is saved as http://acme.example, E5.44).
 */
export const websiteSchema = z
  .string()
  .trim()
  .max(300, 'validation.error.maxLength')
  .refine((value) => value === '' || websiteHref(value) !== null, 'validation.error.url');

const someSchema = z
  .strictObject({
    facebook: z.string().trim().max(300, 'validation.error.maxLength').optional(),
    twitter: z.string().trim().max(300, 'validation.error.maxLength').optional(),
    instagram: z.string().trim().max(300, 'validation.error.maxLength').optional(),
    linkedin: z.string().trim().max(300, 'validation.error.maxLength').optional(),
  })
  .optional();

export const categoryValueInput = z.strictObject({
  categoryId: idSchema,
  selectedCategoryIds: z.array(idSchema).max(100, 'validation.error.maxItems').optional(),
  value: z.string().trim().max(500, 'validation.error.maxLength').optional(),
});
export type CategoryValueInput = z.infer<typeof categoryValueInput>;

/** PUT /event/participant (E7.28): the caller's own event profile; absent fields stay. */
export const updateEventProfileRequest = z.strictObject({
  eventId: idSchema,
  company: z.string().trim().max(200, 'validation.error.maxLength').optional(),
  jobTitle: z.string().trim().max(200, 'validation.error.maxLength').optional(),
  offer: z.string().trim().max(2000, 'validation.error.maxLength').optional(),
  seek: z.string().trim().max(2000, 'validation.error.maxLength').optional(),
  biography: z.string().trim().max(5000, 'validation.error.maxLength').optional(),
  website: websiteSchema.optional(),
  city: z.string().trim().max(200, 'validation.error.maxLength').optional(),
  some: someSchema,
  typeId: idSchema.nullable().optional(),
  categories: z.array(categoryValueInput).max(100, 'validation.error.maxItems').optional(),
  present: z.enum(['venue', 'online']).optional(),
  visible: z.boolean().optional(),
  /** The wizard's last step: marks the event profile filled (A4.43). */
  finished: z.literal(true).optional(),
});
export type UpdateEventProfileRequest = z.infer<typeof updateEventProfileRequest>;

export const participantTagRequest = z.strictObject({
  eventId: idSchema,
  participantId: idSchema,
  tag: z.enum(participantTags),
  on: z.boolean(),
});
export const participantDetailsQuery = z.strictObject({ eventId: idSchema });
export const participantIdParams = z.strictObject({ participantId: idSchema });
export const recommendationsQuery = z.strictObject({
  eventId: idSchema,
  limit: intSchema(1, 50).optional(),
});

/** One reason a person is recommended, with the words it quotes, so each client can phrase it. */
export const recommendationReasonSchema = z.union([
  z.object({ kind: z.literal('youSeek'), name: z.string(), seek: z.string(), offer: z.string() }),
  z.object({ kind: z.literal('theySeek'), name: z.string(), seek: z.string(), offer: z.string() }),
  z.object({ kind: z.literal('sharedWords'), words: z.array(z.string()) }),
  z.object({ kind: z.literal('sharedInterests'), names: z.array(z.string()) }),
]);
export type RecommendationReason = z.infer<typeof recommendationReasonSchema>;

export const recommendationSchema = z.object({
  participant: attendeeCardSchema,
  score: z.number(),
  /** Human-readable reasons, e.g. "You seek investors; Ana offers seed funding". */
  reasons: z.array(z.string()),
  /** The same reasons, structured (the web app words them in the user's language). */
  details: z.array(recommendationReasonSchema),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const wizardStepSchema = z.enum(['company', 'offerSeek', 'participantType', 'categories']);
export type WizardStep = z.infer<typeof wizardStepSchema>; // E2.74

/** E2.75: steps depend on whether the event has categories and participant types. */
export function wizardSteps(event: { hasCategories: boolean; hasParticipantTypes: boolean }): WizardStep[] {
  const steps: WizardStep[] = ['company', 'offerSeek'];
  if (event.hasParticipantTypes) steps.push('participantType');
  if (event.hasCategories) steps.push('categories');
  return steps;
}

/** E9.46: a point for each filled part; complete at 5 or more. */
export function profilePoints(p: {
  profilePhoto: string | null;
  jobTitle: string;
  company: string;
  offer: string;
  seek: string;
  biography: string;
  typeId: number | null;
  categoryCount: number;
}): number {
  const filled = [
    p.profilePhoto !== null && p.profilePhoto !== '',
    p.jobTitle.trim() !== '',
    p.company.trim() !== '',
    p.offer.trim() !== '',
    p.seek.trim() !== '',
    p.biography.trim() !== '',
    p.typeId !== null,
    p.categoryCount > 0,
  ];
  return filled.filter(Boolean).length;
}

export const isProfileComplete = (points: number) => points >= PROFILE_COMPLETE_POINTS;

export const wizardStateSchema = z.object({
  steps: z.array(wizardStepSchema),
  points: z.number(),
  complete: z.boolean(),
  participantTypes: z.array(participantTypeOptionSchema),
  categories: z.array(categoryQuestionSchema),
  profile: participantProfileSchema,
});
export type WizardState = z.infer<typeof wizardStateSchema>;

/** E5.07's sentence. */
export const tooManyOptionsMessage = (added: number, max: number) =>
  `You already added ${added} options. Unfortunately the system is not allow you to add more than ${max} options.`;
export const TYPE_REQUIRED_MESSAGE = 'Please select your participant type'; // E5.06

/**
 * E5.04, E5.07: checks the selection against the questions. Returns per-question message keys or
 * sentences; empty when valid.
 */
export function validateCategorySelection(
  questions: readonly CategoryQuestion[],
  values: readonly CategoryValueInput[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  const byId = new Map(questions.map((q) => [q.categoryId, q]));
  for (const value of values) {
    const q = byId.get(value.categoryId);
    if (!q) {
      errors[String(value.categoryId)] = 'validation.error.option';
      continue;
    }
    if (q.type === 'text') {
      if (value.selectedCategoryIds?.length) errors[String(q.categoryId)] = 'validation.error.type';
      continue;
    }
    // A choice question takes options, not text (a stored text would count as an answer).
    if (value.value !== undefined) {
      errors[String(q.categoryId)] = 'validation.error.type';
      continue;
    }
    const selected = [...new Set(value.selectedCategoryIds ?? [])];
    const allowed = new Set(q.subCategories.map((s) => s.categoryId));
    if (selected.some((id) => !allowed.has(id))) errors[String(q.categoryId)] = 'validation.error.option';
    else if (!q.isMulti && selected.length > 1) errors[String(q.categoryId)] = 'maxItemsLength';
    else if (q.maxSelectableOptionCount !== null && selected.length > q.maxSelectableOptionCount)
      errors[String(q.categoryId)] = tooManyOptionsMessage(selected.length, q.maxSelectableOptionCount);
  }
  for (const q of questions) {
    if (!q.required) continue;
    const v = values.find((x) => x.categoryId === q.categoryId);
    const empty = !v || (q.type === 'text' ? !v.value : !(v.selectedCategoryIds?.length ?? 0));
    if (empty && !errors[String(q.categoryId)]) errors[String(q.categoryId)] = 'validation.error.required';
  }
  return errors;
}

export const inviteRuleInputSchema = z.object({
  me: z.object({
    id: z.number(),
    boothId: z.number().nullable(),
    organizer: z.boolean(),
    typeId: z.number().nullable(),
  }),
  target: z.object({
    id: z.number(),
    boothId: z.number().nullable(),
    typeId: z.number().nullable(),
    state: z.string().optional(),
  }),
  restricted: z.boolean(),
  /** The caller's type's invitationRights: the type ids they may invite; null means anyone. */
  invitationRights: z.array(z.number()).nullable(),
});
export type InviteRuleInput = z.infer<typeof inviteRuleInputSchema>;
