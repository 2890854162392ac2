import {
  isEventFinished,
  SESSIONS_PAGE_SIZE,
  type SessionDetail,
  type SessionFacets,
  type SessionRequest,
  type SessionSummary,
  type SessionsListQuery,
  type SessionsPage,
} from '@foyer/contract';
import { DateTime } from 'luxon';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { findParticipation, requireMembership } from '../access/event-access';
import { assertOrganizer, viewerOf } from './agenda.policy';
import { listBusyIntervals } from './agenda-sources';
import { findWaiting } from './attendance.repository';
import { toSessionSummary } from './sessions.present';
import {
  countAttendees,
  findFacets,
  findSessionRows,
  isVisibleTo,
  type SessionRow,
  sessionInEvent,
  type Viewer,
} from './sessions.repository';

/** The whole agenda of the viewer: a handful of items, read once per request and matched in memory. */
const ALL_TIME = { sdt: new Date('1970-01-01T00:00:00Z'), edt: new Date('9999-12-31T00:00:00Z') };

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

/** GET /event/:eventId/sessions (E2.13): a page of visible sessions, by start. */
export async function listSessions(
  ctx: AppContext,
  userId: number,
  eventId: number,
  query: SessionsListQuery,
): Promise<SessionsPage> {
  const { event, me } = await requireMembership(ctx.db, eventId, userId);
  const viewer = viewerOf(me);
  const now = ctx.now();
  const limit = query.limit ?? SESSIONS_PAGE_SIZE;
  let from: Date | undefined;
  let to: Date | undefined;
  if (query.day) {
    const start = DateTime.fromISO(query.day, { zone: event.timezone }).startOf('day');
    from = start.toJSDate();
    to = start.plus({ days: 1 }).toJSDate();
  }
  let after: { sdt: Date; id: number } | undefined;
  if (query.after) {
    const [ms, id] = query.after.split('.').map(Number) as [number, number];
    after = { sdt: new Date(ms), id };
  }
  // The agenda does not depend on the page: read both at once.
  const [rows, busy] = await Promise.all([
    findSessionRows(ctx.db, viewer, {
      eventId,
      from,
      to,
      trackId: query.track,
      q: query.q || undefined,
      liveAt: query.liveNow ? now : undefined,
      after,
      limit: limit + 1,
    }),
    listBusyIntervals(ctx.db, viewer.participantId, ALL_TIME),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    sessions: page.map((row) => toSessionSummary(row, viewer, busy, now)),
    nextCursor: rows.length > limit && last ? `${new Date(last.sdt).getTime()}.${last.id}` : null,
  };
}

/** GET /event/:eventId/sessions/facets: the day tabs and track filter of the sessions tab. */
export async function sessionFacets(
  ctx: AppContext,
  userId: number,
  eventId: number,
): Promise<SessionFacets> {
  const { event, me } = await requireMembership(ctx.db, eventId, userId);
  const { days, tracks } = await findFacets(ctx.db, viewerOf(me), eventId, event.timezone);
  return { days, tracks, timezone: event.timezone };
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
