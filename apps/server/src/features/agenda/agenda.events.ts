import {
  AgendaRecordType,
  realtimeRoom,
  type SessionChangedPayload,
  type SessionPingPayload,
} from '@foyer/contract';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The agenda's realtime hook points. Everything the feature pushes goes through here, written in
 * the caller's transaction so it is pushed only if that commits (app.realtime's contract).
 * Rooms: newEvents/{eventId}/public_sessions/{sessionId} (E7.78: capacity and participants of a
 * session) and userRooms/{userId} (the person's own agenda changed, E7.78 participants/{pid}/sessions).
 */
interface Publisher {
  publish(room: string, type: string, payload: unknown, trx?: Transaction<DB>): Promise<unknown>;
  publishAll(
    records: readonly { room: string; type: string; payload: unknown }[],
    trx: Transaction<DB>,
  ): Promise<unknown>;
}

export interface AgendaEvents {
  sessionChanged(trx: Transaction<DB>, payload: SessionChangedPayload): Promise<void>;
  sessionPing(trx: Transaction<DB>, payload: SessionPingPayload): Promise<void>;
  /** The participant's agenda changed; `userId` null (no account yet) pushes nothing. */
  agendaChanged(
    trx: Transaction<DB>,
    userId: number | null,
    payload: { eventId: number; participantId: number },
  ): Promise<void>;
  /**
   * Several people's agendas changed (a session moved or cancelled): one record each, published
   * together so their rooms' turns are taken in one order (realtime/README.md).
   */
  agendasChanged(
    trx: Transaction<DB>,
    eventId: number,
    people: readonly { id: number; user_id: number | null }[],
  ): Promise<void>;
}

/** Built from the app so the feature works (without pushes) even where no realtime is decorated. */
export function agendaEvents(app: FastifyInstance): AgendaEvents {
  const realtime = (app as unknown as { realtime?: Publisher }).realtime;
  const publish = async (trx: Transaction<DB>, room: string, type: string, payload: unknown) => {
    if (realtime) await realtime.publish(room, type, payload, trx);
  };
  return {
    sessionChanged: (trx, payload) =>
      publish(
        trx,
        realtimeRoom.eventSession(payload.eventId, payload.sessionId),
        AgendaRecordType.SessionChanged,
        payload,
      ),
    sessionPing: (trx, payload) =>
      publish(
        trx,
        realtimeRoom.eventSession(payload.eventId, payload.sessionId),
        AgendaRecordType.SessionPing,
        payload,
      ),
    agendaChanged: async (trx, userId, payload) => {
      if (userId !== null)
        await publish(trx, realtimeRoom.user(userId), AgendaRecordType.AgendaChanged, payload);
    },
    agendasChanged: async (trx, eventId, people) => {
      const records = people.flatMap((p) =>
        p.user_id === null
          ? []
          : [
              {
                room: realtimeRoom.user(p.user_id),
                type: AgendaRecordType.AgendaChanged,
                payload: { eventId, participantId: p.id },
              },
            ],
      );
      if (realtime && records.length > 0) await realtime.publishAll(records, trx);
    },
  };
}

/** For services called outside a request (tests, jobs): no pushes. */
export const silentAgendaEvents: AgendaEvents = {
  sessionChanged: async () => {},
  sessionPing: async () => {},
  agendaChanged: async () => {},
  agendasChanged: async () => {},
};
