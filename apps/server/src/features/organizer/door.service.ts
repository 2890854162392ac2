import {
  AREA_STALE,
  type assignCheckInStaffRequest,
  type CheckInArea,
  type ConsoleCheckInArea,
  type ConsoleDoor,
  type ConsoleStaff,
  type createCheckInAreaRequest,
  ErrorCode,
  type updateCheckInAreaRequest,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { listAreas } from '../checkin/checkin.service';
import { findParticipant } from '../participants/participants.service';
import * as repo from './door.repository';
import { resolvePerson } from './exhibitors.team';
import { requireConsole } from './organizer.access';

/**
 * The console's door set-up (issue 12, part 6): check-in areas with capacity and allowed
 * participant types, and who checks people in. The check-in feature enforces the rules at the
 * scanner (E5.54–E5.57); set-up needs organizer rights, so check-in staff cannot change it.
 */

const sameArea = (row: repo.AreaRow) => (area: CheckInArea) =>
  area.entityType === row.entity_type && (area.entityId ?? 0) === row.entity_id;

function toArea(row: repo.AreaRow, live: CheckInArea | undefined): ConsoleCheckInArea {
  return {
    id: row.id,
    entityType: row.entity_type,
    entityId: row.entity_type === 'event' ? null : row.entity_id,
    customName: row.name,
    name: live?.name ?? row.name ?? '',
    capacity: row.capacity,
    effectiveCapacity: live?.capacity ?? null,
    allowedTypeIds: row.allowed_type_ids,
    capacityUsed: live?.capacityUsed ?? row.capacity_used,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The door as the scanner sees it (names, capacities, occupancy), read through the check-in feature. */
async function liveAreas(ctx: AppContext, userId: number, eventId: number) {
  return (await listAreas(ctx, userId, eventId)).areas;
}

async function present(ctx: AppContext, userId: number, eventId: number, row: repo.AreaRow) {
  return toArea(row, (await liveAreas(ctx, userId, eventId)).find(sameArea(row)));
}

/** In the area's write's transaction (knownTypes holds the types until it commits). */
async function checkTypes(trx: Transaction<DB>, eventId: number, ids: number[] | undefined) {
  if (!ids?.length) return;
  const known = await repo.knownTypes(trx, eventId, [...new Set(ids)]);
  if (known.length !== new Set(ids).size) {
    throw AppError.badRequest('allowedTypeIds: unknown participant type', {
      allowedTypeIds: 'validation.error.option',
    });
  }
}

/** GET /organizer/event/:eventId/door/areas. */
export async function getDoor(ctx: AppContext, userId: number, eventId: number): Promise<ConsoleDoor> {
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  const [rows, live] = await Promise.all([
    repo.configuredAreas(ctx.db, eventId),
    liveAreas(ctx, userId, eventId),
  ]);
  return {
    // An area whose room or session was deleted is not at the door any more.
    areas: rows.flatMap((row) => {
      const area = live.find(sameArea(row));
      return area ? [toArea(row, area)] : [];
    }),
    targets: live.map((area) => ({ entityType: area.entityType, entityId: area.entityId, name: area.name })),
  };
}

/** POST /organizer/event/:eventId/door/areas. */
export async function createArea(
  ctx: AppContext,
  userId: number,
  eventId: number,
  input: z.output<typeof createCheckInAreaRequest>,
): Promise<ConsoleCheckInArea> {
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  const entityId = input.entityType === 'event' ? 0 : (input.entityId ?? 0);
  const live = await liveAreas(ctx, userId, eventId);
  if (!live.some((a) => a.entityType === input.entityType && (a.entityId ?? 0) === entityId)) {
    throw AppError.badRequest('entityId: no such room or session at this event', {
      entityId: 'validation.error.option',
    });
  }
  const row = await ctx.db.transaction().execute(async (trx) => {
    await checkTypes(trx, eventId, input.allowedTypeIds);
    return repo.setUpArea(
      trx,
      eventId,
      input.entityType,
      entityId,
      {
        name: input.name || null,
        capacity: input.capacity ?? null,
        allowed_type_ids: [...new Set(input.allowedTypeIds ?? [])],
      },
      ctx.now(),
    );
  });
  if (!row) {
    throw AppError.badRequest('This area is set up already', { entityId: 'organizer.door.error.areaExists' });
  }
  return present(ctx, userId, eventId, row);
}

async function areaOf(ctx: AppContext, eventId: number, areaId: number) {
  const area = await repo.findArea(ctx.db, eventId, areaId);
  if (!area) throw AppError.notFound('Check-in area not found');
  return area;
}

/** PUT /organizer/event/:eventId/door/areas/:areaId. */
export async function updateArea(
  ctx: AppContext,
  userId: number,
  eventId: number,
  areaId: number,
  input: z.output<typeof updateCheckInAreaRequest>,
): Promise<ConsoleCheckInArea> {
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  const area = await areaOf(ctx, eventId, areaId);
  const rules: Partial<repo.AreaRules> = {};
  if (input.name !== undefined) rules.name = input.name || null;
  if (input.capacity !== undefined) rules.capacity = input.capacity;
  if (input.allowedTypeIds !== undefined) rules.allowed_type_ids = [...new Set(input.allowedTypeIds)];
  if (area.entity_type === 'event' && (rules.capacity != null || rules.allowed_type_ids?.length)) {
    throw AppError.badRequest('The whole event admits everyone and is never full', {
      capacity: 'organizer.door.error.eventWide',
    });
  }
  const readAt = input.updatedAt === undefined ? undefined : new Date(input.updatedAt);
  if (!Object.keys(rules).length) {
    if (readAt && readAt.getTime() !== area.updated_at.getTime()) throw staleArea();
    return present(ctx, userId, eventId, area);
  }
  const row = await ctx.db.transaction().execute(async (trx) => {
    await checkTypes(trx, eventId, input.allowedTypeIds);
    return repo.updateArea(trx, areaId, rules, ctx.now(), readAt);
  });
  if (!row) {
    // Nothing updated: the set-up was removed meanwhile (404), or changed since it was read (409).
    if (readAt && (await repo.findArea(ctx.db, eventId, areaId))) throw staleArea();
    throw AppError.notFound('Check-in area not found');
  }
  return present(ctx, userId, eventId, row);
}

/** A save from a read older than the area's last change: nothing is written, the editor reloads. */
const staleArea = () =>
  new AppError(
    409,
    ErrorCode.Conflict,
    'This area was changed by another organizer since you opened it: reload it and save again',
    { updatedAt: AREA_STALE },
  );

/** DELETE /organizer/event/:eventId/door/areas/:areaId: the room or session keeps its own rules. */
export async function deleteArea(ctx: AppContext, userId: number, eventId: number, areaId: number) {
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  await areaOf(ctx, eventId, areaId);
  await repo.clearArea(ctx.db, areaId, ctx.now());
  return { removed: areaId };
}

// ---- staff ----------------------------------------------------------------------------------------

async function staffList(ctx: AppContext, eventId: number): Promise<ConsoleStaff[]> {
  const rows = await repo.staffOf(ctx.db, eventId);
  return rows.map((r) => ({
    participantId: r.id,
    fullName: `${r.name} ${r.surname}`.trim(),
    email: r.email,
    organizer: r.organizer,
  }));
}

/** GET /organizer/event/:eventId/door/staff. */
export async function listStaff(ctx: AppContext, userId: number, eventId: number) {
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  return staffList(ctx, eventId);
}

/** POST /organizer/event/:eventId/door/staff: the participant may check people in from now on (E6.13). */
export async function assignStaff(
  ctx: AppContext,
  userId: number,
  eventId: number,
  input: z.output<typeof assignCheckInStaffRequest>,
) {
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  const person = await resolvePerson(ctx, eventId, input);
  if (!person.check_in_admin) await repo.setCheckInAdmin(ctx.db, person.id, true, ctx.now());
  return staffList(ctx, eventId);
}

/** DELETE /organizer/event/:eventId/door/staff/:participantId: the right goes at once. */
export async function removeStaff(ctx: AppContext, userId: number, eventId: number, participantId: number) {
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  const person = await findParticipant(ctx.db, eventId, participantId);
  if (!person?.check_in_admin) throw AppError.notFound('Not check-in staff of this event');
  await repo.setCheckInAdmin(ctx.db, person.id, false, ctx.now());
  return staffList(ctx, eventId);
}
