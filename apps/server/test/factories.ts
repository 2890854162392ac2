import { MEETING_SLOT_SESSION_TYPE } from '@foyer/contract';
import type { Insertable } from 'kysely';
import type { AppContext } from '../src/context';
import type { EventRow, EventsTable, ParticipantRow, ParticipantsTable, UserRow } from '../src/db/schema';
import { hashPassword } from '../src/features/auth/password';
import { insertUser } from '../src/features/user/user.service';
import { signAccessToken } from '../src/http/auth';

/**
 * The one set of test factories for the server: every server test makes its rows here. Each factory
 * writes the smallest valid row and takes overrides for what a test cares about.
 */

type Ctx = Pick<AppContext, 'db' | 'config'>;

const DAY = 86_400_000;
let counter = 0;
const next = () => ++counter;

/** Authorization headers for the user, signed like a real login. */
export async function tokenHeaders(ctx: Ctx, userId: number): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await signAccessToken(ctx.config.jwtSecret, { userId })}` };
}

export type TestUser = UserRow & { token: string; headers: { authorization: string } };

/**
 * A user with a confirmed primary e-mail and a bearer token. No password unless `password` (hashed
 * here, slow; auth tests pass TEST_PASSWORD to log in through the route) or `passwordHash` is given.
 */
export async function makeUser(
  ctx: Ctx,
  o: {
    username?: string;
    name?: string;
    surname?: string;
    password?: string;
    passwordHash?: string | null;
    verified?: boolean;
    superUser?: boolean;
  } = {},
): Promise<TestUser> {
  const n = next();
  const passwordHash = o.password !== undefined ? await hashPassword(o.password) : (o.passwordHash ?? null);
  const user = await insertUser(ctx.db, {
    username: o.username ?? `user${n}-${Date.now()}@foyer.test`,
    name: o.name ?? 'Ada',
    surname: o.surname ?? 'Lovelace',
    passwordHash,
    ...(o.verified === undefined ? {} : { verified: o.verified }),
  });
  if (o.superUser) {
    await ctx.db.updateTable('users').set({ is_super_user: true }).where('id', '=', user.id).execute();
    user.is_super_user = true;
  }
  const token = await signAccessToken(ctx.config.jwtSecret, { userId: user.id });
  return { ...user, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * An event's row with its content left empty: the name, the kind and the days as given. The benches
 * make their events with it too.
 */
export function eventRow(
  name: string,
  {
    type = 'online',
    start = new Date('2030-01-01T09:00:00Z'),
    end = start,
  }: {
    type?: Insertable<EventsTable>['event_type'];
    start?: Date;
    end?: Date;
  } = {},
): Insertable<EventsTable> {
  return {
    name,
    event_type: type,
    start_date: start,
    real_sdt: start,
    real_edt: end,
    registration_form: '[]',
    images: '{}',
    colors: '{}',
    pages: '{}',
    tabs: '[]',
    translation: '{}',
  };
}

/**
 * An event. By default a private two-day hybrid event from 2030-05-01 08:00 UTC; `start` or `startsInDays`
 * (from now) and `days` move it, and any column can be overridden.
 */
export async function makeEvent(
  ctx: Ctx,
  o: Partial<Insertable<EventsTable>> & { start?: Date; startsInDays?: number; days?: number } = {},
): Promise<EventRow> {
  const { start: startAt, startsInDays, days = 2, ...columns } = o;
  const start =
    startAt ??
    (startsInDays === undefined
      ? new Date('2030-05-01T08:00:00Z')
      : new Date(Date.now() + startsInDays * DAY));
  const end = new Date(start.getTime() + days * DAY);
  return ctx.db
    .insertInto('events')
    .values({
      ...eventRow(`Event ${next()}`, { type: 'hybrid', start, end }),
      timezone: 'UTC',
      public_event: false,
      ...columns,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A participant type of the event. */
export async function makeType(
  ctx: Ctx,
  eventId: number,
  o: Partial<{
    name: string;
    priority: number;
    atRegistration: boolean;
    ticketType: string | null;
    maxMeetingCount: number | null;
    invitationRights: number[] | null;
    disableGuest: boolean;
    allowedToModify: boolean;
  }> = {},
) {
  return ctx.db
    .insertInto('participant_types')
    .values({
      event_id: eventId,
      name: o.name ?? `Type ${next()}`,
      priority: o.priority ?? 0,
      at_registration: o.atRegistration ?? false,
      ticket_type: o.ticketType ?? null,
      max_meeting_count: o.maxMeetingCount ?? null,
      invitation_rights: o.invitationRights == null ? null : JSON.stringify(o.invitationRights),
      disable_guest: o.disableGuest ?? false,
      allowed_to_modify: o.allowedToModify ?? true,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A participant record of the event, for `user` or, with `null`, a listed person without an account.
 * Named after the user unless overridden.
 */
export async function makeParticipant(
  ctx: Ctx,
  eventId: number,
  user: Pick<UserRow, 'id' | 'username' | 'name' | 'surname'> | null,
  overrides: Partial<Insertable<ParticipantsTable>> = {},
): Promise<ParticipantRow> {
  return ctx.db
    .insertInto('participants')
    .values({
      event_id: eventId,
      user_id: user?.id ?? null,
      email: user?.username ?? `listed${next()}@foyer.test`,
      name: user?.name ?? 'Listed',
      surname: user?.surname ?? 'Person',
      rights: '{}',
      fields: '{}',
      social_links: '{}',
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A user who is a participant of the event, signed in: what most feature tests act as. */
export interface Person {
  /** The participant id. */
  id: number;
  userId: number;
  name: string;
  email: string;
  headers: { authorization: string };
}

export type PersonOptions = Partial<{
  /** The user's login and the participant's e-mail. */
  email: string;
  name: string;
  surname: string;
  typeId: number | null;
  boothId: number | null;
  boothRole: 'owner' | 'admin' | 'user' | 'not_confirmed' | null;
  organizer: boolean;
  /** owner | admin (organizers); null for everyone else. */
  organizerRole: string | null;
  checkInAdmin: boolean;
  isSpeaker: boolean;
  rights: Record<string, boolean>;
  offer: string;
  seek: string;
  company: string;
  jobTitle: string;
  categoryIds: number[];
  visible: boolean;
  state: 'active' | 'inactive' | 'invited' | 'deleted';
  phone: string;
}>;

export async function makePerson(ctx: Ctx, eventId: number, o: PersonOptions = {}): Promise<Person> {
  const n = next();
  const name = o.name ?? `Person${n}`;
  const surname = o.surname ?? 'Tester';
  const email = o.email ?? `user${n}-${Date.now()}@example.test`;
  const user = await makeUser(ctx, { username: email, name, surname });
  const row = await makeParticipant(ctx, eventId, user, {
    type_id: o.typeId ?? null,
    booth_id: o.boothId ?? null,
    booth_role: o.boothRole ?? null,
    organizer: o.organizer ?? false,
    organizer_role: o.organizerRole ?? null,
    check_in_admin: o.checkInAdmin ?? false,
    is_speaker: o.isSpeaker ?? false,
    rights: JSON.stringify(o.rights ?? {}),
    offer: o.offer ?? '',
    seek: o.seek ?? '',
    company: o.company ?? '',
    job_title: o.jobTitle ?? '',
    category_ids: o.categoryIds ?? [],
    visible: o.visible ?? true,
    state: o.state ?? 'active',
    phone: o.phone ?? '',
  });
  return { id: row.id, userId: user.id, name, email, headers: user.headers };
}

/** A group chat room of the event with these people as its members (their participant and user ids). */
export async function makeChatRoom(
  ctx: Ctx,
  eventId: number,
  members: readonly { id: number; userId: number }[],
  name = `Room ${next()}`,
): Promise<number> {
  const room = await ctx.db
    .insertInto('chat_rooms')
    .values({ event_id: eventId, type: 'group', name, created_by: members[0]?.id ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('chat_members')
    .values(members.map((m) => ({ room_id: room.id, participant_id: m.id, user_id: m.userId })))
    .execute();
  return room.id;
}

export async function makeCategory(
  ctx: Ctx,
  eventId: number,
  o: {
    name: string;
    parentId?: number;
    maxSelectable?: number;
    isMulti?: boolean;
    required?: boolean;
    type?: 'select' | 'text';
    kind?: 'participant' | 'booth';
  },
) {
  return ctx.db
    .insertInto('categories')
    .values({
      event_id: eventId,
      kind: o.kind ?? 'participant',
      name: o.name,
      parent_id: o.parentId ?? null,
      max_selectable: o.maxSelectable ?? null,
      is_multi: o.isMulti ?? true,
      required: o.required ?? false,
      type: o.type ?? 'select',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function makeBooth(ctx: Ctx, eventId: number, name = `Booth ${next()}`) {
  return ctx.db
    .insertInto('booths')
    .values({
      event_id: eventId,
      name,
      images: JSON.stringify({ logo: '/logo.png' }),
      documents: '[]',
      social_links: '{}',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** `count` back-to-back meeting slots of `minutes` from `start`. */
export async function makeSlots(ctx: Ctx, eventId: number, start: Date, count: number, minutes = 30) {
  const rows = [];
  for (let i = 0; i < count; i++) {
    const sdt = new Date(start.getTime() + i * minutes * 60_000);
    const edt = new Date(sdt.getTime() + minutes * 60_000);
    rows.push({
      event_id: eventId,
      name: 'Meeting slot',
      type: MEETING_SLOT_SESSION_TYPE,
      sdt,
      edt,
      images: '{}',
    });
  }
  return ctx.db.insertInto('sessions').values(rows).returningAll().execute();
}

/** Row counts of the tables a registration writes, to prove a rejected request wrote nothing. */
export async function writeCounts(ctx: Ctx): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['users', 'user_emails', 'identities', 'participants'] as const) {
    const row = await ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}
