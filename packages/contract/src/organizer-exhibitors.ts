import { z } from 'zod';
import { boothRoleNameSchema } from './booths';
import { checkInEntityTypeSchema } from './checkin';
import { emailSchema, idSchema, intSchema, isoDateTimeSchema, optionalText, requiredText } from './common';
import { consoleEventParams } from './organizer';
import { websiteHref } from './participants';

/**
 * The organizer console's exhibitors and door set-up (issue 12, parts 5 and 6): booths with their
 * owner and team, booth categories, check-in areas with capacity and allowed participant types,
 * and the check-in staff.
 */

// ---- booths ---------------------------------------------------------------------------------------

/** The booth types the console offers (the expo groups sponsors, partners and exhibitors, A2.67). */
export const consoleBoothTypes = ['sponsor', 'partner', 'exhibitor'] as const;
export const consoleBoothTypeSchema = z.enum(consoleBoothTypes, { error: 'validation.error.option' });
export type ConsoleBoothType = z.infer<typeof consoleBoothTypeSchema>;

/**
 * A booth's website: an http(s) address with its scheme written, or empty to clear it. The address
 * is the one attendees open (websiteHref's rule): no user or password in it, a host with a dot.
 */
export const boothWebsiteSchema = z
  .string()
  .trim()
  .max(300, 'validation.error.maxLength')
  .refine(
    (value) => value === '' || (/^https?:\/\//i.test(value) && websiteHref(value) === value),
    'organizer.exhibitors.error.website',
  );

const boothFields = {
  name: requiredText(200),
  boothType: consoleBoothTypeSchema,
  description: optionalText(10_000),
  website: boothWebsiteSchema.nullable().optional(),
  location: optionalText(300).nullable(),
  /** Booth categories (categories of kind 'booth') of the event. */
  categoryIds: z.array(idSchema).max(100, 'validation.error.maxItems').optional(),
  /** Higher first in the expo (E3.20). */
  rate: intSchema(0, 1000).optional(),
};

/** POST /organizer/event/:eventId/booths. */
export const createConsoleBoothRequest = z.strictObject(boothFields);
export type CreateConsoleBoothRequest = z.input<typeof createConsoleBoothRequest>;

/** PUT /organizer/event/:eventId/booths/:boothId: any subset of the fields. */
export const updateConsoleBoothRequest = z.strictObject({
  ...boothFields,
  name: requiredText(200).optional(),
  boothType: consoleBoothTypeSchema.optional(),
});
export type UpdateConsoleBoothRequest = z.input<typeof updateConsoleBoothRequest>;

export const consoleBoothParams = consoleEventParams.extend({ boothId: idSchema });
export const consoleBoothMemberParams = consoleBoothParams.extend({ participantId: idSchema });

/** A participant of the event, named by id or by the e-mail they registered with. */
const personRefShape = {
  participantId: idSchema.optional(),
  email: emailSchema.optional(),
};
const namesOnePerson = (value: { participantId?: number | undefined; email?: string | undefined }) =>
  value.participantId !== undefined || value.email !== undefined;
const onePersonError = { message: 'organizer.exhibitors.error.person', path: ['participantId'] };

/** PUT /organizer/event/:eventId/booths/:boothId/owner. */
export const assignBoothOwnerRequest = z.strictObject(personRefShape).refine(namesOnePerson, onePersonError);
export type AssignBoothOwnerRequest = z.input<typeof assignBoothOwnerRequest>;

/** POST /organizer/event/:eventId/booths/:boothId/members: adds, moves from another booth or re-roles. */
export const addBoothMemberRequest = z
  .strictObject({ ...personRefShape, role: z.enum(['admin', 'user'], { error: 'validation.error.option' }) })
  .refine(namesOnePerson, onePersonError);
export type AddBoothMemberRequest = z.input<typeof addBoothMemberRequest>;

/** One person of a booth's team as the console lists them. */
export const consoleBoothMemberSchema = z.object({
  participantId: z.number(),
  fullName: z.string(),
  email: z.string(),
  company: z.string(),
  role: boothRoleNameSchema,
});
export type ConsoleBoothMember = z.infer<typeof consoleBoothMemberSchema>;

export const consoleBoothSchema = z.object({
  id: z.number(),
  name: z.string(),
  boothType: z.string(),
  description: z.string(),
  website: z.string().nullable(),
  location: z.string().nullable(),
  categoryIds: z.array(z.number()),
  rate: z.number(),
  logo: z.string().nullable(),
  /** The owner's participant id, or null for a booth without one yet. */
  ownerParticipantId: z.number().nullable(),
  /** Owner first, then admins, users and unanswered invitations. */
  members: z.array(consoleBoothMemberSchema),
  updatedAt: z.string(),
});
export type ConsoleBooth = z.infer<typeof consoleBoothSchema>;

export const removedSchema = z.object({ removed: z.number() });

// ---- booth categories -----------------------------------------------------------------------------

export const consoleBoothCategoryParams = consoleEventParams.extend({ categoryId: idSchema });

/** POST …/booth-categories: a category, or an option under a top-level one (parentId). */
export const createBoothCategoryRequest = z.strictObject({
  name: requiredText(100),
  parentId: idSchema.nullable().optional(),
});
export const updateBoothCategoryRequest = z.strictObject({ name: requiredText(100) });

export const consoleBoothCategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  parentId: z.number().nullable(),
  /** Booths that carry it. */
  boothCount: z.number(),
});
export type ConsoleBoothCategory = z.infer<typeof consoleBoothCategorySchema>;

// ---- people picker --------------------------------------------------------------------------------

export const consolePeopleQuery = z.strictObject({
  query: z.string().trim().max(200, 'validation.error.maxLength').optional(),
});

/** A participant of the event offered as booth owner, team member or check-in staff. */
export const consolePersonSchema = z.object({
  participantId: z.number(),
  fullName: z.string(),
  email: z.string(),
  company: z.string(),
  boothId: z.number().nullable(),
  boothRole: boothRoleNameSchema.nullable(),
  organizer: z.boolean(),
  checkInAdmin: z.boolean(),
});
export type ConsolePerson = z.infer<typeof consolePersonSchema>;

/** How many people the picker offers at once. */
export const CONSOLE_PEOPLE_LIMIT = 20;

// ---- door: check-in areas and staff ---------------------------------------------------------------

export const MAX_AREA_CAPACITY = 1_000_000;

const areaRules = {
  name: optionalText(100).nullable(),
  /** Overrides the room's or session's own capacity; null keeps it. */
  capacity: intSchema(0, MAX_AREA_CAPACITY).nullable().optional(),
  /** Participant types let in (E5.54); empty lets everyone in. */
  allowedTypeIds: z.array(idSchema).max(100, 'validation.error.maxItems').optional(),
};

/** E5.54, E5.57: the whole event admits everyone and is never full. */
const eventWideHasNoRules = (value: {
  entityType?: string;
  capacity?: number | null | undefined;
  allowedTypeIds?: number[] | undefined;
}) => value.entityType !== 'event' || ((value.capacity ?? null) === null && !value.allowedTypeIds?.length);

/** POST /organizer/event/:eventId/door/areas: the whole event, a room (location) or a session. */
export const createCheckInAreaRequest = z
  .strictObject({
    entityType: checkInEntityTypeSchema,
    entityId: idSchema.optional(),
    ...areaRules,
  })
  .refine((value) => value.entityType === 'event' || value.entityId !== undefined, {
    message: 'validation.error.required',
    path: ['entityId'],
  })
  .refine(eventWideHasNoRules, { message: 'organizer.door.error.eventWide', path: ['capacity'] });
export type CreateCheckInAreaRequest = z.input<typeof createCheckInAreaRequest>;

/** Message key of a save refused because another organizer changed the area since it was read. */
export const AREA_STALE = 'organizer.door.error.stale';

/**
 * PUT /organizer/event/:eventId/door/areas/:areaId. `updatedAt` is the area's `updatedAt` as the
 * editor read it: when the set-up changed since (another organizer saved it), the save is a 409
 * (AREA_STALE on updatedAt) and changes nothing. It stays optional on purpose: the route is in the
 * public API (OpenAPI, API keys), and a console tab loaded before this field existed keeps saving
 * after a deploy. Without it the save is last-write-wins, as it always was; the console sends it.
 */
export const updateCheckInAreaRequest = z.strictObject({
  ...areaRules,
  updatedAt: isoDateTimeSchema.optional(),
});
export type UpdateCheckInAreaRequest = z.input<typeof updateCheckInAreaRequest>;

export const consoleAreaParams = consoleEventParams.extend({ areaId: idSchema });

/** A check-in area the organizer set up, with what the door enforces and its live occupancy. */
export const consoleCheckInAreaSchema = z.object({
  id: z.number(),
  entityType: checkInEntityTypeSchema,
  entityId: z.number().nullable(),
  /** The organizer's name for it, or null to use the room's or session's. */
  customName: z.string().nullable(),
  /** The name the door shows. */
  name: z.string(),
  /** The organizer's capacity, or null to use the room's or session's own. */
  capacity: z.number().nullable(),
  /** The capacity the door enforces (null: unlimited). */
  effectiveCapacity: z.number().nullable(),
  allowedTypeIds: z.array(z.number()),
  /** People inside now. */
  capacityUsed: z.number(),
  /** When the set-up last changed (ISO 8601, to the millisecond): send it back with a change. */
  updatedAt: z.string(),
});
export type ConsoleCheckInArea = z.infer<typeof consoleCheckInAreaSchema>;

/** What an area may be set up on: the event's rooms and top-level sessions. */
export const consoleDoorSchema = z.object({
  areas: z.array(consoleCheckInAreaSchema),
  targets: z.array(
    z.object({ entityType: checkInEntityTypeSchema, entityId: z.number().nullable(), name: z.string() }),
  ),
});
export type ConsoleDoor = z.infer<typeof consoleDoorSchema>;

/** POST /organizer/event/:eventId/door/staff. */
export const assignCheckInStaffRequest = z
  .strictObject(personRefShape)
  .refine(namesOnePerson, onePersonError);
export type AssignCheckInStaffRequest = z.input<typeof assignCheckInStaffRequest>;
export const consoleStaffParams = consoleEventParams.extend({ participantId: idSchema });

export const consoleStaffSchema = z.object({
  participantId: z.number(),
  fullName: z.string(),
  email: z.string(),
  organizer: z.boolean(),
});
export type ConsoleStaff = z.infer<typeof consoleStaffSchema>;
