import type { Insertable, Kysely } from 'kysely';
import type { DB, EventRow, EventsTable, ParticipantRow, ParticipantsTable, UserRow } from '../../db/schema';
import { signAccessToken } from '../../http/auth';
import { insertUser } from '../user/user.service';

/** Small factories for event and registration tests. */

const DAY = 86_400_000;
let counter = 0;

export async function makeEvent(
  db: Kysely<DB>,
  overrides: Partial<Insertable<EventsTable>> & { startsInDays?: number; lastsDays?: number } = {},
): Promise<EventRow> {
  const { startsInDays = 7, lastsDays = 2, ...rest } = overrides;
  const start = new Date(Date.now() + startsInDays * DAY);
  const end = new Date(start.getTime() + lastsDays * DAY);
  return db
    .insertInto('events')
    .values({
      name: `Event ${++counter}`,
      event_type: 'normal',
      start_date: start,
      real_sdt: start,
      real_edt: end,
      public_event: false,
      registration_form: '[]',
      images: '{}',
      colors: '{}',
      pages: '{}',
      tabs: '[]',
      translation: '{}',
      ...rest,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function makeType(
  db: Kysely<DB>,
  eventId: number,
  values: { name: string; atRegistration?: boolean; priority?: number; ticketType?: string | null },
): Promise<number> {
  const row = await db
    .insertInto('participant_types')
    .values({
      event_id: eventId,
      name: values.name,
      at_registration: values.atRegistration ?? false,
      priority: values.priority ?? 0,
      ticket_type: values.ticketType ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function makeUser(
  db: Kysely<DB>,
  email = `user${++counter}@foyer.test`,
  passwordHash: string | null = null,
): Promise<UserRow> {
  return insertUser(db, { username: email, name: 'Test', surname: 'User', passwordHash });
}

export async function makeParticipant(
  db: Kysely<DB>,
  eventId: number,
  user: UserRow | null,
  overrides: Partial<Insertable<ParticipantsTable>> = {},
): Promise<ParticipantRow> {
  return db
    .insertInto('participants')
    .values({
      event_id: eventId,
      user_id: user?.id ?? null,
      email: user?.username ?? `listed${++counter}@foyer.test`,
      name: user?.name ?? 'Listed',
      surname: user?.surname ?? 'Person',
      rights: '{}',
      fields: '{}',
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function bearer(secret: string, userId: number): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await signAccessToken(secret, { userId })}` };
}

/** Row counts of the tables a registration writes, to prove a rejected request wrote nothing. */
export async function writeCounts(db: Kysely<DB>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['users', 'user_emails', 'identities', 'participants'] as const) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}
