import { faker } from '@faker-js/faker/locale/en';
import { MEETING_SLOT_SESSION_TYPE } from '@foyer/contract';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { DateTime } from 'luxon';
import { isUniqueViolation } from '../db/errors';
import type { DB, SessionPeopleTable } from '../db/schema';
import { hashPassword } from '../features/auth/password';
import {
  BOOTH_CATEGORIES,
  BOOTHS,
  DEMO_ATTENDEES,
  DEMO_DOMAIN,
  DEMO_EVENT,
  DEMO_PASSWORD,
  DEMO_SPEAKERS,
  DEMO_TIMEZONE,
  DEMO_VENUE_MAP,
  DEMO_VIPS,
  FAKER_SEED,
  LOCATIONS,
  LOGINS,
  MEETING_POINT,
  MEETING_SLOTS,
  ORGANIZER_RIGHTS,
  PARTICIPANT_CATEGORIES,
  PARTICIPANT_TYPES,
  REGISTRATION_FORM,
  SESSIONS,
  SLOTS,
  TRACKS,
} from './demo-content';
import { seedPastEvent } from './demo-past';
import { fakePerson, insertPeople, type SeedPerson } from './people';
import {
  ensureLogin,
  hasEvents,
  insertCategories,
  insertEvent,
  insertLocations,
  insertParticipant,
  insertParticipantTypes,
  insertSessions,
  insertTracks,
} from './structure';

const PEOPLE_DOMAIN = 'demo.foyer.test';

/**
 * First start on an empty database: the demo event, a finished past event and three logins.
 * One transaction, so a crash leaves nothing half-seeded and a second instance racing this one
 * fails on the unique event domain and backs off. Returns whether it seeded.
 */
export async function seedDemoIfEmpty(
  db: Kysely<DB>,
  options: { log: (line: string) => void; now?: Date; password?: string },
): Promise<boolean> {
  if (await hasEvents(db)) return false;
  const started = Date.now();
  const password = options.password ?? DEMO_PASSWORD;
  // One argon2 hash for every demo account: hashing 300 times would take most of a minute.
  const passwordHash = await hashPassword(password);
  let summary: { attendees: number; sessions: number; meetingSlots: number };
  try {
    summary = await db.transaction().execute((trx) => seedDemo(trx, passwordHash, options.now ?? new Date()));
  } catch (error) {
    if (isUniqueViolation(error) && (await hasEvents(db))) return false;
    throw error;
  }
  const log = options.log;
  log(
    `Demo data seeded in ${Date.now() - started} ms: "${DEMO_EVENT.name}" (domain label "${DEMO_DOMAIN}", ` +
      `${summary.attendees} attendees, ${summary.sessions} sessions, ${summary.meetingSlots} meeting slots) and a finished past event.`,
  );
  log(`Demo logins (password "${password}"):`);
  log(`  ${LOGINS.organizer}  organizer of both events, check-in admin, super user (log in as anyone)`);
  log(`  ${LOGINS.attendee}   attendee of both events`);
  log(`  ${LOGINS.exhibitor}  owner of the ${BOOTHS[0].name} booth`);
  return true;
}

async function seedDemo(trx: Transaction<DB>, passwordHash: string, now: Date) {
  faker.seed(FAKER_SEED);
  // Starts in three days at 09:00 event time and runs two days, whatever day it is seeded.
  const day1 = DateTime.fromJSDate(now, { zone: DEMO_TIMEZONE }).startOf('day').plus({ days: 3 });
  const days = [day1, day1.plus({ days: 1 })] as const;
  const at = (day: DateTime, [hour, minute]: readonly [number, number]) =>
    day.set({ hour, minute }).toJSDate();
  const eventId = await insertEvent(trx, {
    name: DEMO_EVENT.name,
    description: DEMO_EVENT.description,
    event_type: 'hybrid',
    default_language: 'en',
    timezone: DEMO_TIMEZONE,
    domain: DEMO_DOMAIN,
    public_event: true,
    registration_open: true,
    registration_form: JSON.stringify(REGISTRATION_FORM),
    start_date: at(days[0], [9, 0]),
    real_sdt: at(days[0], [9, 0]),
    real_edt: at(days[1], [18, 0]),
    images: JSON.stringify(DEMO_EVENT.images),
    colors: JSON.stringify(DEMO_EVENT.colors),
    pages: JSON.stringify({ login: null }),
    tabs: '[]',
    limit_tabs: null,
    tabs_config: null,
    translation: '{}',
  });
  const types = await insertParticipantTypes(trx, eventId, PARTICIPANT_TYPES);
  const typeId = (name: (typeof PARTICIPANT_TYPES)[number]['name']) => types.get(name)!;
  const categories = await insertCategories(trx, eventId, 'participant', PARTICIPANT_CATEGORIES);
  await insertCategories(trx, eventId, 'booth', BOOTH_CATEGORIES);
  const industries = categories.get('Industry')!;
  const interests = categories.get('Interests')!;
  const pickCategories = () => [
    faker.helpers.arrayElement(industries),
    ...faker.helpers.arrayElements(interests, { min: 1, max: 3 }),
  ];
  const boothIds = (
    await trx
      .insertInto('booths')
      .values(
        BOOTHS.map(({ logo, ...booth }) => ({
          ...booth,
          event_id: eventId,
          images: JSON.stringify({ logo, banner: null }),
        })),
      )
      .returning('id')
      .execute()
  ).map((b) => b.id);

  // The three named logins.
  const organizerUser = await ensureLogin(
    trx,
    { email: LOGINS.organizer, name: 'Selin', surname: 'Kaya', timezone: DEMO_TIMEZONE },
    passwordHash,
  );
  // A6.04: the demo's organizer is also the platform's super user, so "Log in as" can be tried.
  await trx.updateTable('users').set({ is_super_user: true }).where('id', '=', organizerUser).execute();
  const attendeeUser = await ensureLogin(
    trx,
    { email: LOGINS.attendee, name: 'Alex', surname: 'Morgan', timezone: DEMO_TIMEZONE },
    passwordHash,
  );
  const exhibitorUser = await ensureLogin(
    trx,
    { email: LOGINS.exhibitor, name: 'Emre', surname: 'Demir', timezone: DEMO_TIMEZONE },
    passwordHash,
  );
  const organizerProfile = {
    user_id: organizerUser,
    email: LOGINS.organizer,
    name: 'Selin',
    surname: 'Kaya',
    organizer: true,
    organizer_role: 'owner',
    check_in_admin: true,
    rights: JSON.stringify(ORGANIZER_RIGHTS),
    company: 'Foyer Events',
    job_title: 'Event Director',
    city: 'Istanbul',
  };
  const attendeeProfile = {
    user_id: attendeeUser,
    email: LOGINS.attendee,
    name: 'Alex',
    surname: 'Morgan',
    company: 'Northwind Analytics',
    job_title: 'Product Manager',
    city: 'London',
    phone: '+44 20 7946 0321',
    website: 'https://northwind.example',
    biography: 'Product manager working on data tools for hospitals and clinics.',
    offer: 'Product discovery workshops and analytics for health teams',
    seek: 'Partners in health data interoperability and early customers',
    category_ids: [industries[1]!, interests[0]!, interests[5]!],
  };
  await insertParticipant(trx, { ...organizerProfile, event_id: eventId, type_id: typeId('VIP') });
  await insertParticipant(trx, {
    ...attendeeProfile,
    event_id: eventId,
    type_id: typeId('Attendee'),
  });
  await insertParticipant(trx, {
    event_id: eventId,
    user_id: exhibitorUser,
    email: LOGINS.exhibitor,
    name: 'Emre',
    surname: 'Demir',
    type_id: typeId('Exhibitor'),
    booth_id: boothIds[0]!,
    booth_role: 'owner',
    company: BOOTHS[0].name,
    job_title: 'Head of Partnerships',
    city: 'Istanbul',
    offer: 'Accounting integrations for marketplaces',
    seek: 'Resellers and accountants',
    category_ids: [industries[0]!],
  });

  // Everyone else comes from faker, in one multi-row insert per table.
  let index = 0;
  const person = (profile: SeedPerson['participant']): SeedPerson => {
    const p = fakePerson(faker, ++index, PEOPLE_DOMAIN, pickCategories());
    return { ...p, participant: { ...p.participant, ...profile } };
  };
  const speakers = Array.from({ length: DEMO_SPEAKERS }, () =>
    person({ type_id: typeId('Speaker'), is_speaker: true }),
  );
  const vips = Array.from({ length: DEMO_VIPS }, () => person({ type_id: typeId('VIP') }));
  const boothStaff = boothIds.flatMap((boothId, i) => [
    person({ type_id: typeId('Exhibitor'), booth_id: boothId, booth_role: i === 0 ? 'admin' : 'owner' }),
    person({ type_id: typeId('Exhibitor'), booth_id: boothId, booth_role: 'user' }),
  ]);
  const attendees = Array.from({ length: DEMO_ATTENDEES }, () => person({ type_id: typeId('Attendee') }));
  const ids = await insertPeople(
    trx,
    eventId,
    [...speakers, ...vips, ...boothStaff, ...attendees],
    passwordHash,
  );
  const speakerIds = ids.slice(0, speakers.length);

  const locationIds = await insertLocations(
    trx,
    LOCATIONS.map((l) => ({ event_id: eventId, name: l.name, capacity: l.capacity })),
  );
  // A2.71: the venue plan with its numbered places (positions in % of the picture).
  await trx
    .updateTable('events')
    .set({
      venue_map: JSON.stringify({
        image: DEMO_VENUE_MAP,
        width: 1200,
        height: 800,
        pins: [
          { x: 53.3, y: 93, label: 'Entrance and registration', roomId: null },
          { x: 26.7, y: 31, label: 'Keynotes and talks', roomId: locationIds[0] ?? null },
          { x: 75, y: 22, label: 'Workshops', roomId: locationIds[1] ?? null },
          { x: 75, y: 70, label: 'Expo: exhibitor stands', roomId: null },
          { x: 18.3, y: 80, label: 'Meeting Lounge (1:1 meetings)', roomId: null },
          { x: 42.9, y: 80, label: 'Café', roomId: null },
        ],
      }),
    })
    .where('id', '=', eventId)
    .execute();
  const trackIds = await insertTracks(
    trx,
    TRACKS.map((t) => ({ event_id: eventId, ...t })),
  );
  const sessionRows = SESSIONS.map((session, i) => {
    const day = days[Math.floor(i / 12)]!;
    const slot = SLOTS[Math.floor((i % 12) / 3)]!;
    const location = LOCATIONS[i % 3]!;
    return {
      event_id: eventId,
      location_id: locationIds[i % 3]!,
      track_id: trackIds[session.track]!,
      name: session.name,
      description: session.description,
      sdt: at(day, slot.start),
      edt: at(day, slot.end),
      capacity: location.capacity,
      on_site: !location.online,
      external_link: location.online ? `https://meet.jit.si/foyer-demo-${i + 1}` : null,
      images: '{}',
    };
  });
  const sessionIds = await insertSessions(trx, sessionRows);
  const people: Insertable<SessionPeopleTable>[] = sessionIds.flatMap((sessionId, i) => {
    const speaker = (offset: number) => speakerIds[(i + offset) % speakerIds.length]!;
    const rows: Insertable<SessionPeopleTable>[] = [
      { session_id: sessionId, participant_id: speaker(0), role: 'speaker' },
    ];
    if (SESSIONS[i]!.name.startsWith('Panel')) {
      rows.push({ session_id: sessionId, participant_id: speaker(5), role: 'speaker' });
      rows.push({ session_id: sessionId, participant_id: speaker(7), role: 'moderator' });
    }
    return rows;
  });
  await trx.insertInto('session_people').values(people).execute();
  // The meeting point: one-to-one meetings get a numbered table there (issue 15).
  const [meetingPoint] = await insertLocations(trx, [
    { event_id: eventId, name: MEETING_POINT, capacity: null },
  ]);
  const meetingSlots = await insertSessions(
    trx,
    days
      .flatMap((day) => meetingSlotsOn(day))
      .map(({ sdt, edt }) => ({
        event_id: eventId,
        location_id: meetingPoint!,
        track_id: null,
        name: '1:1 meeting',
        type: MEETING_SLOT_SESSION_TYPE,
        sdt,
        edt,
        capacity: null,
        external_link: null,
        images: '{}',
      })),
  );

  await seedPastEvent(trx, {
    now,
    passwordHash,
    organizer: organizerProfile,
    attendee: attendeeProfile,
    returning: attendees.slice(0, 40),
  });
  return { attendees: attendees.length, sessions: sessionIds.length, meetingSlots: meetingSlots.length };
}

/** The day's meeting slots (E3.08), back to back, in the event's time zone. */
function meetingSlotsOn(day: DateTime): { sdt: Date; edt: Date }[] {
  const [fromHour, fromMinute] = MEETING_SLOTS.from;
  const [toHour, toMinute] = MEETING_SLOTS.to;
  const end = day.set({ hour: toHour, minute: toMinute });
  const slots: { sdt: Date; edt: Date }[] = [];
  for (
    let start = day.set({ hour: fromHour, minute: fromMinute });
    start.plus({ minutes: MEETING_SLOTS.minutes }) <= end;
    start = start.plus({ minutes: MEETING_SLOTS.minutes })
  ) {
    slots.push({ sdt: start.toJSDate(), edt: start.plus({ minutes: MEETING_SLOTS.minutes }).toJSDate() });
  }
  return slots;
}
