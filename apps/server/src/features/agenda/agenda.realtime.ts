import { RoomPattern } from '@foyer/contract';
import type { FastifyInstance } from 'fastify';
import { idParam, type RoomPolicy } from '../../realtime/realtime.policy';
import { canUserSeeSession } from './sessions.service';

/**
 * newEvents/{eventId}/public_sessions/{sessionId} (E7.78): only those who may see the session in
 * the list (E6.02 hidden, E6.16 restricted) hear who joins it.
 */
export const publicSessionPolicy: RoomPolicy = async (userId, params, db) => {
  const eventId = idParam(params.eventId);
  const sessionId = idParam(params.sessionId);
  if (eventId === null || sessionId === null) return false;
  return canUserSeeSession(db, userId, eventId, sessionId);
};

export function registerAgendaRooms(app: FastifyInstance): void {
  const realtime = (app as { realtime?: FastifyInstance['realtime'] }).realtime;
  if (realtime && !realtime.hasRoomPolicy(RoomPattern.EventSession)) {
    realtime.registerRoomPolicy(RoomPattern.EventSession, publicSessionPolicy);
  }
}
