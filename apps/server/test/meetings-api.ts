import type { Invitation, Meeting } from '@foyer/contract';
import type { FastifyInstance } from 'fastify';
import type { Person } from './factories';
import { call } from './helper';

/** Thin callers of the meetings API for tests: each returns { status, body }. */
export function meetingsApi(app: FastifyInstance, eventId: number) {
  const post = <T>(who: Person, url: string, payload: Record<string, unknown>) =>
    call<T>(app, {
      method: 'POST',
      url: `/api/v1${url}`,
      headers: who.headers,
      payload: { eventId, ...payload },
    });
  const get = <T>(who: Person, url: string, query: Record<string, string | number> = {}) =>
    call<T>(app, {
      method: 'GET',
      url: `/api/v1${url}`,
      headers: who.headers,
      query: Object.fromEntries(Object.entries({ eventId, ...query }).map(([k, v]) => [k, String(v)])),
    });
  return {
    invite: (from: Person, to: Person, message?: string) =>
      post<Invitation>(from, '/event/schedule/join', {
        toType: 'participant',
        toId: to.id,
        ...(message ? { message } : {}),
      }),
    confirm: (who: Person, invitationId: number, sessionId: number, extra: Record<string, unknown> = {}) =>
      post<Invitation>(who, '/event/schedule/confirm', { invitationId, sessionId, ...extra }),
    reject: (who: Person, invitationId: number, message?: string) =>
      post<Invitation>(who, '/event/schedule/reject', { invitationId, ...(message ? { message } : {}) }),
    revoke: (who: Person, invitationId: number) =>
      post<Invitation>(who, '/event/schedule/revoke', { invitationId }),
    reschedule: (who: Person, invitationId: number, sessionId: number) =>
      post<Invitation>(who, '/event/schedule/reschedule', { invitationId, sessionId }),
    confirmReschedule: (who: Person, invitationId: number, sessionId?: number) =>
      post<Invitation>(who, '/event/schedule/confirmReschedule', {
        invitationId,
        ...(sessionId ? { sessionId } : {}),
      }),
    rejectReschedule: (who: Person, invitationId: number) =>
      post<Invitation>(who, '/event/schedule/rejectReschedule', { invitationId }),
    revokeReschedule: (who: Person, invitationId: number) =>
      post<Invitation>(who, '/event/schedule/revokeReschedule', { invitationId }),
    cancel: (who: Person, invitationId: number, message?: string) =>
      post<Meeting>(who, '/event/schedule/leave', { invitationId, ...(message ? { message } : {}) }),
    addGuest: (who: Person, meetingId: number, guest: Person) =>
      post<Meeting>(who, '/event/meeting/addGuest', { sessionId: meetingId, participantId: guest.id }),
    prebook: (who: Person, sessionId: number, from: Person, to: Person) =>
      post<Meeting>(who, '/event/schedule/prebook', {
        sessionId,
        fromParticipantId: from.id,
        toParticipantId: to.id,
      }),
    reserveTable: (who: Person, sessionId: number, guests: Person[] = []) =>
      post<Meeting>(who, '/event/schedule/reserveTable', {
        sessionId,
        participantIds: guests.map((g) => g.id),
      }),
    presence: (who: Person, meetingId: number, action: 'checkIn' | 'ping') =>
      post<Meeting>(who, `/event/meeting/${action}`, { meetingId }),
    invitations: (who: Person) =>
      get<{
        invitations: Invitation[];
        sent: { live: Invitation[]; past: Invitation[] };
        received: { live: Invitation[]; past: Invitation[] };
        company: { live: Invitation[]; past: Invitation[] };
        badge: number;
      }>(who, '/event/invitations'),
    meetings: (who: Person) => get<Meeting[]>(who, '/event/meetings'),
    slots: (who: Person, other: Person) =>
      get<{
        days: { date: string; slots: { sessionId: number }[] }[];
        message: string | null;
        opponentName: string | null;
      }>(who, '/event/meeting/slots', { participantId: other.id }),
    status: (who: Person, other: Person) =>
      get<{ status: string; relation: string; maxMeetingCount: number | null }>(
        who,
        '/event/meeting/status',
        {
          participantId: other.id,
        },
      ),
  };
}
