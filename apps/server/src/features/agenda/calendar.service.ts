import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { AgendaItem, CalendarLink } from '@foyer/contract';
import type { AppContext } from '../../context';
import type { EventRow, ParticipantRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { requireMembership } from '../access/event-access';
import { viewerOf } from './agenda.policy';
import { agendaItemsOf } from './agenda.service';
import { registeredAgendaSources } from './agenda-sources';
import * as feeds from './calendar.repository';
import { buildCalendar, type IcsEvent, plainText } from './ics';
import { findSessionRows, isVisibleTo } from './sessions.repository';

/** How often subscribed calendar apps are asked to refetch the feed. */
const FEED_REFRESH_MINUTES = 60;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The feed token: reproducible from the stored nonce and the server secret, never stored itself. */
function feedToken(ctx: AppContext, participantId: number, nonce: string): string {
  return createHmac('sha256', ctx.config.jwtSecret)
    .update(`calendar:${participantId}:${nonce}`)
    .digest('base64url');
}

export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * POST /event/participant/calendar (E7.16): the caller's subscribable feed URL for this event.
 * The same URL every time, until `rotate` replaces it (the old one stops working at once).
 * Rotations at once (a double press, two tabs) replace the link once and all answer the new one:
 * each replaced the link it read, and one that finds it replaced already answers what is stored,
 * so nobody is handed a link another rotation beside it has just killed.
 */
export async function calendarLink(
  ctx: AppContext,
  userId: number,
  input: { eventId: number; rotate?: boolean | undefined },
): Promise<CalendarLink> {
  const { me } = await requireMembership(ctx.db, input.eventId, userId);
  const fresh = () => {
    const nonce = randomBytes(16).toString('base64url');
    return { nonce, tokenHash: sha256(feedToken(ctx, me.id, nonce)) };
  };
  let nonce = await feeds.findFeedNonce(ctx.db, me.id);
  if (nonce && input.rotate) {
    const replaced = await feeds.replaceFeed(ctx.db, { participantId: me.id, from: nonce, ...fresh() });
    // Replaced first by a rotation beside this one: its link is the live one.
    nonce = replaced ?? (await feeds.findFeedNonce(ctx.db, me.id));
  }
  if (!nonce) {
    const stored = await feeds.storeFeed(ctx.db, { participantId: me.id, ...fresh(), at: ctx.now() });
    // A concurrent first request may have won the insert: use what is stored.
    nonce = stored ?? (await feeds.findFeedNonce(ctx.db, me.id));
    if (!nonce) throw new Error('calendar feed vanished while being created');
  }
  return { url: `${ctx.config.publicUrl}/api/v1/calendar/${feedToken(ctx, me.id, nonce)}.ics` };
}

function sessionUrl(ctx: AppContext, eventId: number, sessionId: number) {
  return `${ctx.config.publicUrl}/event/${eventId}/sessions/${sessionId}`;
}

function host(ctx: AppContext) {
  return new URL(ctx.config.publicUrl).hostname;
}

/**
 * Joined and waiting sessions, presented sessions and breaks; declined requests are left out.
 * Items of other agenda sources (1:1 meetings, tables) are not sessions: their ids are not session
 * ids, and their sources add them to the feed themselves (`calendar` of the source).
 */
function itemEvents(ctx: AppContext, items: AgendaItem[], descriptions: Map<number, string>): IcsEvent[] {
  const events: IcsEvent[] = [];
  for (const item of items) {
    if (item.type === 'meeting') continue;
    if (item.status === 'declined' && item.roles.length === 0) continue;
    if (item.isOffTime) {
      events.push({
        uid: `off-${item.id}@${host(ctx)}`,
        start: new Date(item.sdt),
        end: new Date(item.edt),
        summary: 'Break',
        status: 'CONFIRMED',
      });
      continue;
    }
    events.push({
      uid: `session-${item.id}-p${item.participantId}@${host(ctx)}`,
      start: new Date(item.sdt),
      end: new Date(item.edt),
      summary: item.name,
      description: descriptions.get(item.id),
      location: item.location ?? undefined,
      url: sessionUrl(ctx, item.eid, item.id),
      status: item.status === 'waiting' && item.roles.length === 0 ? 'TENTATIVE' : 'CONFIRMED',
    });
  }
  return events;
}

/** Everything of the participant's agenda in this event (sessions, breaks, other sources), by start. */
export async function participantEvents(
  ctx: AppContext,
  event: EventRow,
  participant: ParticipantRow,
): Promise<IcsEvent[]> {
  const items = await agendaItemsOf(ctx.db, [
    { participantId: participant.id, eventId: event.id, eventName: event.name },
  ]);
  const descriptions = new Map<number, string>();
  const sessionIds = items.filter((i) => i.type === 'session').map((i) => i.id);
  if (sessionIds.length > 0) {
    const rows = await feeds.sessionDescriptions(ctx.db, sessionIds);
    for (const row of rows) descriptions.set(row.id, plainText(row.description));
  }
  const events = itemEvents(ctx, items, descriptions);
  for (const source of registeredAgendaSources()) {
    for (const entry of (await source.calendar?.(ctx.db, participant.id)) ?? []) {
      events.push({
        uid: entry.uid,
        start: entry.sdt,
        end: entry.edt,
        summary: entry.name,
        description: entry.description,
        location: entry.location,
        url: entry.url,
        status: entry.tentative ? 'TENTATIVE' : 'CONFIRMED',
        lastModified: entry.updatedAt,
      });
    }
  }
  events.sort((a, b) => a.start.getTime() - b.start.getTime());
  return events;
}

async function participantCalendar(
  ctx: AppContext,
  event: EventRow,
  participant: ParticipantRow,
): Promise<string> {
  const events = await participantEvents(ctx, event, participant);
  return buildCalendar({
    name: `${event.name} agenda`,
    now: ctx.now(),
    events,
    refreshMinutes: FEED_REFRESH_MINUTES,
  });
}

/** GET /calendar/:token.ics: the public feed; unknown or rotated tokens are not found. */
export async function calendarFeed(ctx: AppContext, token: string): Promise<string> {
  const owner = await feeds.findFeedOwner(ctx.db, sha256(token));
  if (!owner) throw AppError.notFound('Calendar not found');
  return participantCalendar(ctx, owner.event, owner.participant);
}

/** GET /event/participant/calendar.ics: the same calendar once, as a download. */
export async function agendaDownload(ctx: AppContext, userId: number, eventId: number) {
  const { event, me } = await requireMembership(ctx.db, eventId, userId);
  return { filename: `agenda-${event.id}.ics`, body: await participantCalendar(ctx, event, me) };
}

/** GET /event/:eventId/sessions/:sessionId/calendar.ics: one session (E4.44 add to calendar). */
export async function sessionDownload(ctx: AppContext, userId: number, eventId: number, sessionId: number) {
  const { event, me } = await requireMembership(ctx.db, eventId, userId);
  const viewer = viewerOf(me);
  const [row] = await findSessionRows(ctx.db, viewer, { eventId: event.id, ids: [sessionId], limit: 1 });
  // A slot is only as visible as its session (as on the detail page): a slot of a hidden or
  // restricted session is not found either.
  if (!row || (row.parent_id !== null && !(await isVisibleTo(ctx.db, viewer, row.parent_id)))) {
    throw AppError.notFound('Session not found');
  }
  const body = buildCalendar({
    name: event.name,
    now: ctx.now(),
    events: [
      {
        uid: `session-${row.id}@${host(ctx)}`,
        start: new Date(row.sdt),
        end: new Date(row.edt),
        summary: row.name,
        description: plainText(row.description),
        location: row.location_name ?? undefined,
        url: sessionUrl(ctx, event.id, row.id),
        status: 'CONFIRMED',
      },
    ],
  });
  return { filename: `session-${row.id}.ics`, body };
}
