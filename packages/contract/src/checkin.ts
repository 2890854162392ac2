import { z } from 'zod';
import { idSchema } from './common';
import { ErrorCode } from './errors';

/**
 * Staff check-in at the door and badge printing (E2.54, E2.67, E3.34, E4.65, E4.70, E5.52–E5.57,
 * E7.04, E8.01–E8.23). An "area" is the whole event (entityType 'event') or a location or a
 * session with its own capacity.
 */

export const checkInEntityTypes = ['event', 'location', 'session'] as const;
export const checkInEntityTypeSchema = z.enum(checkInEntityTypes);
export type CheckInEntityType = z.infer<typeof checkInEntityTypeSchema>;

/** E4.65 */
export const checkInOutcomes = [
  'checkedIn',
  'checkedOut',
  'alreadyCheckedIn',
  'alreadyCheckedOut',
  'fullyOccupied',
  'wrongTicketType',
] as const;
export const checkInOutcomeSchema = z.enum(checkInOutcomes);
export type CheckInOutcome = z.infer<typeof checkInOutcomeSchema>;

/** E8.01–E8.04: the server code each refused outcome carries in errorMessage. */
export const checkInOutcomeCode: Partial<Record<CheckInOutcome, string>> = {
  alreadyCheckedIn: ErrorCode.AlreadyCheckedIn,
  alreadyCheckedOut: ErrorCode.AlreadyCheckedOut,
  fullyOccupied: ErrorCode.FullyOccupied,
  wrongTicketType: ErrorCode.WrongTicketType,
};

/** Outcomes that are a success toast (E8.12, E8.13); the others warn (E8.08–E8.11). */
export function isCheckInSuccess(outcome: CheckInOutcome): boolean {
  return outcome === 'checkedIn' || outcome === 'checkedOut';
}

/** E4.70 (print button): a badge may be printed once the person is in. */
export function canPrintBadge(outcome: CheckInOutcome | null): boolean {
  return outcome === 'checkedIn' || outcome === 'alreadyCheckedIn';
}

const ticketIdSchema = z
  .string()
  .trim()
  .min(1, 'checkIn.error.ticketNotFound')
  .max(100, 'checkIn.error.ticketNotFound')
  .regex(/^[\w-]+$/, 'checkIn.container.scan.data.error');

/** E3.35: individual (scan, look, then act) or fast (every scan acts at once, toggling in/out). */
export const scanTypes = ['individual', 'fast'] as const;
export type ScanType = (typeof scanTypes)[number];
/** E3.35: the camera or a handheld scanner that types the code. */
export const scanMethods = ['camera', 'handheldScanner'] as const;
export type ScanMethod = (typeof scanMethods)[number];

const deviceIdSchema = z
  .string()
  .trim()
  .min(8, 'validation.error.type')
  .max(64, 'validation.error.type')
  .regex(/^[\w-]+$/, 'validation.error.type');
const deviceLabelSchema = z.string().trim().max(60, 'validation.error.maxLength');

/** A scan's one-time id on its device (8–64 letters, digits, `_`, `-`): its idempotency key with the device id. */
export const nonceSchema = z
  .string()
  .trim()
  .min(8, 'validation.error.type')
  .max(64, 'validation.error.type')
  .regex(/^[\w-]+$/, 'validation.error.type');

/** E3.34 / E7.04: ticketId or participantId; entityId is needed for a location or a session. */
export const checkInRequest = z
  .strictObject({
    eventId: idSchema,
    entityType: z.enum(checkInEntityTypes).default('event'),
    entityId: idSchema.optional(),
    checkIn: z.boolean(),
    ticketId: ticketIdSchema.optional(),
    participantId: idSchema.optional(),
    printer: z.string().trim().max(200).optional(),
    printerLabel: z.string().trim().max(200).optional(),
    /** E4.71 fast scan: check in when out, out when in (`checkIn` is then ignored). */
    toggle: z.boolean().optional(),
    /** E3.35: how the code was read (kept with the check-in, for the door report). */
    scanType: z.enum(scanTypes).optional(),
    scanMethod: z.enum(scanMethods).optional(),
    /** The scanning device: a stable id and the label staff gave it ("Gate B"). */
    deviceId: deviceIdSchema.optional(),
    deviceLabel: deviceLabelSchema.optional(),
    /**
     * E4.77: the command's id, chosen by the device (its offline queue's nonce). With it the scan is
     * applied once per (device, id): a resend after a lost answer, or the same scan synced later
     * from the offline queue, gets the first answer back instead of a second change.
     */
    commandId: nonceSchema.optional(),
  })
  .refine((r) => r.ticketId !== undefined || r.participantId !== undefined, {
    message: 'checkIn.error.noTicketId',
    path: ['ticketId'],
  })
  .refine((r) => r.entityType === 'event' || r.entityId !== undefined, {
    message: 'validation.error.required',
    path: ['entityId'],
  });
export type CheckInRequest = z.output<typeof checkInRequest>;

/** The person a scan found, as the result card and the badge show them. */
export const checkInPersonSchema = z.object({
  participantId: z.number(),
  ticketId: z.string().nullable(),
  fullName: z.string(),
  company: z.string(),
  jobTitle: z.string(),
  participantType: z.string().nullable(),
  /** Profile photo URL, for the result panel (null: initials). */
  photo: z.string().nullable(),
});
export type CheckInPerson = z.infer<typeof checkInPersonSchema>;

/** E3.32: the id of the whole event's area. */
export const ALL_EVENT_AREA_ID = 'allEvent';
/** E3.33: the whole event's area is called this until the organizers name it. */
export const DEFAULT_EVENT_AREA_NAME = 'Venue entrance';

/** An area's id: `allEvent` for the whole event (E3.32), else `location:12` or `session:34`. */
export function checkInAreaId(entityType: CheckInEntityType, entityId: number | null): string {
  return entityType === 'event' ? ALL_EVENT_AREA_ID : `${entityType}:${entityId ?? 0}`;
}

/** A check-in area with its live occupancy (E3.31, E3.34, E5.54: allowedPart empty = everyone). */
export const checkInAreaSchema = z.object({
  id: z.string(),
  eventId: z.number(),
  entityType: checkInEntityTypeSchema,
  entityId: z.number().nullable(),
  name: z.string(),
  capacity: z.number().nullable(),
  capacityUsed: z.number(),
  allowedPart: z.array(z.number()),
});
export type CheckInArea = z.infer<typeof checkInAreaSchema>;

export const checkInResultSchema = z.object({
  outcome: checkInOutcomeSchema,
  /** E8.01–E8.04: MST code for a refused outcome, else null. */
  errorMessage: z.string().nullable(),
  person: checkInPersonSchema,
  area: checkInAreaSchema,
  badgePrinted: z.boolean(),
  /**
   * alreadyCheckedIn / alreadyCheckedOut: when that happened and where ("already checked in at
   * 10:42 by Gate B"): the device label, else the staff member's name. Null for other outcomes.
   */
  previous: z.object({ at: z.string(), by: z.string().nullable() }).nullable(),
});
export type CheckInResult = z.infer<typeof checkInResultSchema>;

export const checkInAreasQuery = z.strictObject({ eventId: idSchema });

export const checkInOverviewSchema = z.object({
  areas: z.array(checkInAreaSchema),
});
export type CheckInOverview = z.infer<typeof checkInOverviewSchema>;

/** Who is inside an area now, newest first (the staff screen's list). */
export const checkInListQuery = z.strictObject({
  eventId: idSchema,
  entityType: z.enum(checkInEntityTypes).default('event'),
  entityId: idSchema.optional(),
});

export const CHECK_IN_LIST_LENGTH = 20;

export const checkInListItemSchema = checkInPersonSchema.extend({
  checkedInAt: z.string(),
});
export type CheckInListItem = z.infer<typeof checkInListItemSchema>;

export const checkInListSchema = z.object({
  items: z.array(checkInListItemSchema),
  /** Everyone inside (the list shows the newest CHECK_IN_LIST_LENGTH). */
  total: z.number(),
});
export type CheckInList = z.infer<typeof checkInListSchema>;

/**
 * GET event/participant/checkIn/gates (staff only; the list's query): an area's people by the door
 * (the device's label, "Gate B") of their last change: inside now, and gone out. `gate` null: a
 * change made without a device label (a profile, the desk, the API).
 */
export const checkInGateSchema = z.object({
  gate: z.string().nullable(),
  inside: z.number(),
  left: z.number(),
});
export type CheckInGate = z.infer<typeof checkInGateSchema>;
export const checkInGatesSchema = z.object({ gates: z.array(checkInGateSchema) });
export type CheckInGates = z.infer<typeof checkInGatesSchema>;

export const badgeQuery = z.strictObject({
  eventId: idSchema,
  ticketId: ticketIdSchema.optional(),
  participantId: idSchema.optional(),
});

export const badgeSchema = z.object({
  person: checkInPersonSchema.extend(
    z.object({ firstName: z.string(), lastName: z.string(), city: z.string() }).shape,
  ),
  eventName: z.string(),
  /** E8.16: printed before (null = never). */
  printedAt: z.string().nullable(),
});
export type Badge = z.infer<typeof badgeSchema>;

export const badgePrintedRequest = z.strictObject({
  eventId: idSchema,
  participantId: idSchema,
  /** Print even if it was printed before (printBadgeForced). */
  force: z.boolean().default(false),
});

export const badgePrintResultSchema = z.object({
  /** false: it had been printed before and force was not set (E8.16). */
  printed: z.boolean(),
  printedAt: z.string(),
});
export type BadgePrintResult = z.infer<typeof badgePrintResultSchema>;

/** The text a badge QR code carries: a link with a tickets/{ticketId} segment (E5.52). */
export function badgeCode(origin: string, ticketId: string): string {
  return `${origin.replace(/\/$/, '')}/tickets/${encodeURIComponent(ticketId)}`;
}

/** Desk lookup by name, e-mail or ticket id (staff only): at most CHECK_IN_LOOKUP_LENGTH people. */
export const checkInLookupQuery = z.strictObject({
  eventId: idSchema,
  q: z.string().trim().min(2, 'validation.error.required').max(100, 'validation.error.maxLength'),
});
export const CHECK_IN_LOOKUP_LENGTH = 10;

export const checkInLookupItemSchema = checkInPersonSchema.extend({
  email: z.string(),
  /** Inside the whole event now. */
  checkedIn: z.boolean(),
  checkedInAt: z.string().nullable(),
});
export type CheckInLookupItem = z.infer<typeof checkInLookupItemSchema>;
export const checkInLookupSchema = z.object({ items: z.array(checkInLookupItemSchema) });
export type CheckInLookup = z.infer<typeof checkInLookupSchema>;
