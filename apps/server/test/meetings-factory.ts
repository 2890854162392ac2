import { MEETING_SLOT_SESSION_TYPE } from '@foyer/contract';
import type { AppContext } from '../src/context';
import { signAccessToken } from '../src/http/auth';

/** Small factories for attendee, meeting and booth tests. */

let counter = 0;
const next = () => ++counter;

export async function makeEvent(
  ctx: AppContext,
  overrides: { restricted?: boolean; timezone?: string; start?: Date; days?: number } = {},
) {
  const start = overrides.start ?? new Date('2030-05-01T08:00:00Z');
  const end = new Date(start.getTime() + (overrides.days ?? 2) * 86_400_000);
  return ctx.db
    .insertInto('events')
    .values({
      name: `Event ${next()}`,
      event_type: 'hybrid',
      timezone: overrides.timezone ?? 'UTC',
      start_date: start,
      real_sdt: start,
      real_edt: end,
      registration_form: '[]',
      images: '{}',
      colors: '{}',
      pages: '{}',
      tabs: '[]',
      translation: '{}',
      restricted: overrides.restricted ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface Person {
  id: number;
  userId: number;
  name: string;
  headers: { authorization: string };
}

type PersonOptions = Partial<{
  name: string;
  surname: string;
  typeId: number | null;
  boothId: number | null;
  boothRole: 'owner' | 'admin' | 'user' | 'not_confirmed' | null;
  organizer: boolean;
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

export async function makePerson(ctx: AppContext, eventId: number, o: PersonOptions = {}): Promise<Person> {
  const n = next();
  const name = o.name ?? `Person${n}`;
  const user = await ctx.db
    .insertInto('users')
    .values({
      username: `user${n}-${Date.now()}@example.test`,
      name,
      surname: o.surname ?? 'Tester',
      ui_settings: '{}',
      notification_preferences: '[]',
      device_tokens: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const values = {
    event_id: eventId,
    user_id: user.id,
    email: `user${n}@example.test`,
    name,
    surname: o.surname ?? 'Tester',
    type_id: o.typeId ?? null,
    booth_id: o.boothId ?? null,
    booth_role: o.boothRole ?? null,
    organizer: o.organizer ?? false,
    rights: JSON.stringify(o.rights ?? {}),
    offer: o.offer ?? '',
    seek: o.seek ?? '',
    company: o.company ?? '',
    job_title: o.jobTitle ?? '',
    category_ids: o.categoryIds ?? [],
    visible: o.visible ?? true,
    state: o.state ?? ('active' as const),
    phone: o.phone ?? '',
    fields: '{}',
    social_links: '{}',
  };
  const row = await ctx.db
    .insertInto('participants')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await signAccessToken(ctx.config.jwtSecret, { userId: user.id });
  return { id: row.id, userId: user.id, name, headers: { authorization: `Bearer ${token}` } };
}

export async function makeType(
  ctx: AppContext,
  eventId: number,
  o: Partial<{
    name: string;
    priority: number;
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
      max_meeting_count: o.maxMeetingCount ?? null,
      invitation_rights: o.invitationRights === undefined ? null : JSON.stringify(o.invitationRights),
      disable_guest: o.disableGuest ?? false,
      allowed_to_modify: o.allowedToModify ?? true,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function makeCategory(
  ctx: AppContext,
  eventId: number,
  o: {
    name: string;
    parentId?: number;
    maxSelectable?: number;
    isMulti?: boolean;
    required?: boolean;
    type?: 'select' | 'text';
  },
) {
  return ctx.db
    .insertInto('categories')
    .values({
      event_id: eventId,
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

export async function makeBooth(ctx: AppContext, eventId: number, name = `Booth ${next()}`) {
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
export async function makeSlots(ctx: AppContext, eventId: number, start: Date, count: number, minutes = 30) {
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
