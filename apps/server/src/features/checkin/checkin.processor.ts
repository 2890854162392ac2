import {
  type CheckInChangedPayload,
  checkInEntityTypes,
  RecordType,
  RoomPattern,
  realtimeRoom,
} from '@foyer/contract';
import type { FastifyInstance } from 'fastify';
import { defineProcessor } from '../../events/bus.handlers';
import { idParam, type RoomPolicy } from '../../realtime/realtime.policy';
import { isStaffOf } from './checkin.lookup.repository';
import { describeArea, findPerson, presentPerson } from './checkin.repository';
import { areaUseOf } from './checkin.scan.repository';

/**
 * The live door (issue 14 part 5, E7.73): after each check-in or check-out commits, ONE
 * `checkIn.changed` record on newEvents/{eventId}/checkInAreas carries the area with its occupancy
 * and the person who went in or out, so every scanner and the organizer's screen patch their area
 * counts and inside-now lists without polling. Written with this processor's progress (013).
 */
export function checkInLiveProcessor(app: FastifyInstance) {
  const { ctx } = app;
  return defineProcessor({
    name: 'checkin.live',
    events: ['participant.checked_in', 'participant.checked_out'],
    async handle(event, meta) {
      const entityType = checkInEntityTypes.find((t) => t === event.areaType);
      if (!entityType) return;
      // Read before the transaction (PGlite has one connection).
      const [area, person] = await Promise.all([
        describeArea(ctx.db, event.eventId, entityType, event.areaId ?? undefined),
        findPerson(ctx.db, event.eventId, { participantId: event.participantId }),
      ]);
      if (!area || !person) return; // the room or the person is gone: nothing to show
      await ctx.db.transaction().execute(async (trx) => {
        const payload: CheckInChangedPayload = {
          eventId: event.eventId,
          // The count right after this change (records follow the area's order), else the count now.
          area: {
            ...area,
            capacityUsed: event.used ?? (await areaUseOf(trx, event.eventId, entityType, area.entityId ?? 0)),
          },
          change: event.type === 'participant.checked_in' ? 'in' : 'out',
          person: presentPerson(person),
          at: event.at ?? ctx.now().toISOString(),
        };
        await app.realtime.publish(
          realtimeRoom.checkInAreas(event.eventId),
          RecordType.CheckInChanged,
          payload,
          trx,
        );
        await meta.doneWith(trx);
      });
    },
  });
}

/** newEvents/{eventId}/checkInAreas: the event's check-in staff and organizers only. */
export const checkInRoomPolicy: RoomPolicy = async (userId, params, db) => {
  const eventId = idParam(params.eventId);
  return eventId !== null && isStaffOf(db, userId, eventId);
};

export function registerCheckInRooms(app: FastifyInstance): void {
  const realtime = (app as { realtime?: FastifyInstance['realtime'] }).realtime;
  if (realtime && !realtime.hasRoomPolicy(RoomPattern.CheckInAreas)) {
    realtime.registerRoomPolicy(RoomPattern.CheckInAreas, checkInRoomPolicy);
  }
}
