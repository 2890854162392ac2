import { z } from 'zod';
import { idSchema, intSchema, optionalText, requiredText } from './common';
import { perLanguage } from './locale';

/** E3.05 texts per language: the type's name in each app language the organizer fills in. */
export const typeTextsSchema = perLanguage(z.string().trim().max(100, 'validation.error.maxLength'));
export type TypeTexts = z.infer<typeof typeTextsSchema>;

/**
 * Participant types with their rights and limits (E3.05, E6.15) and the event's categories, as the
 * organizer console edits them (issue 12, part 1).
 */

export const typeParams = z.strictObject({ eventId: idSchema, typeId: idSchema });
export const categoryParams = z.strictObject({ eventId: idSchema, categoryId: idSchema });

export const participantTypeInput = z.strictObject({
  name: requiredText(100),
  ticketType: optionalText(100),
  priority: intSchema(0, 1000).default(1),
  /** Null: no limit (E4 "meeting limit exceeded (N)"). */
  maxMeetingCount: intSchema(0, 10_000).nullable().default(null),
  /** E6.15: the types this type may invite in a restricted event; null: any. */
  invitationRights: z.array(idSchema).max(100).nullable().default(null),
  disableGuest: z.boolean().default(false),
  /** E3.05 participantTypeAtRegistration: offered on the registration form. */
  atRegistration: z.boolean().default(false),
  /** E6.36: participants of this type may change their type themselves. */
  allowedToModify: z.boolean().default(false),
  texts: typeTextsSchema.default({}),
});
export type ParticipantTypeInput = z.input<typeof participantTypeInput>;

/** DELETE …/types/:typeId?moveTo=: the type's participants move to another type first. */
export const deleteTypeQuery = z.strictObject({ moveTo: idSchema.optional() });

export const consoleParticipantTypeSchema = z.object({
  id: z.number(),
  name: z.string(),
  ticketType: z.string().nullable(),
  priority: z.number(),
  maxMeetingCount: z.number().nullable(),
  invitationRights: z.array(z.number()).nullable(),
  disableGuest: z.boolean(),
  atRegistration: z.boolean(),
  allowedToModify: z.boolean(),
  participantCount: z.number(),
  texts: typeTextsSchema,
});
export type ConsoleParticipantType = z.infer<typeof consoleParticipantTypeSchema>;

export const categoryKinds = ['participant', 'booth'] as const;

/** A category group and its options, saved as a whole (options without an id are new). */
export const categoryGroupInput = z.strictObject({
  name: requiredText(100),
  kind: z.enum(categoryKinds).default('participant'),
  type: z.enum(['select', 'text']).default('select'),
  isMulti: z.boolean().default(false),
  maxSelectable: intSchema(1, 100).nullable().default(null),
  required: z.boolean().default(false),
  isPrivate: z.boolean().default(false),
  options: z
    .array(z.strictObject({ id: idSchema.optional(), name: requiredText(100) }))
    .max(200)
    .default([]),
});
export type CategoryGroupInput = z.input<typeof categoryGroupInput>;

export const consoleCategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(categoryKinds),
  type: z.enum(['select', 'text']),
  isMulti: z.boolean(),
  maxSelectable: z.number().nullable(),
  required: z.boolean(),
  isPrivate: z.boolean(),
  options: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type ConsoleCategory = z.infer<typeof consoleCategorySchema>;

export const typesAndCategoriesSchema = z.object({
  types: z.array(consoleParticipantTypeSchema),
  categories: z.array(consoleCategorySchema),
});
export type TypesAndCategories = z.infer<typeof typesAndCategoriesSchema>;

/** Two options of one group may not share a name (case-insensitive). */
export function duplicateOptionName(options: readonly { name: string }[]): string | null {
  const seen = new Set<string>();
  for (const option of options) {
    const key = option.name.trim().toLocaleLowerCase();
    if (seen.has(key)) return option.name;
    seen.add(key);
  }
  return null;
}
