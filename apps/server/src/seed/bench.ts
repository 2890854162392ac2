import { faker } from '@faker-js/faker/locale/en';
import type { Insertable, Kysely } from 'kysely';
import { DateTime } from 'luxon';
import type { DB, SessionsTable } from '../db/schema';
import { hashPassword } from '../features/auth/password';
import {
  DEMO_PASSWORD,
  FAKER_SEED,
  LOGINS,
  ORGANIZER_RIGHTS,
  PARTICIPANT_CATEGORIES,
  PARTICIPANT_TYPES,
} from './demo-content';
import { BATCH_SIZE, fakePerson, insertPeopleInBatches, type SeedPerson } from './people';
import {
  ensureLogin,
  insertCategories,
  insertEvent,
  insertLocations,
  insertParticipant,
  insertParticipantTypes,
  insertSessions,
  insertTracks,
} from './structure';

export const BENCH_EVENT_NAME = 'Foyer Bench Expo';
const BENCH_TIMEZONE = 'Europe/Istanbul';
const BENCH_DAYS = 3;
const ROOMS = 10;
const SLOTS_PER_DAY = 18; // 09:00 to 18:00 in half hours

/**
 * A large event for load tests: `attendees` people (accounts with the demo password) and
 * `sessions` sessions, written in batches of BATCH_SIZE rows. The organizer demo login organizes it.
 */
export async function seedBench(
  db: Kysely<DB>,
  options: { attendees: number; sessions: number; log: (line: string) => void; now?: Date },
): Promise<{ eventId: number }> {
  const { log } = options;
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  faker.seed(FAKER_SEED);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const day1 = DateTime.fromJSDate(options.now ?? new Date(), { zone: BENCH_TIMEZONE })
    .startOf('day')
    .plus({ days: 1 });
  const taken = await db.selectFrom('events').select('id').where('domain', '=', 'bench').executeTakeFirst();
  const eventId = await insertEvent(db, {
    name: BENCH_EVENT_NAME,
    description: `Benchmark event with ${options.attendees} attendees and ${options.sessions} sessions.`,
    event_type: 'hybrid',
    timezone: BENCH_TIMEZONE,
    domain: taken ? null : 'bench',
    public_event: true,
    registration_form: '[]',
    start_date: day1.set({ hour: 9 }).toJSDate(),
    real_sdt: day1.set({ hour: 9 }).toJSDate(),
    real_edt: day1
      .plus({ days: BENCH_DAYS - 1 })
      .set({ hour: 18 })
      .toJSDate(),
    images: '{}',
    colors: JSON.stringify({ primary: '#1c4f8c' }),
    pages: '{}',
    tabs: '[]',
    translation: '{}',
  });
  log(`Event "${BENCH_EVENT_NAME}" id ${eventId}`);
  const types = await insertParticipantTypes(db, eventId, PARTICIPANT_TYPES);
  const categories = await insertCategories(db, eventId, 'participant', PARTICIPANT_CATEGORIES);
  const industries = categories.get('Industry')!;
  const interests = categories.get('Interests')!;
  const organizer = await ensureLogin(
    db,
    { email: LOGINS.organizer, name: 'Selin', surname: 'Kaya', timezone: BENCH_TIMEZONE },
    passwordHash,
  );
  await insertParticipant(db, {
    event_id: eventId,
    user_id: organizer,
    email: LOGINS.organizer,
    name: 'Selin',
    surname: 'Kaya',
    type_id: types.get('VIP')!,
    organizer: true,
    organizer_role: 'owner',
    check_in_admin: true,
    rights: JSON.stringify(ORGANIZER_RIGHTS),
  });

  // A tenth of the people (at most 200) speak; sessions draw their speakers from them.
  const speakerCount = Math.min(200, Math.ceil(options.attendees / 10));
  const domain = `e${eventId}.bench.foyer.test`;
  const people: SeedPerson[] = Array.from({ length: options.attendees }, (_, i) => {
    const person = fakePerson(faker, i + 1, domain, [
      faker.helpers.arrayElement(industries),
      faker.helpers.arrayElement(interests),
    ]);
    const speaker = i < speakerCount;
    person.participant.type_id = types.get(speaker ? 'Speaker' : 'Attendee')!;
    person.participant.is_speaker = speaker;
    return person;
  });
  log(`Generated ${people.length} people (${elapsed()})`);
  const ids = await insertPeopleInBatches(db, eventId, people, passwordHash, (done) => {
    log(`  attendees ${done}/${people.length} (${elapsed()})`);
  });

  const rooms = await insertLocations(
    db,
    Array.from({ length: ROOMS }, (_, i) => ({
      event_id: eventId,
      name: `Room ${i + 1}`,
      capacity: 100 + 50 * i,
    })),
  );
  const tracks = await insertTracks(
    db,
    ['Keynotes', 'Fintech', 'Health', 'Education', 'Energy', 'Media'].map((name) => ({
      event_id: eventId,
      name,
    })),
  );
  for (let start = 0; start < options.sessions; start += BATCH_SIZE) {
    const count = Math.min(BATCH_SIZE, options.sessions - start);
    const rows: Insertable<SessionsTable>[] = Array.from({ length: count }, (_, k) => {
      const i = start + k;
      const slot = Math.floor(i / (BENCH_DAYS * ROOMS)) % SLOTS_PER_DAY;
      const sdt = day1
        .plus({ days: i % BENCH_DAYS })
        .set({ hour: 9 })
        .plus({ minutes: 30 * slot });
      return {
        event_id: eventId,
        location_id: rooms[i % ROOMS]!,
        track_id: tracks[i % tracks.length]!,
        name: `${faker.company.catchPhrase()} (${i + 1})`,
        description: faker.company.buzzPhrase(),
        sdt: sdt.toJSDate(),
        edt: sdt.plus({ minutes: 30 }).toJSDate(),
        capacity: 100 + 50 * (i % ROOMS),
        on_site: true,
        images: '{}',
      };
    });
    await db.transaction().execute(async (trx) => {
      const sessionIds = await insertSessions(trx, rows);
      if (speakerCount === 0) return;
      await trx
        .insertInto('session_people')
        .values(
          sessionIds.map((sessionId, k) => ({
            session_id: sessionId,
            participant_id: ids[(start + k) % speakerCount]!,
            role: 'speaker' as const,
          })),
        )
        .execute();
    });
    log(`  sessions ${start + count}/${options.sessions} (${elapsed()})`);
  }
  log(`Done in ${elapsed()}: event ${eventId}, log in as ${LOGINS.organizer} / ${DEMO_PASSWORD}`);
  return { eventId };
}
