import { z } from 'zod';
import {
  type CheckInEntityType,
  checkInAreaSchema,
  checkInEntityTypes,
  checkInPersonSchema,
  checkInRequest,
  checkInResultSchema,
  nonceSchema,
  scanMethods,
} from './checkin';
import { idSchema, intSchema, isoDateTimeSchema } from './common';

/**
 * The door when the network is away, and the live door (issue 14, parts 4 and 5; E7.73):
 * - a snapshot of the event's tickets the check-in screen keeps on the device (IndexedDB);
 * - scans taken offline, queued on the device and settled by the server on reconnect
 *   (docs/decisions/019-offline-check-in.md: idempotent per device and nonce, first to sync wins);
 * - the staff-only realtime room that pushes each area's occupancy and who went in or out.
 */

/** The key of an area on the device and in the snapshot: `event:0`, `location:12`, `session:7`. */
export function checkInAreaKey(entityType: CheckInEntityType, entityId: number | null | undefined): string {
  return `${entityType}:${entityType === 'event' ? 0 : (entityId ?? 0)}`;
}

// ---------------------------------------------------------------------------------------------
// Snapshot: GET /event/participant/checkIn/snapshot (staff only), paged by participant id.

/** Tickets per snapshot page (50,000 attendees: ten pages). */
export const CHECK_IN_SNAPSHOT_PAGE = 5000;

export const checkInSnapshotQuery = z.strictObject({
  eventId: idSchema,
  /** The page after this participant id (the previous page's `next`); absent: the first page. */
  after: intSchema(0, 2_147_483_647).optional(),
});

/** One ticket as the device keeps it: enough to show the person and guess the outcome offline. */
export const checkInSnapshotTicketSchema = z.object({
  participantId: z.number(),
  ticketId: z.string(),
  fullName: z.string(),
  company: z.string(),
  jobTitle: z.string(),
  typeId: z.number().nullable(),
  photo: z.string().nullable(),
  /** The areas the person is inside now (`checkInAreaKey`). */
  inside: z.array(z.string()),
});
export type CheckInSnapshotTicket = z.infer<typeof checkInSnapshotTicketSchema>;

export const checkInSnapshotSchema = z.object({
  tickets: z.array(checkInSnapshotTicketSchema),
  /** The event's participant types (names for `typeId`), on the first page (empty on the others). */
  types: z.array(z.object({ id: z.number(), name: z.string() })),
  /** The `after` of the next page; null on the last page. */
  next: z.number().nullable(),
  /** When the server read this page (ISO). */
  at: z.string(),
});
export type CheckInSnapshot = z.infer<typeof checkInSnapshotSchema>;

// ---------------------------------------------------------------------------------------------
// Sync: POST /event/participant/checkIn/sync (staff only).

/** Scans per sync request; a device with more sends several requests. */
export const CHECK_IN_SYNC_MAX_SCANS = 200;

const shape = checkInRequest.shape;

/** One scan taken offline. `checkIn` is the direction the device applied; `toggle` alone lets the server decide. */
export const checkInSyncScanSchema = z
  .strictObject({
    nonce: nonceSchema,
    ticketId: shape.ticketId.unwrap(),
    checkIn: z.boolean().optional(),
    toggle: z.boolean().optional(),
    entityType: z.enum(checkInEntityTypes).default('event'),
    entityId: idSchema.optional(),
    scannedAt: isoDateTimeSchema,
    scanMethod: z.enum(scanMethods).optional(),
  })
  .refine((s) => s.checkIn !== undefined || s.toggle === true, {
    message: 'validation.error.required',
    path: ['checkIn'],
  })
  .refine((s) => s.entityType === 'event' || s.entityId !== undefined, {
    message: 'validation.error.required',
    path: ['entityId'],
  });
export type CheckInSyncScan = z.output<typeof checkInSyncScanSchema>;

export const checkInSyncRequest = z.strictObject({
  eventId: idSchema,
  deviceId: shape.deviceId.unwrap(),
  deviceLabel: shape.deviceLabel,
  /**
   * The device's clock when it sent the request. A device whose clock is off by more than a minute
   * has its scans' times moved by the difference (scannedAt − deviceNow + the server's now).
   */
  deviceNow: isoDateTimeSchema.optional(),
  scans: z
    .array(checkInSyncScanSchema)
    .min(1, 'validation.error.required')
    .max(CHECK_IN_SYNC_MAX_SCANS, 'validation.error.maxItems'),
});
export type CheckInSyncRequest = z.output<typeof checkInSyncRequest>;

/**
 * What became of one scan. `done`: the server's answer (a conflict is `alreadyCheckedIn` /
 * `alreadyCheckedOut` with `previous`: when and by which device or person). `failed`: the scan
 * cannot be applied (ticket not found, area gone): `error` as an API error would carry it.
 * A resend of the same device and nonce answers what was stored the first time.
 */
export const checkInSyncItemSchema = z.discriminatedUnion('status', [
  z.object({ nonce: z.string(), status: z.literal('done'), result: checkInResultSchema }),
  z.object({
    nonce: z.string(),
    status: z.literal('failed'),
    error: z.object({ code: z.string(), msg: z.string() }),
  }),
]);
export type CheckInSyncItem = z.infer<typeof checkInSyncItemSchema>;

export const checkInSyncResultSchema = z.object({ results: z.array(checkInSyncItemSchema) });
export type CheckInSyncResult = z.infer<typeof checkInSyncResultSchema>;

// ---------------------------------------------------------------------------------------------
// Commands: POST /event/participant/checkIn asked to answer later (E4.77–E4.79, E7.88).

/**
 * The request header that asks for the asynchronous form (RFC 7240): the server answers 202 with
 * the command at once and applies the scan after; its result comes as a `checkIn.command` record
 * on the caller's own room (userRooms/{userId}), and from GET /event/participant/checkIn/command.
 */
export const CHECK_IN_RESPOND_ASYNC = 'respond-async';

/**
 * A check-in command and what became of it. Not executed yet: `result` and `error` are null.
 * Executed: exactly one of them is set: the scan's answer, or why it could not be applied (as an
 * API error carries it: `code` and `msg`).
 */
export const checkInCommandSchema = z.object({
  commandId: z.string(),
  executed: z.boolean(),
  result: checkInResultSchema.nullable(),
  error: z.object({ code: z.string(), msg: z.string() }).nullable(),
});
export type CheckInCommand = z.infer<typeof checkInCommandSchema>;

/** What POST /event/participant/checkIn answers: the scan's result, or (asynchronous) its command. */
export const checkInAnswerSchema = z.union([checkInResultSchema, checkInCommandSchema]);
export type CheckInAnswer = z.infer<typeof checkInAnswerSchema>;

export function isCheckInCommand(answer: CheckInAnswer): answer is CheckInCommand {
  return 'commandId' in answer;
}

/** GET /event/participant/checkIn/command: a command of the caller's (or of `deviceId`'s, staff only). */
export const checkInCommandQuery = z.strictObject({
  eventId: idSchema,
  commandId: nonceSchema,
  deviceId: shape.deviceId,
});

// ---------------------------------------------------------------------------------------------
// Live: realtime room newEvents/{eventId}/checkInAreas (check-in staff and organizers), E7.73.

/**
 * RecordType.CheckInChanged: someone went in or out of an area. `area` is the area with its
 * occupancy after the change; `person` and `at` patch the inside-now list.
 */
export const checkInChangedSchema = z.object({
  eventId: z.number(),
  area: checkInAreaSchema,
  change: z.enum(['in', 'out']),
  person: checkInPersonSchema,
  /** When the person went in or out (ISO; an offline scan's own time). */
  at: z.string(),
});
export type CheckInChangedPayload = z.infer<typeof checkInChangedSchema>;
