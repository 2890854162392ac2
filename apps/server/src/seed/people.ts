import type { Faker } from '@faker-js/faker';
import type { Insertable, Kysely } from 'kysely';
import type { Executor } from '../db/executor';
import type { DB, ParticipantsTable } from '../db/schema';
import { generateTicketId } from '../features/registration/ticket';

/** Participant columns a seed may set; the account and the record share name and e-mail. */
export type ParticipantProfile = Omit<
  Insertable<ParticipantsTable>,
  'event_id' | 'user_id' | 'email' | 'name' | 'surname'
>;

export interface SeedPerson {
  email: string;
  name: string;
  surname: string;
  timezone?: string | null;
  participant: ParticipantProfile;
}

export const BATCH_SIZE = 1000;

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** A plausible attendee profile; `index` keeps the e-mail unique however faker repeats names. */
export function fakePerson(faker: Faker, index: number, domain: string, categoryIds: number[]): SeedPerson {
  const name = faker.person.firstName();
  const surname = faker.person.lastName();
  return {
    email: `${slug(name)}.${slug(surname)}.${index}@${domain}`,
    name,
    surname,
    participant: {
      company: faker.company.name(),
      job_title: faker.person.jobTitle(),
      city: faker.location.city(),
      phone: faker.phone.number({ style: 'international' }),
      biography: faker.person.bio(),
      offer: faker.company.catchPhrase(),
      seek: `Looking for partners to ${faker.company.buzzPhrase()}`,
      category_ids: categoryIds,
    },
  };
}

/**
 * Accounts (user, primary confirmed e-mail, cognito identity: the same rows `insertUser` writes)
 * and participant records for many people in four multi-row inserts. Existing accounts are reused
 * and keep their password. Returns the participant ids in input order.
 */
export async function insertPeople(
  db: Executor,
  eventId: number,
  people: SeedPerson[],
  passwordHash: string,
): Promise<number[]> {
  if (people.length === 0) return [];
  const users = await db
    .insertInto('users')
    .values(
      people.map((p) => ({
        username: p.email,
        name: p.name,
        surname: p.surname,
        password_hash: passwordHash,
        timezone: p.timezone ?? null,
        ui_settings: '{}',
        notification_preferences: '[]',
        device_tokens: '[]',
      })),
    )
    // A no-op update so RETURNING also yields accounts that already existed.
    .onConflict((oc) =>
      oc.column('username').doUpdateSet((eb) => ({ username: eb.ref('excluded.username') })),
    )
    .returning(['id', 'username'])
    .execute();
  const userIds = new Map(users.map((u) => [u.username, u.id]));
  const now = new Date();
  await db
    .insertInto('user_emails')
    .values(
      people.map((p) => ({
        user_id: userIds.get(p.email)!,
        email: p.email,
        is_primary: true,
        confirmed_at: now,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('identities')
    .values(users.map((u) => ({ user_id: u.id, provider: 'cognito', subject: String(u.id) })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const rows = await db
    .insertInto('participants')
    .values(
      people.map((p) => ({
        rights: '{}',
        fields: '{}',
        ticket_id: generateTicketId(),
        reg_type: 'seed',
        ...p.participant,
        event_id: eventId,
        user_id: userIds.get(p.email)!,
        email: p.email,
        name: p.name,
        surname: p.surname,
      })),
    )
    .returning(['id', 'email'])
    .execute();
  const ids = new Map(rows.map((r) => [r.email, r.id]));
  return people.map((p) => ids.get(p.email)!);
}

/** insertPeople in chunks of BATCH_SIZE, each chunk its own transaction, reporting progress. */
export async function insertPeopleInBatches(
  db: Kysely<DB>,
  eventId: number,
  people: SeedPerson[],
  passwordHash: string,
  onProgress: (done: number) => void,
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < people.length; start += BATCH_SIZE) {
    const chunk = people.slice(start, start + BATCH_SIZE);
    ids.push(...(await db.transaction().execute((trx) => insertPeople(trx, eventId, chunk, passwordHash))));
    onProgress(start + chunk.length);
  }
  return ids;
}
