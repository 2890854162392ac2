import type { SessionsPage } from '@foyer/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { makeEvent, makePerson, makeType, type Person } from '../../../test/factories';
import { call } from '../../../test/helper';
import type { AppContext } from '../../context';

/** Test factories for the agenda feature. Not used by the app itself. */

let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};

export const T0 = new Date('2026-11-22T09:00:00Z');
export const minutes = (n: number) => n * 60_000;
export const at = (offsetMinutes: number) => new Date(T0.getTime() + minutes(offsetMinutes));

/** An online event around the agenda clock: from a day before T0 to three days after. */
export function makeAgendaEvent(
  ctx: AppContext,
  overrides: { eventType?: 'normal' | 'online' | 'hybrid'; timezone?: string; finished?: boolean } = {},
) {
  return makeEvent(ctx, {
    event_type: overrides.eventType ?? 'online',
    timezone: overrides.timezone ?? 'UTC',
    start: at(-24 * 60),
    days: 4,
    is_finished: overrides.finished ?? false,
  });
}

export async function createSession(
  ctx: AppContext,
  eventId: number,
  overrides: {
    name?: string;
    sdt?: Date;
    edt?: Date;
    capacity?: number | null;
    parentId?: number;
    locationId?: number;
    trackId?: number;
    hidden?: boolean;
    restricted?: boolean;
    allowedTypeIds?: number[];
    needsApproval?: boolean;
    onSite?: boolean;
    externalLink?: string;
    offlineLink?: string;
    description?: string;
    type?: string;
  } = {},
) {
  return ctx.db
    .insertInto('sessions')
    .values({
      event_id: eventId,
      name: overrides.name ?? `Session ${next()}`,
      sdt: overrides.sdt ?? at(60),
      edt: overrides.edt ?? at(120),
      capacity: overrides.capacity ?? null,
      parent_id: overrides.parentId ?? null,
      location_id: overrides.locationId ?? null,
      track_id: overrides.trackId ?? null,
      hidden: overrides.hidden ?? false,
      restricted: overrides.restricted ?? false,
      allowed_type_ids: overrides.allowedTypeIds ?? [],
      needs_approval: overrides.needsApproval ?? false,
      on_site: overrides.onSite ?? false,
      external_link: overrides.externalLink ?? null,
      offline_link: overrides.offlineLink ?? null,
      description: overrides.description ?? '',
      type: overrides.type ?? 'session',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function addPerson(
  ctx: AppContext,
  sessionId: number,
  participantId: number,
  role: 'speaker' | 'moderator' | 'translator',
) {
  return ctx.db
    .insertInto('session_people')
    .values({ session_id: sessionId, participant_id: participantId, role })
    .execute();
}

export function createLocation(ctx: AppContext, eventId: number, capacity: number | null, name = 'Hall A') {
  return ctx.db
    .insertInto('locations')
    .values({ event_id: eventId, name, capacity })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function createTrack(ctx: AppContext, eventId: number, name = 'Main') {
  return ctx.db
    .insertInto('tracks')
    .values({ event_id: eventId, name, color: '#123456' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function usedCapacity(ctx: AppContext, sessionId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('sessions')
    .select('used_capacity')
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return row.used_capacity;
}

/** Row counts of the agenda tables and seat counts, to prove a request changed nothing. */
export async function agendaSnapshot(ctx: AppContext): Promise<string> {
  const { rows } = await sql<{ t: string; n: number }>`
    SELECT 'attendees' AS t, count(*)::int AS n FROM session_attendees
    UNION ALL SELECT 'off', count(*)::int FROM participant_off
    UNION ALL SELECT 'feeds', count(*)::int FROM calendar_feeds
    UNION ALL SELECT 'seats', coalesce(sum(used_capacity), 0)::int FROM sessions`.execute(ctx.db);
  return JSON.stringify(rows);
}

export function api<T = unknown>(app: FastifyInstance, options: InjectOptions) {
  return call<T>(app, options);
}

/** GET /event/:eventId/sessions as whoever these headers sign in (`query` starts with `?`). */
export const listSessionsAs = (
  app: FastifyInstance,
  headers: Record<string, string>,
  eventId: number,
  query = '',
) => api<SessionsPage>(app, { method: 'GET', url: `/api/v1/event/${eventId}/sessions${query}`, headers });

export const join = (app: FastifyInstance, who: Person, eventId: number, sessionId: number) =>
  api(app, {
    method: 'POST',
    url: '/api/v1/event/schedule/join',
    headers: who.headers,
    payload: { eventId, toType: 'session', sessionId },
  });

/**
 * Who sees which session (E6.02, E6.16): Open for everyone, Hidden for organizers and its speaker,
 * VIP only for organizers and the VIP type. Ada is a plain attendee, V a VIP, Boss an organizer.
 */
export async function makeVisibilityWorld(ctx: AppContext) {
  const event = await makeAgendaEvent(ctx);
  const vip = await makeType(ctx, event.id, { name: 'VIP' });
  const ada = await makePerson(ctx, event.id);
  const v = await makePerson(ctx, event.id, { typeId: vip.id });
  const boss = await makePerson(ctx, event.id, { organizer: true });
  const speaker = await makePerson(ctx, event.id);
  const open = await createSession(ctx, event.id, { name: 'Open', sdt: at(10), edt: at(20) });
  const hidden = await createSession(ctx, event.id, {
    name: 'Hidden',
    hidden: true,
    sdt: at(20),
    edt: at(30),
  });
  const vipOnly = await createSession(ctx, event.id, {
    name: 'VIP only',
    restricted: true,
    allowedTypeIds: [vip.id],
    sdt: at(30),
    edt: at(40),
  });
  await addPerson(ctx, hidden.id, speaker.id, 'speaker');
  return { event, vip, ada, v, boss, speaker, open, hidden, vipOnly };
}
