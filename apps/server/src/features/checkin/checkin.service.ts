import {
  type Badge,
  type BadgePrintResult,
  type badgePrintedRequest,
  type badgeQuery,
  type CheckInArea,
  type CheckInList,
  type CheckInOutcome,
  type CheckInOverview,
  type CheckInRequest,
  type CheckInResult,
  type checkInListQuery,
  checkInOutcomeCode,
  isEventFinished,
} from '@foyer/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { ParticipantRow } from '../../db/schema';
import type { Bus } from '../../events/bus';
import { AppError } from '../../http/errors';
import { requireMembership } from '../access/event-access';
import * as repo from './checkin.repository';
import {
  describeArea,
  ensureAreaRow,
  findPerson,
  isBadgePrinted,
  markIn,
  markOut,
  presentPerson,
  releasePlace,
  takePlace,
} from './checkin.repository';

/** E7.04 / A6.07: only the event's check-in admins and organizers operate the door. */
export async function requireCheckInStaff(ctx: AppContext, eventId: number, userId: number) {
  const membership = await requireMembership(ctx.db, eventId, userId);
  if (!isCheckInStaff(membership.me)) throw AppError.forbidden('Check-in is denied for this user type');
  return membership;
}

export function isCheckInStaff(me: ParticipantRow): boolean {
  return me.check_in_admin || me.organizer;
}

/** Thrown inside the transaction to undo the status change when the area is full. */
class AreaFull extends Error {}

/**
 * E3.34 / E4.65 / E5.53–E5.57: checks a person in or out of the whole event or an area. The
 * refused outcomes are answers, not errors (the scanner shows them with the person's name).
 */
export async function checkIn(
  ctx: AppContext,
  userId: number,
  input: CheckInRequest,
  bus?: Pick<Bus, 'emit'>,
): Promise<CheckInResult> {
  const { event, me } = await requireCheckInStaff(ctx, input.eventId, userId);
  // A6.07: check-in admins check people in while the event is not finished.
  if (isEventFinished({ isFinished: event.is_finished, realEdt: event.real_edt }, ctx.now())) {
    throw AppError.forbidden('The event has finished');
  }
  const person = await findPerson(ctx.db, input.eventId, input);
  if (!person) throw AppError.notFound('Ticket not found');
  const area = await describeArea(ctx.db, input.eventId, input.entityType, input.entityId);
  if (!area) throw AppError.notFound('Check-in area not found');
  const row = await ensureAreaRow(ctx.db, input.eventId, area.entityType, area.entityId ?? 0);
  const result = (outcome: CheckInOutcome, capacityUsed: number, printedAt: Date | null): CheckInResult => ({
    outcome,
    errorMessage: checkInOutcomeCode[outcome] ?? null,
    person: presentPerson(person),
    area: { ...area, capacityUsed },
    badgePrinted: printedAt !== null,
  });

  // E5.54 / E5.55: an area may admit only some participant types.
  if (input.checkIn && area.allowedPart.length > 0 && !area.allowedPart.includes(person.type_id ?? -1)) {
    return result('wrongTicketType', row.capacity_used, await isBadgePrinted(ctx.db, person.id));
  }

  const now = ctx.now();
  let outcome: CheckInOutcome;
  let used: number | null = null;
  try {
    const done = await ctx.db.transaction().execute(async (trx) => {
      if (input.checkIn) {
        if (!(await markIn(trx, row.id, person.id, me.id, now)))
          return { outcome: 'alreadyCheckedIn' as const, used: null };
        // E5.56 / E5.57: an area at capacity refuses; the whole event never does.
        const taken = await takePlace(trx, row.id, area.entityType === 'event' ? null : area.capacity);
        if (taken === null) throw new AreaFull();
        const at = { areaType: area.entityType, areaId: area.entityId ?? null, staffId: me.id };
        await bus?.emit(
          { type: 'participant.checked_in', eventId: input.eventId, participantId: person.id, ...at },
          trx,
        );
        return { outcome: 'checkedIn' as const, used: taken };
      }
      if (!(await markOut(trx, row.id, person.id, me.id, now)))
        return { outcome: 'alreadyCheckedOut' as const, used: null };
      return { outcome: 'checkedOut' as const, used: await releasePlace(trx, row.id) };
    });
    outcome = done.outcome;
    used = done.used;
  } catch (error) {
    if (!(error instanceof AreaFull)) throw error;
    outcome = 'fullyOccupied';
  }
  used ??= await repo.areaUse(ctx.db, row.id);
  return result(outcome, used, await isBadgePrinted(ctx.db, person.id));
}

/** E2.67: the areas staff can check people into, with live occupancy. */
export async function listAreas(ctx: AppContext, userId: number, eventId: number): Promise<CheckInOverview> {
  await requireCheckInStaff(ctx, eventId, userId);
  const rows = await repo.areaRows(ctx.db, eventId);
  const areas: CheckInArea[] = rows.map((r) => ({
    entityType: r.entity_type,
    entityId: r.entity_type === 'event' ? null : r.entity_id,
    name: r.name,
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
