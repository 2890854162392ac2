import { SESSIONS_PAGE_SIZE, type SessionsListQuery, type SessionsPage } from '@foyer/contract';
import { DateTime } from 'luxon';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { byStart, toBusyIntervals } from './agenda-sources';
import type { SessionPageCache } from './sessions.cache';
import { sessionSummaryJson, toSessionSummary } from './sessions.present';
import { findSessionRows, type SessionListFilters, type SessionRow } from './sessions.repository';
import { readListViewer, readSeatCounts } from './sessions.viewer';
import type { Viewer } from './sessions.visibility';

const pageKey = (eventId: number, kind: string, timezone: string, filters: string) =>
  `${eventId}|${kind}|${timezone}|${filters}`;

const rowsByStart = (a: SessionRow, b: SessionRow) =>
  new Date(a.sdt).getTime() - new Date(b.sdt).getTime() || a.id - b.id;

/** The latest instant a session may start at (the contract's dates end with the year 9999). */
const LATEST_START_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * The event's day (yyyy-LL-dd) an instant falls on, by the same zone rules as the list's `day`
 * filter (Intl's, through luxon), so a day tab always lists its sessions. The database's zone names
 * are not asked: it does not know every zone the time zone check accepts (US/Pacific-New).
 */
export function eventDayOf(instant: Date | string, timezone: string): string | null {
  return DateTime.fromJSDate(new Date(instant), { zone: timezone }).toISODate();
}

function filtersOf(query: SessionsListQuery, eventId: number, timezone: string, limit: number, now: Date) {
  const f: SessionListFilters = { eventId, limit, trackId: query.track, q: query.q || undefined };
  if (query.day) {
    const start = DateTime.fromISO(query.day, { zone: timezone }).startOf('day');
    f.from = start.toJSDate();
    const end = start.plus({ days: 1 }).toJSDate();
    // The end of 9999-12-31 is a year the database cannot be given (PGlite refuses it); no session
    // starts after it anyway.
    if (end.getTime() <= LATEST_START_MS) f.to = end;
  }
  if (query.after) {
    const [ms, id] = query.after.split('.').map(Number) as [number, number];
    f.after = { sdt: new Date(ms), id };
  }
  if (query.liveNow) f.liveAt = now;
  return f;
}

/**
 * A page of visible sessions, by start. One round trip when the page is cached and the caller
 * known: their state (account, membership, own statuses, seat counts, busy intervals of every agenda
 * source, the page version). Shared rows come from `pages`. The route takes the caller from the
 * token alone (requireUserReadingOwnRow): the state's `account` answers for the account lookup.
 */
async function readList(
  ctx: AppContext,
  userId: number,
  eventId: number,
  query: SessionsListQuery,
  pages: SessionPageCache | null,
) {
  const now = ctx.now();
  const limit = query.limit ?? SESSIONS_PAGE_SIZE;
  const filtersKey = JSON.stringify([query.day, query.track, query.q || undefined, query.after, limit]);
  const hint = pages?.hint(eventId, userId);
  // "Live now" depends on the clock: never cached.
  const guess =
    hint && !query.liveNow ? pages?.peek(pageKey(eventId, hint.kind, hint.timezone, filtersKey)) : undefined;

  const state = await readListViewer(ctx.db, eventId, userId, guess?.seatIds ?? []);
  if (!state.account) throw AppError.unauthenticated();
  const { timezone } = state;
  if (timezone === null) throw AppError.notFound('Event not found');
  if (!state.me) throw AppError.forbidden('You are not a participant of this event');
  // As viewerOf(me): organizers see every session, others by type (and what they are in).
  const viewer: Viewer = {
    participantId: state.me.id,
    typeId: state.me.typeId,
    organizer: state.me.organizer,
  };
  const kind = viewer.organizer ? 'organizer' : `type ${viewer.typeId ?? 'none'}`;
  pages?.remember(eventId, userId, { kind, timezone });
  // Version 0: the event has no version row (emptied tables): nothing to key a page by.
  const cache = query.liveNow || state.version === 0 ? null : pages;
  const f = filtersOf(query, eventId, timezone, limit + 1, now);
  const readShared = () => findSessionRows(ctx.db, { kind: viewer }, f);

  const readPage = async (): Promise<{ rows: SessionRow[]; seats: Map<number, number> }> => {
    if (!cache) return { rows: await readShared(), seats: new Map() };
    const { page, fresh } = await cache.get(
      pageKey(eventId, kind, timezone, filtersKey),
      state.version,
      readShared,
    );
    // The seat counts read with the state are for the guessed page; a page read just now has its own.
    if (page === guess) return { rows: page.rows, seats: state.seats };
    return { rows: page.rows, seats: fresh ? new Map() : await readSeatCounts(ctx.db, page.seatIds) };
  };
  // Hidden or restricted sessions the caller presents or is in: theirs alone, never cached.
  const readOwn = () =>
    state.ownIds.length === 0
      ? Promise.resolve([])
      : findSessionRows(ctx.db, viewer, { ...f, ids: state.ownIds, topLevel: true });

  const [{ rows: shared, seats }, own] = await Promise.all([readPage(), readOwn()]);
  let rows = shared;
  if (own.length > 0) {
    const sharedIds = new Set(shared.map((r) => r.id));
    rows = [...shared, ...own.filter((r) => !sharedIds.has(r.id))].sort(rowsByStart).slice(0, limit + 1);
  }
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    page,
    viewer,
    busy: byStart(toBusyIntervals(state.busy)),
    now,
    live: { statuses: state.statuses, seats },
    nextCursor: rows.length > limit && last ? `${new Date(last.sdt).getTime()}.${last.id}` : null,
    // Every card from a cached page: the same rows (and card copies) serve the next caller too.
    shared: cache !== null && own.length === 0,
  };
}

/** GET /event/:eventId/sessions (E2.13) as objects (the lobby's live sessions use it too). */
export async function listSessions(
  ctx: AppContext,
  userId: number,
  eventId: number,
  query: SessionsListQuery,
  pages: SessionPageCache | null = null,
): Promise<SessionsPage> {
  const { page, viewer, busy, now, live, nextCursor } = await readList(ctx, userId, eventId, query, pages);
  return { sessions: page.map((row) => toSessionSummary(row, viewer, busy, now, live)), nextCursor };
}

/**
 * GET /event/:eventId/sessions (E2.13): the same answer as listSessions, already as the JSON of the
 * route's envelope: cards of shared rows are mostly reused strings (sessionSummaryJson) instead of
 * 65 KB stringified per request. `name`, when every card came from a cached page, names these bytes
 * (by the cards' serials): most callers of a page see it alike, and its compressed copy is reused.
 */
export async function listSessionsJson(
  ctx: AppContext,
  userId: number,
  eventId: number,
  query: SessionsListQuery,
  pages: SessionPageCache | null = null,
): Promise<{ json: string; name: string | null }> {
  const { page, viewer, busy, now, live, nextCursor, shared } = await readList(
    ctx,
    userId,
    eventId,
    query,
    pages,
  );
  const cards = page.map((row) => sessionSummaryJson(row, viewer, busy, now, live));
  const json = `{"success":true,"data":{"sessions":[${cards.map((c) => c.json).join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}}`;
  const name = shared ? `sessions ${cards.map((c) => c.serial).join(',')} ${nextCursor}` : null;
  return { json, name };
}
