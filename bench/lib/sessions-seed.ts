/**
 * The data of the sessions list benchmark (bench/sessions.ts): one event with BENCH_SESSIONS
 * sessions and BENCH_ATTENDEES attendees, and BENCH_CALLERS callers: one with a few sessions and a
 * break, the others attendees of the seed with their three sessions each, as a crowd opening the tab.
 */
import { sql } from 'kysely';
import type { openBenchServerParts } from './bench-server';

export const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 2000);
export const ATTENDEES = Number(process.env.BENCH_ATTENDEES ?? 50_000);
export const CALLERS = Math.max(1, Math.min(ATTENDEES, Number(process.env.BENCH_CALLERS ?? 200)));

export type Db = Awaited<ReturnType<typeof openBenchServerParts>>['db'];

/** Batched set-based inserts (generate_series): seconds, not minutes, even on PGlite. */
export async function seedSessions(db: Db): Promise<{ eventId: number; userIds: number[] }> {
  const run = Date.now();
  const day0 = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 10, 9));
  const event = await db
    .insertInto('events')
    .values({
      name: `Bench conference ${run}`,
      event_type: 'hybrid',
      start_date: day0,
      real_sdt: day0,
      real_edt: new Date(day0.getTime() + 3 * 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const e = event.id;
  const type = await db
    .insertInto('participant_types')
    .values({ event_id: e, name: 'Attendee' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`INSERT INTO tracks (event_id, name, color) SELECT ${e}, 'Track ' || i, '#336699' FROM generate_series(1, 8) i`.execute(
    db,
  );
  await sql`INSERT INTO locations (event_id, name, capacity) SELECT ${e}, 'Room ' || i, 400 FROM generate_series(1, 40) i`.execute(
    db,
  );
  const ids = await sql<{ t: number; l: number }>`
    SELECT (SELECT min(id) FROM tracks WHERE event_id = ${e}) AS t, (SELECT min(id) FROM locations WHERE event_id = ${e}) AS l`.execute(
    db,
  );
  const { t: track0, l: location0 } = ids.rows[0]!;

  await sql`
    INSERT INTO participants (event_id, email, name, surname, company, job_title, type_id)
    SELECT ${e}, 'bench-' || ${run}::text || '-' || i || '@foyer.test', 'Att' || i, 'Endee' || i,
           'Company ' || (i % 500), 'Engineer', ${type.id}
      FROM generate_series(1, ${ATTENDEES}) i`.execute(db);
  // 3 days × 18 half-hour starts; ~37 sessions in parallel, like a big conference.
  await sql`
    INSERT INTO sessions (event_id, name, description, sdt, edt, capacity, track_id, location_id, images)
    SELECT ${e}, 'Session ' || i, repeat('About topic ' || i || '. ', 12),
           ${day0}::timestamptz + ((i % 3) * interval '1 day') + (((i / 3) % 18) * interval '30 minutes'),
           ${day0}::timestamptz + ((i % 3) * interval '1 day') + (((i / 3) % 18) * interval '30 minutes') + interval '45 minutes',
           100 + (i % 5) * 50, ${track0} + (i % 8), ${location0} + (i % 40), '{"top_banner": "/banner.png"}'
      FROM generate_series(0, ${SESSIONS - 1}) i`.execute(db);
  const range = await sql<{ s0: number; p0: number }>`
    SELECT (SELECT min(id) FROM sessions WHERE event_id = ${e}) AS s0,
           (SELECT min(id) FROM participants WHERE event_id = ${e}) AS p0`.execute(db);
  const { s0, p0 } = range.rows[0]!;
  // Every 20th session has three bookable 15-minute slots.
  await sql`
    INSERT INTO sessions (event_id, parent_id, name, sdt, edt, capacity)
    SELECT ${e}, s.id, s.name || ' slot ' || k, s.sdt + (k - 1) * interval '15 minutes', s.sdt + k * interval '15 minutes', 20
      FROM sessions s, generate_series(1, 3) k
     WHERE s.event_id = ${e} AND s.parent_id IS NULL AND (s.id - ${s0}) % 20 = 0`.execute(db);
  await sql`
    INSERT INTO session_people (session_id, participant_id, role)
    SELECT s.id, ${p0} + ((s.id - ${s0}) * m.k + m.o) % ${ATTENDEES}, m.role
      FROM sessions s, (VALUES (17, 1, 'speaker'), (31, 2, 'speaker'), (43, 3, 'moderator')) m(k, o, role)
     WHERE s.event_id = ${e} AND s.parent_id IS NULL
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`
    UPDATE participants SET is_speaker = true
     WHERE id IN (SELECT participant_id FROM session_people sp JOIN sessions s ON s.id = sp.session_id
                   WHERE s.event_id = ${e} AND sp.role = 'speaker')`.execute(db);
  // Three sessions per attendee: exactly 75 per session, within every capacity.
  await sql`
    INSERT INTO session_attendees (session_id, participant_id, status)
    SELECT ${s0} + ((p.id - ${p0}) * m.k + m.o) % ${SESSIONS}, p.id, 'joined'
      FROM participants p, (VALUES (1, 0), (7, 3), (13, 5)) m(k, o)
     WHERE p.event_id = ${e}
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`
    UPDATE sessions s SET used_capacity = c.n
      FROM (SELECT session_id, count(*)::int AS n FROM session_attendees GROUP BY session_id) c
     WHERE c.session_id = s.id AND s.event_id = ${e}`.execute(db);

  // The caller: an attendee with a few sessions and a break, so collisions are really computed.
  const user = await db
    .insertInto('users')
    .values({ username: `bench-caller-${run}@foyer.test`, name: 'Bench', surname: 'Caller' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const me = await db
    .insertInto('participants')
    .values({
      event_id: e,
      user_id: user.id,
      email: `bench-caller-${run}@foyer.test`,
      name: 'Bench',
      surname: 'Caller',
      type_id: type.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO session_attendees (session_id, participant_id, status)
    SELECT ${s0} + i * 37, ${me.id}, 'joined' FROM generate_series(0, 4) i`.execute(db);
  await sql`UPDATE sessions SET used_capacity = used_capacity + 1 WHERE id IN (SELECT ${s0} + i * 37 FROM generate_series(0, 4) i)`.execute(
    db,
  );
  await db
    .insertInto('participant_off')
    .values({
      participant_id: me.id,
      sdt: new Date(day0.getTime() + 3 * 3_600_000),
      edt: new Date(day0.getTime() + 4 * 3_600_000),
    })
    .execute();
  // The other callers: accounts of the first attendees (spread over the sessions by the rule above).
  const crowd = await sql<{ id: number }>`
    WITH u AS (
      INSERT INTO users (username, name, surname)
      SELECT 'bench-' || ${run}::text || '-' || i || '@foyer.test', 'Att' || i, 'Endee' || i
        FROM generate_series(1, ${CALLERS - 1}) i
      RETURNING id, username)
    UPDATE participants p SET user_id = u.id FROM u
     WHERE p.event_id = ${e} AND p.email = u.username
    RETURNING u.id`.execute(db);
  // Fresh statistics, and no dead rows left by earlier runs' clean-up (the test server runs without
  // autovacuum): the planner probes index ends past dead entries, which made planning alone cost
  // milliseconds per query and measured the vacuum lag instead of the route.
  await sql`VACUUM ANALYZE sessions, session_attendees, session_people, participants, tracks, locations`.execute(
    db,
  );
  return { eventId: e, userIds: [user.id, ...crowd.rows.map((r) => r.id)] };
}
