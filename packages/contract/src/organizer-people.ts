import { z } from 'zod';
import { emailSchema, idSchema, intSchema, optionalText, requiredText } from './common';
import { presenceValues } from './shell';

/**
 * The organizer console's people area (issue 12, part 3): the participant list, editing, bulk
 * actions, CSV export, and invitations (E5.60–E5.62, E7.29, E7.66, E7.67, E8.43, E8.44).
 */

export const peopleStates = ['active', 'inactive', 'invited', 'deleted'] as const;
export const peopleSorts = ['name', 'created', 'company'] as const;
export const PEOPLE_PAGE_SIZE = 50;

const flag = z.enum(['true', 'false'], { error: 'validation.error.option' });

/** GET /organizer/event/:eventId/participants */
export const peopleListQuery = z.strictObject({
  search: z.string().trim().max(200, 'validation.error.maxLength').optional(),
  typeId: idSchema.optional(),
  state: z.enum(peopleStates, { error: 'validation.error.option' }).optional(),
  organizer: flag.optional(),
  checkedIn: flag.optional(),
  sort: z.enum(peopleSorts, { error: 'validation.error.option' }).default('name'),
  page: intSchema(1, 100_000).default(1),
});
export type PeopleListQuery = z.input<typeof peopleListQuery>;

export const peopleExportFormats = ['csv', 'xlsx'] as const;
/** The content type of an Excel workbook. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** GET …/participants/export: the same filters, every page, as CSV (the default) or XLSX. */
export const peopleExportQuery = peopleListQuery.omit({ page: true }).extend({
  format: z.enum(peopleExportFormats, { error: 'validation.error.option' }).default('csv'),
});

export const consoleParticipantSchema = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  company: z.string(),
  jobTitle: z.string(),
  phone: z.string(),
  typeId: z.number().nullable(),
  categoryIds: z.array(z.number()),
  state: z.enum(peopleStates),
  organizerRole: z.enum(['owner', 'admin']).nullable(),
  checkInAdmin: z.boolean(),
  present: z.enum(presenceValues).nullable(),
  checkedIn: z.boolean(),
  invitedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ConsoleParticipant = z.infer<typeof consoleParticipantSchema>;

export const peoplePageSchema = z.object({
  items: z.array(consoleParticipantSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type PeoplePage = z.infer<typeof peoplePageSchema>;

export const consoleParticipantParams = z.strictObject({ eventId: idSchema, participantId: idSchema });

/** GET event/participant/adminDetails (E7.31): one participant as the organizers see them. */
export const participantAdminDetailsQuery = z.strictObject({ id: idSchema, eventId: idSchema });

/** PUT …/participants/:participantId: any subset; organizer roles are the owner's to change. */
export const updateConsoleParticipantRequest = z.strictObject({
  name: requiredText(100).optional(),
  surname: requiredText(100).optional(),
  company: optionalText(200),
  jobTitle: optionalText(200),
  phone: optionalText(40),
  typeId: idSchema.nullable().optional(),
  categoryIds: z.array(idSchema).max(100).optional(),
  organizerRole: z.enum(['owner', 'admin', 'none'], { error: 'validation.error.option' }).optional(),
  checkInAdmin: z.boolean().optional(),
});
export type UpdateConsoleParticipantRequest = z.input<typeof updateConsoleParticipantRequest>;

export const peopleBulkActions = ['setType', 'resendInvitation', 'remove'] as const;
/** POST …/participants/bulk: one action on many people, in one transaction. */
export const peopleBulkRequest = z
  .strictObject({
    ids: z.array(idSchema).min(1, 'validation.error.required').max(1000),
    action: z.enum(peopleBulkActions, { error: 'validation.error.option' }),
    typeId: idSchema.optional(),
  })
  .refine((v) => v.action !== 'setType' || v.typeId !== undefined, {
    message: 'validation.error.required',
    path: ['typeId'],
  });
export type PeopleBulkRequest = z.input<typeof peopleBulkRequest>;
export const peopleBulkResultSchema = z.object({ affected: z.number() });

/**
 * POST /event/participant/invite (E7.66, E7.67): name, surname and e-mail required (E5.62); hybrid
 * events also need `present` (E5.61, checked by the server against the event); phone optional.
 */
export const inviteParticipantRequest = z.strictObject({
  eventId: idSchema,
  name: requiredText(100),
  surname: requiredText(100),
  email: emailSchema,
  present: z.enum(presenceValues, { error: 'validation.error.option' }).optional(),
  phone: optionalText(40),
  typeId: idSchema.optional(),
  categories: z.array(idSchema).max(100, 'validation.error.maxItems').optional(),
});
export type InviteParticipantRequest = z.input<typeof inviteParticipantRequest>;

export const inviteResultSchema = z.object({
  participantId: z.number(),
  /** False when the e-mail was already invited: the same record got a fresh link. */
  created: z.boolean(),
});

/**
 * One person an organizer adds directly (E7.29): no account, state invited, no mail unless asked.
 * Names may wait for the registration (a bulk invite by e-mail has none).
 */
export const newParticipantSchema = z.strictObject({
  name: optionalText(100),
  surname: optionalText(100),
  email: emailSchema,
  phone: optionalText(40),
  company: optionalText(200),
  jobTitle: optionalText(200),
  typeId: idSchema.optional(),
  categories: z.array(idSchema).max(100, 'validation.error.maxItems').optional(),
  present: z.enum(presenceValues, { error: 'validation.error.option' }).optional(),
});

/** POST /event/participant (E7.29) */
export const addParticipantsRequest = z.strictObject({
  eventId: idSchema,
  participants: z
    .array(newParticipantSchema)
    .min(1, 'validation.error.required')
    .max(500, 'validation.error.maxItems'),
  sendInvitation: z.boolean().default(false),
});
export type AddParticipantsRequest = z.input<typeof addParticipantsRequest>;
export const addParticipantsResultSchema = z.object({
  created: z.number(),
  existing: z.number(),
  participantIds: z.array(z.number()),
});

/** The personal link's token (opaque, url-safe). */
export const invitationTokenSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'organizer.people.error.invitation');
export const invitationParams = z.strictObject({ token: invitationTokenSchema });

/** GET /event/invitation/:token (public): what the registration page pre-fills. */
export const eventInvitationSchema = z.object({
  eventId: z.number(),
  eventName: z.string(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  /** An account already uses this e-mail: log in, then accept. */
  hasAccount: z.boolean(),
});
export type EventInvitation = z.infer<typeof eventInvitationSchema>;

/** POST /event/invitation/accept: the logged-in caller takes the invitation. */
export const acceptInvitationRequest = z.strictObject({ token: invitationTokenSchema });
export const acceptInvitationResultSchema = z.object({ eventId: z.number(), participantId: z.number() });

/** Bulk invite in the console: one e-mail a line; the web reports each bad line. */
export function parseEmailLines(text: string): {
  emails: string[];
  errors: { line: number; value: string }[];
} {
  const emails: string[] = [];
  const errors: { line: number; value: string }[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const value = raw.trim();
    if (value === '') return;
    const parsed = emailSchema.safeParse(value);
    if (parsed.success) {
      if (!emails.includes(parsed.data)) emails.push(parsed.data);
    } else errors.push({ line: index + 1, value });
  });
  return { emails, errors };
}
