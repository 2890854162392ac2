import {
  isEventFinished,
  type SessionDetail,
  type SessionFacets,
  type SessionRequest,
  type SessionSummary,
} from '@foyer/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { findParticipation, requireMembership } from '../access/event-access';
import { assertOrganizer, viewerOf } from './agenda.policy';
import { listBusyIntervals } from './agenda-sources';
import { findWaiting } from './attendance.repository';
import { eventDayOf } from './sessions.list';
import { toSessionSummary } from './sessions.present';
import {
  countAttendees,
  findFacets,
  findSessionRows,
  isVisibleTo,
  type SessionRow,
  sessionInEvent,
} from './sessions.repository';
import { ALL_TIME } from './sessions.viewer';
import type { Viewer } from './sessions.visibility';

/** GET /event/:eventId/sessions (E2.13) lives in sessions.list.ts. */
export { listSessions } from './sessions.list';

/** Rows to cards, with the viewer's collisions computed against one read of their agenda. */
async function present(
  ctx: AppContext,
  viewer: Viewer,
  rows: SessionRow[],
  now: Date,
): Promise<SessionSummary[]> {
  if (rows.length === 0) return [];
  const busy = await listBusyIntervals(ctx.db, viewer.participantId, ALL_TIME);
  return rows.map((row) => toSessionSummary(row, viewer, busy, now));
}

/** GET /event/:eventId/sessions/facets: the day tabs and track filter of the sessions tab. */
export async function sessionFacets(
  ctx: AppContext,
  userId: number,
  eventId: number,
): Promise<SessionFacets> {
  const { event, me } = await requireMembership(ctx.db, eventId, userId);
  const { starts, tracks } = await findFacets(ctx.db, viewerOf(me), eventId);
  const days = new Set<string>();
  for (const start of starts) {
    const day = eventDayOf(start, event.timezone);
    if (day) days.add(day);
  }
  return { days: [...days].sort(), tracks, timezone: event.timezone };
}

/** GET /event/:eventId/sessions/:sessionId (E2.08: a slot id works too). Invisible is not found. */
export async function getSession(
  ctx: AppContext,
  userId: number,
  eventId: number,
  sessionId: number,
): Promise<SessionDetail> {
  const { event, me } = await requireMembership(ctx.db, eventId, userId);
  const viewer = viewerOf(me);
  const [row] = await findSessionRows(ctx.db, viewer, { eventId, ids: [sessionId], limit: 1 });
  if (!row) throw AppError.notFound('Session not found');
  if (row.parent_id !== null) {
    const [parent] = await findSessionRows(ctx.db, viewer, { eventId, ids: [row.parent_id], limit: 1 });
    if (!parent) throw AppError.notFound('Session not found');
  }
  const now = ctx.now();
  const [summary] = await present(ctx, viewer, [row], now);
  const counts = await countAttendees(ctx.db, sessionId);
  return {
    ...summary!,
    attendeeCount: counts.joined,
    waitingCount: viewer.organizer ? counts.waiting : 0,
    eventType: event.event_type,
    eventFinished: isEventFinished({ isFinished: event.is_finished, realEdt: event.real_edt }, now),
  };
}

/** GET /event/:eventId/sessions/:sessionId/requests: pending approval requests (organizers). */
export async function listSessionRequests(
  ctx: AppContext,
  userId: number,
  eventId: number,
  sessionId: number,
): Promise<SessionRequest[]> {
  const { me } = await requireMembership(ctx.db, eventId, userId);
  assertOrganizer(me, 'answer session requests');
  const [row] = await findSessionRows(ctx.db, viewerOf(me), { eventId, ids: [sessionId], limit: 1 });
  if (!row) throw AppError.notFound('Session not found');
  const rows = await findWaiting(ctx.db, sessionId);
  return rows.map((r) => ({
    participant: {
      id: r.id,
      name: r.name,
      surname: r.surname,
      company: r.company,
      jobTitle: r.job_title,
      profilePhoto: r.profile_photo,
    },
    message: r.message,
    requestedAt: new Date(r.created_at).toISOString(),
  }));
}

/**
 * For the realtime room newEvents/{eventId}/public_sessions/{sessionId}: whether the user may see
 * that session (E6.02, E6.16), so hidden or restricted sessions do not leak who joins them.
 */
export async function canUserSeeSession(
  db: AppContext['db'],
  userId: number,
  eventId: number,
  sessionId: number,
): Promise<boolean> {
  const me = await findParticipation(db, eventId, userId);
  if (!me) return false;
  return (await sessionInEvent(db, eventId, sessionId)) && isVisibleTo(db, viewerOf(me), sessionId);
}
