import type { Insertable } from 'kysely';
import type { Executor } from '../db/executor';
import type { EventsTable, LocationsTable, ParticipantRow, SessionsTable, TracksTable } from '../db/schema';
import { generateTicketId } from '../features/registration/ticket';
import { findUserByUsername, insertUser } from '../features/user/user.repository';
import { BATCH_SIZE, type ParticipantProfile } from './people';

/** Building blocks shared by the demo seed and the benchmark seed. */

export async function hasEvents(db: Executor): Promise<boolean> {
  const row = await db.selectFrom('events').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function insertEvent(db: Executor, values: Insertable<EventsTable>): Promise<number> {
  const row = await db.insertInto('events').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertParticipantTypes(
  db: Executor,
  eventId: number,
  types: readonly {
    name: string;
    ticket_type: string;
    priority: number;
    max_meeting_count: number | null;
    at_registration: boolean;
  }[],
): Promise<Map<string, number>> {
  const rows = await db
    .insertInto('participant_types')
    .values(types.map((t) => ({ ...t, event_id: eventId })))
    .returning(['id', 'name'])
    .execute();
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** Groups (parent rows) and their options; returns the option ids per group name. */
export async function insertCategories(
  db: Executor,
  eventId: number,
  kind: 'participant' | 'booth',
  tree: Record<string, readonly string[]>,
): Promise<Map<string, number[]>> {
  const groups = Object.keys(tree);
  const parents = await db
    .insertInto('categories')
    .values(
      groups.map((name) => ({
        event_id: eventId,
        kind,
        name,
        is_multi: name !== 'Industry',
        max_selectable: name === 'Industry' ? 1 : 3,
        required: name === 'Industry',
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const result = new Map<string, number[]>();
  for (const parent of parents) {
    const children = await db
      .insertInto('categories')
      .values(
        (tree[parent.name] ?? []).map((name) => ({ event_id: eventId, parent_id: parent.id, kind, name })),
      )
      .returning('id')
      .execute();
    result.set(
      parent.name,
      children.map((c) => c.id),
    );
  }
  return result;
}

export async function insertLocations(db: Executor, rows: Insertable<LocationsTable>[]): Promise<number[]> {
  const inserted = await db.insertInto('locations').values(rows).returning('id').execute();
  return inserted.map((r) => r.id);
}

export async function insertTracks(db: Executor, rows: Insertable<TracksTable>[]): Promise<number[]> {
  const inserted = await db.insertInto('tracks').values(rows).returning('id').execute();
  return inserted.map((r) => r.id);
}

export async function insertSessions(db: Executor, rows: Insertable<SessionsTable>[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const inserted = await db
      .insertInto('sessions')
      .values(rows.slice(start, start + BATCH_SIZE))
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/** A named demo login: reuses an existing account (and its password), else creates it. */
export async function ensureLogin(
  db: Executor,
  person: { email: string; name: string; surname: string; timezone: string | null },
  passwordHash: string,
): Promise<number> {
  const existing = await findUserByUsername(db, person.email);
  if (existing) return existing.id;
  const user = await insertUser(db, {
    username: person.email,
    name: person.name,
    surname: person.surname,
    passwordHash,
    timezone: person.timezone,
  });
  return user.id;
}

export function insertParticipant(
  db: Executor,
  values: {
    event_id: number;
    user_id: number;
    email: string;
    name: string;
    surname: string;
  } & ParticipantProfile,
): Promise<ParticipantRow> {
  return db
    .insertInto('participants')
    .values({ rights: '{}', fields: '{}', reg_type: 'seed', ticket_id: generateTicketId(), ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}
