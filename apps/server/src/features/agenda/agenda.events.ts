import {
  AgendaRecordType,
  realtimeRoom,
  type SessionChangedPayload,
  type SessionPingPayload,
} from '@foyer/contract';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Bus } from '../../events/bus';

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

/**
 * The agenda refreshes written per transaction: a session's whole audience (a keynote's 15,000)
 * in the organizer's own transaction held the room keys of every person's feed it touched until
 * that request committed, and other publishes in those keys waited for it.
 */
export const REFRESHES_PER_TRANSACTION = 500;

type Person = { id: number; user_id: number | null };

/**
 * Writes the agenda refresh of the first part of `people` in `trx` and hands the rest on as an
 * `agenda.refresh` event in the same transaction: they commit together, so a crash neither loses
 * nor repeats a part. People without an account (nothing to push to) are dropped first.
 */
export async function refreshAgendas(
  deps: { events: AgendaEvents; bus: Pick<Bus, 'emit'> },
  trx: Transaction<DB>,
  eventId: number,
  people: readonly Person[],
): Promise<void> {
  const reachable = people.filter((p): p is { id: number; user_id: number } => p.user_id !== null);
  const part = reachable.slice(0, REFRESHES_PER_TRANSACTION);
  const rest = reachable.slice(REFRESHES_PER_TRANSACTION);
  await deps.events.agendasChanged(trx, eventId, part);
  if (rest.length > 0)
    await deps.bus.emit(
      { type: 'agenda.refresh', eventId, people: rest.map((p) => ({ id: p.id, userId: p.user_id })) },
      trx,
    );
}

/** For services called outside a request (tests, jobs): no pushes. */
export const silentAgendaEvents: AgendaEvents = {
  sessionChanged: async () => {},
  sessionPing: async () => {},
  agendaChanged: async () => {},
  agendasChanged: async () => {},
};
