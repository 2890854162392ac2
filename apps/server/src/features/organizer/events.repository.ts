import { type Insertable, sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { EventRow, EventsTable, ParticipantRow, ParticipantTypesTable } from '../../db/schema';

/** The console's events: those where the user organizes or checks people in, archived ones too. */
export async function findConsoleEvents(
  db: Executor,
  userId: number,
): Promise<{ event: EventRow; me: ParticipantRow; participantCount: number }[]> {
  const rows = await db
    .selectFrom('participants as me')
    .innerJoin('events', 'events.id', 'me.event_id')
    .selectAll('me')
    .select((eb) => [
      eb
        .selectFrom('participants as p')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('p.event_id', '=', 'me.event_id')
        .where('p.state', '!=', 'deleted')
        .as('participant_count'),
    ])
    .where('me.user_id', '=', userId)
    .where('me.state', '!=', 'deleted')
    .where((eb) => eb.or([eb('me.organizer', '=', true), eb('me.check_in_admin', '=', true)]))
    .orderBy('events.real_sdt', 'desc')
    .orderBy('events.id', 'desc')
    .execute();
  if (rows.length === 0) return [];
  const events = await db
    .selectFrom('events')
    .selectAll()
    .where(
      'id',
      'in',
      rows.map((r) => r.event_id),
    )
    .execute();
  const byId = new Map(events.map((e) => [e.id, e]));
  return rows.map(({ participant_count, ...me }) => ({
    event: byId.get(me.event_id)!,
    me: me as ParticipantRow,
    participantCount: Number(participant_count ?? 0),
  }));
}

export function countParticipants(db: Executor, eventId: number): Promise<number> {
  return db
    .selectFrom('participants')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('event_id', '=', eventId)
    .where('state', '!=', 'deleted')
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function insertEvent(db: Executor, values: Insertable<EventsTable>): Promise<EventRow> {
  return db.insertInto('events').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateEvent(
  db: Executor,
  eventId: number,
  values: Updateable<EventsTable>,
): Promise<EventRow> {
  return db
    .updateTable('events')
    .set(values)
    .where('id', '=', eventId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Locks the event row for a read-modify-write of its JSON settings. */
/**
 * Whether an event still shows this uploaded logo or banner: a duplicated event starts with the
 * original's files, so a new upload on either must not delete what the other shows.
 */
export async function eventImageInUse(db: Executor, url: string): Promise<boolean> {
  const row = await db
    .selectFrom('events')
    .select('id')
    .where(sql<boolean>`images->>'logo' = ${url} OR images->>'banner' = ${url}`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function lockEvent(db: Executor, eventId: number): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', eventId).forUpdate().executeTakeFirst();
}

export function isDomainTaken(db: Executor, domain: string, exceptEventId: number | null): Promise<boolean> {
  let query = db.selectFrom('events').select('id').where('domain', '=', domain);
  if (exceptEventId !== null) query = query.where('id', '!=', exceptEventId);
  return query.executeTakeFirst().then((row) => row !== undefined);
}

export function insertParticipantTypes(
  db: Executor,
  rows: Insertable<ParticipantTypesTable>[],
): Promise<{ id: number; name: string }[]> {
  return db.insertInto('participant_types').values(rows).returning(['id', 'name']).execute();
}

/** The set-up a duplicate copies: participant types, categories, rooms, tracks and sessions. */
export async function readSetup(db: Executor, eventId: number) {
  const [types, categories, locations, tracks, sessions] = await Promise.all([
    db.selectFrom('participant_types').selectAll().where('event_id', '=', eventId).orderBy('id').execute(),
    db.selectFrom('categories').selectAll().where('event_id', '=', eventId).orderBy('id').execute(),
    db.selectFrom('locations').selectAll().where('event_id', '=', eventId).orderBy('id').execute(),
    db.selectFrom('tracks').selectAll().where('event_id', '=', eventId).orderBy('id').execute(),
    db
      .selectFrom('sessions')
      .selectAll()
      .where('event_id', '=', eventId)
      .where('deleted', '=', false)
      .orderBy('id')
      .execute(),
  ]);
  return { types, categories, locations, tracks, sessions };
}
export type EventSetup = Awaited<ReturnType<typeof readSetup>>;

/** Copies a set-up into another event, moving every session by `shiftMs`. Ids map old → new. */
export async function copySetup(
  db: Executor,
  setup: EventSetup,
  eventId: number,
  shiftMs: number,
): Promise<void> {
  const typeIds = new Map<number, number>();
  for (const { id, event_id: _, ...type } of setup.types) {
    const row = await db
      .insertInto('participant_types')
      .values({
        ...type,
        event_id: eventId,
        invitation_rights: null, // the copy's own types, once they all have ids (below)
        texts: JSON.stringify(type.texts ?? {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    typeIds.set(id, row.id);
  }
  // Type ids name the copy's types, never the original event's.
  const copiedTypes = (ids: readonly number[]) => ids.flatMap((t) => typeIds.get(t) ?? []);
  for (const type of setup.types) {
    if (type.invitation_rights === null) continue;
    await db
      .updateTable('participant_types')
      .set({ invitation_rights: JSON.stringify(copiedTypes(type.invitation_rights)) })
      .where('id', '=', typeIds.get(type.id) as number)
      .execute();
  }
  const categoryIds = new Map<number, number>();
  // Parents first (they have lower ids than their options in every set-up this app writes).
  const ordered = [...setup.categories].sort(
    (a, b) => Number(a.parent_id !== null) - Number(b.parent_id !== null),
  );
  for (const { id, event_id: _, parent_id, ...category } of ordered) {
    const row = await db
      .insertInto('categories')
      .values({
        ...category,
        event_id: eventId,
        parent_id: parent_id === null ? null : (categoryIds.get(parent_id) ?? null),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryIds.set(id, row.id);
  }
  const locationIds = new Map<number, number>();
  for (const { id, event_id: _, used_capacity: __, ...location } of setup.locations) {
    const row = await db
      .insertInto('locations')
      .values({ ...location, event_id: eventId })
      .returning('id')
      .executeTakeFirstOrThrow();
    locationIds.set(id, row.id);
  }
  const trackIds = new Map<number, number>();
  for (const { id, event_id: _, ...track } of setup.tracks) {
    const row = await db
      .insertInto('tracks')
      .values({ ...track, event_id: eventId })
      .returning('id')
      .executeTakeFirstOrThrow();
    trackIds.set(id, row.id);
  }
  const sessionIds = new Map<number, number>();
  // Parents (sessions with sub-sessions) before their children.
  const sessions = [...setup.sessions].sort(
    (a, b) => Number(a.parent_id !== null) - Number(b.parent_id !== null),
  );
  for (const session of sessions) {
    const row = await db
      .insertInto('sessions')
      .values({
        event_id: eventId,
        parent_id: session.parent_id === null ? null : (sessionIds.get(session.parent_id) ?? null),
        location_id: session.location_id === null ? null : (locationIds.get(session.location_id) ?? null),
        track_id: session.track_id === null ? null : (trackIds.get(session.track_id) ?? null),
        name: session.name,
        type: session.type,
        description: session.description,
        sdt: new Date(session.sdt.getTime() + shiftMs),
        edt: new Date(session.edt.getTime() + shiftMs),
        capacity: session.capacity,
        hidden: session.hidden,
        restricted: session.restricted,
        allowed_type_ids: copiedTypes(session.allowed_type_ids),
        external_link: session.external_link,
        offline_link: session.offline_link,
        on_site: session.on_site,
        needs_approval: session.needs_approval,
        images: JSON.stringify(session.images),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    sessionIds.set(session.id, row.id);
  }
}
