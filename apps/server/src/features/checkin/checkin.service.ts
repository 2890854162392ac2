import {
  type Badge,
  type BadgePrintResult,
  type badgePrintedRequest,
  type badgeQuery,
  type CheckInArea,
  type CheckInGates,
  type CheckInList,
  type CheckInOverview,
  type CheckInRequest,
  type CheckInResult,
  checkInAreaId,
  type checkInListQuery,
  checkInOutcomeCode,
  DEFAULT_EVENT_AREA_NAME,
  isEventFinished,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DB, ParticipantRow } from '../../db/schema';
import type { Bus } from '../../events/bus';
import { AppError } from '../../http/errors';
import { requireMembership } from '../access/event-access';
import * as repo from './checkin.repository';
import {
  describeArea,
  ensureAreaRow,
  findPerson,
  isBadgePrinted,
  type PersonRow,
  presentPerson,
} from './checkin.repository';
import { applyScan, type ScanOutcome } from './checkin.scan.service';

/** E7.04 / A6.07: only the event's check-in admins and organizers operate the door. */
export async function requireCheckInStaff(ctx: AppContext, eventId: number, userId: number) {
  const membership = await requireMembership(ctx.db, eventId, userId);
  if (!isCheckInStaff(membership.me)) throw AppError.forbidden('Check-in is denied for this user type');
  return membership;
}

export function isCheckInStaff(me: ParticipantRow): boolean {
  return me.check_in_admin || me.organizer;
}

/** What a scan needs read before its transaction (PGlite has one connection: nothing reads ctx.db inside it). */
export interface PreparedScan {
  me: ParticipantRow;
  person: PersonRow;
  area: Omit<CheckInArea, 'capacityUsed'>;
  areaRowId: number;
  printedAt: Date | null;
}

/** The refusals of a scan (not staff, event finished, no such ticket or area) and its reads. */
export async function prepareScan(
  ctx: AppContext,
  userId: number,
  input: CheckInRequest,
  /** The caller's requireCheckInStaff answer for this event, when it has just asked it. */
  staff?: Awaited<ReturnType<typeof requireCheckInStaff>>,
): Promise<PreparedScan> {
  const { event, me } = staff ?? (await requireCheckInStaff(ctx, input.eventId, userId));
  // A6.07: check-in admins check people in while the event is not finished.
  if (isEventFinished({ isFinished: event.is_finished, realEdt: event.real_edt }, ctx.now())) {
    throw AppError.forbidden('The event has finished');
  }
  const person = await findPerson(ctx.db, input.eventId, input);
  if (!person) throw AppError.notFound('Ticket not found');
  const area = await describeArea(ctx.db, input.eventId, input.entityType, input.entityId);
  if (!area) throw AppError.notFound('Check-in area not found');
  const row = await ensureAreaRow(ctx.db, input.eventId, area.entityType, area.entityId ?? 0);
  return { me, person, area, areaRowId: row.id, printedAt: await isBadgePrinted(ctx.db, person.id) };
}

/** Applies a prepared online scan in `trx` and answers it. */
export async function applyPrepared(
  trx: Transaction<DB>,
  bus: Pick<Bus, 'emit'> | undefined,
  input: CheckInRequest,
  { me, person, area, areaRowId, printedAt }: PreparedScan,
  now: Date,
): Promise<CheckInResult> {
  const done = await applyScan(trx, bus, {
    eventId: input.eventId,
    person,
    area,
    areaRowId,
    direction: input.toggle ? 'toggle' : input.checkIn ? 'in' : 'out',
    now,
    mark: {
      by: me.id,
      at: now,
      deviceId: input.deviceId ?? null,
      deviceLabel: input.deviceLabel || null,
      scanType: input.scanType ?? (input.toggle ? 'fast' : null),
      scanMethod: input.scanMethod ?? null,
      offline: false,
    },
  });
  return presentScan(person, area, done, printedAt);
}

/**
 * E3.34 / E4.65 / E4.71 / E5.53–E5.57: checks a person in or out of the whole event or an area, or
 * toggles (fast scan). The refused outcomes are answers, not errors (the scanner shows them with the
 * person's name, and for already in/out when and where that happened). A scan with a command id
 * goes through checkin.command.service.ts instead (once per device and id).
 */
export async function checkIn(
  ctx: AppContext,
  userId: number,
  input: CheckInRequest,
  bus?: Pick<Bus, 'emit'>,
): Promise<CheckInResult> {
  const prepared = await prepareScan(ctx, userId, input);
  const now = ctx.now();
  return ctx.db.transaction().execute((trx) => applyPrepared(trx, bus, input, prepared, now));
}

/** A scan's answer as the scanner shows it. */
export function presentScan(
  person: PersonRow,
  area: Omit<CheckInArea, 'capacityUsed'>,
  done: ScanOutcome,
  printedAt: Date | null,
): CheckInResult {
  return {
    outcome: done.outcome,
    errorMessage: checkInOutcomeCode[done.outcome] ?? null,
    person: presentPerson(person),
    area: { ...area, capacityUsed: done.used },
    badgePrinted: printedAt !== null,
    previous: done.previous,
  };
}

/** E2.67: the areas staff can check people into, with live occupancy. */
export async function listAreas(ctx: AppContext, userId: number, eventId: number): Promise<CheckInOverview> {
  await requireCheckInStaff(ctx, eventId, userId);
  const rows = await repo.areaRows(ctx.db, eventId);
  const areas: CheckInArea[] = rows.map((r) => ({
    id: checkInAreaId(r.entity_type, r.entity_id),
    eventId,
    entityType: r.entity_type,
    entityId: r.entity_type === 'event' ? null : r.entity_id,
    name: r.entity_type === 'event' ? r.name || DEFAULT_EVENT_AREA_NAME : r.name,
    capacity: r.capacity,
    capacityUsed: Number(r.used),
    allowedPart: r.allowed ?? [],
  }));
  return { areas };
}

/** Who is inside an area now, newest first. */
export async function listInside(
  ctx: AppContext,
  userId: number,
  query: z.output<typeof checkInListQuery>,
): Promise<CheckInList> {
  await requireCheckInStaff(ctx, query.eventId, userId);
  const [rows, count] = await repo.insideRows(ctx.db, query.eventId, query.entityType, query.entityId);
  return {
    items: rows.map((r) => ({
      ...presentPerson(r),
      checkedInAt: (r.checked_in_at ?? new Date(0)).toISOString(),
    })),
    total: count,
  };
}

/** An area's people by the door of their last change (staff only; the live door refetches it). */
export async function listGates(
  ctx: AppContext,
  userId: number,
  query: z.output<typeof checkInListQuery>,
): Promise<CheckInGates> {
  await requireCheckInStaff(ctx, query.eventId, userId);
  const rows = await repo.gateRows(ctx.db, query.eventId, query.entityType, query.entityId);
  return {
    gates: rows.map((r) => ({ gate: r.gate, inside: Number(r.inside), left: Number(r.left) })),
  };
}

/** E7.04 GET event/participant/badge: staff see anyone's badge, a participant their own. */
export async function getBadge(
  ctx: AppContext,
  userId: number,
  query: z.output<typeof badgeQuery>,
): Promise<Badge> {
  const { event, me } = await requireMembership(ctx.db, query.eventId, userId);
  const by = query.ticketId || query.participantId ? query : { participantId: me.id };
  const person = await findPerson(ctx.db, query.eventId, by);
  if (!person) throw AppError.notFound('Ticket not found');
  if (person.id !== me.id && !isCheckInStaff(me)) throw AppError.forbidden();
  const printedAt = await isBadgePrinted(ctx.db, person.id);
  return {
    person: { ...presentPerson(person), firstName: person.name, lastName: person.surname, city: person.city },
    eventName: event.name,
    printedAt: printedAt?.toISOString() ?? null,
  };
}

/** E8.16: records a print; a second one needs force (printBadgeForced). */
export async function markBadgePrinted(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof badgePrintedRequest>,
): Promise<BadgePrintResult> {
  const { me } = await requireCheckInStaff(ctx, input.eventId, userId);
  const person = await findPerson(ctx.db, input.eventId, { participantId: input.participantId });
  if (!person) throw AppError.notFound('Ticket not found');
  const now = ctx.now();
  const inserted = await repo.recordBadgePrint(ctx.db, person.id, me.id, now, input.force ?? false);
  if (inserted) return { printed: true, printedAt: inserted.toISOString() };
  const printedAt = (await isBadgePrinted(ctx.db, person.id)) ?? now;
  return { printed: false, printedAt: printedAt.toISOString() };
}
