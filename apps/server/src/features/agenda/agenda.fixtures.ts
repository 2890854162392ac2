import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { call } from '../../../test/helper';
import type { AppContext } from '../../context';
import { signAccessToken } from '../../http/auth';

/** Test factories for the agenda feature. Not used by the app itself. */

let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};

export const T0 = new Date('2026-11-22T09:00:00Z');
export const minutes = (n: number) => n * 60_000;
export const at = (offsetMinutes: number) => new Date(T0.getTime() + minutes(offsetMinutes));

export async function createEvent(
  ctx: AppContext,
  overrides: { eventType?: 'normal' | 'online' | 'hybrid'; timezone?: string; finished?: boolean } = {},
) {
  return ctx.db
    .insertInto('events')
    .values({
      name: `Event ${next()}`,
      event_type: overrides.eventType ?? 'online',
      timezone: overrides.timezone ?? 'UTC',
      start_date: at(-24 * 60),
      real_sdt: at(-24 * 60),
      real_edt: at(3 * 24 * 60),
      is_finished: overrides.finished ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface TestParticipant {
  id: number;
  userId: number;
  email: string;
  headers: Record<string, string>;
}

/** A user with a participant record in the event and a bearer token (no password, no login round trip). */
export async function createParticipant(
  ctx: AppContext,
  eventId: number,
  overrides: {
    organizer?: boolean;
    typeId?: number;
    rights?: Record<string, boolean>;
    name?: string;
    surname?: string;
    isSpeaker?: boolean;
    visible?: boolean;
  } = {},
): Promise<TestParticipant> {
  const n = next();
  const email = `agenda${n}-${process.pid}@foyer.test`;
  const user = await ctx.db
    .insertInto('users')
    .values({
      username: email,
      name: overrides.name ?? `Name${n}`,
      surname: overrides.surname ?? `Surname${n}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const participant = await ctx.db
    .insertInto('participants')
    .values({
      event_id: eventId,
      user_id: user.id,
      email,
      name: overrides.name ?? `Name${n}`,
      surname: overrides.surname ?? `Surname${n}`,
      organizer: overrides.organizer ?? false,
      type_id: overrides.typeId ?? null,
      rights: overrides.rights ?? {},
      is_speaker: overrides.isSpeaker ?? false,
      visible: overrides.visible ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await signAccessToken(ctx.config.jwtSecret, { userId: user.id });
  return { id: participant.id, userId: user.id, email, headers: { authorization: `Bearer ${token}` } };
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

export function createType(ctx: AppContext, eventId: number, name = 'Visitor') {
  return ctx.db
    .insertInto('participant_types')
    .values({ event_id: eventId, name })
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

export const join = (app: FastifyInstance, who: TestParticipant, eventId: number, sessionId: number) =>
  api(app, {
    method: 'POST',
    url: '/api/v1/event/schedule/join',
    headers: who.headers,
    payload: { eventId, toType: 'session', sessionId },
  });
