import { AgendaRecordType, type ProgrammeSession } from '@foyer/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../../../test/helper';
import { REFRESHES_PER_TRANSACTION } from '../agenda/agenda.events';
import { at, programmeEvent, programmeTestApp } from './programme.fixtures';

const app = programmeTestApp();
const req = apiAs(app.get);

/**
 * A keynote's audience, more people than PostgreSQL's shared lock table holds locks by default
 * (max_locks_per_transaction 64 × 100 connections = 6,400). A lock per person made the move itself
 * a 500 ("out of shared memory"), and their notices, one INSERT of more than 65,535 parameters,
 * were never written.
 */
const AUDIENCE = 15_000;

/** `n` attendees with accounts, joined to the session, written in three statements. */
async function joinMany(eventId: number, sessionId: number, n: number) {
  const { db } = app.get().ctx;
  const tag = `k${sessionId}-${Date.now()}`;
  await sql`
    INSERT INTO users (username, name, surname)
    SELECT ${tag} || '-' || i || '@example.test', 'Fan', 'No' || i
      FROM generate_series(1, ${n}::int) i`.execute(db);
  await sql`
    INSERT INTO participants (event_id, user_id, email, name, surname, rights, fields, social_links)
    SELECT ${eventId}::int, u.id, u.username, u.name, u.surname, '{}', '{}', '{}'
      FROM users u WHERE u.username LIKE ${`${tag}-%`}`.execute(db);
  await sql`
    INSERT INTO session_attendees (session_id, participant_id, status)
    SELECT ${sessionId}::int, p.id, 'joined'
      FROM participants p JOIN users u ON u.id = p.user_id
     WHERE p.event_id = ${eventId}::int AND u.username LIKE ${`${tag}-%`}`.execute(db);
}

describe('a session change told to a large audience', () => {
  it(`E4.16 a keynote of ${AUDIENCE.toLocaleString('en')} moved: every one of them gets the agenda refresh and the notice, a part per transaction`, async () => {
    const t = app.get();
    const { event, owner } = await programmeEvent(t);
    const base = `/organizer/event/${event.id}`;
    const body = { name: 'Keynote', sdt: at('09:00'), edt: at('10:00') };
    const session = (await req<ProgrammeSession>(owner, 'POST', `${base}/sessions`, body)).body.data!;
    await joinMany(event.id, session.id, AUDIENCE);
    await t.app.bus.idle();

    const moved = await req<ProgrammeSession>(owner, 'PUT', `${base}/sessions/${session.id}`, {
      ...body,
      sdt: at('11:00'),
      edt: at('12:00'),
    });
    expect(moved.status, JSON.stringify(moved.body.error)).toBe(200);

    await t.app.bus.idle();
    // Every one refreshed once, and no transaction wrote more than a part of them: the organizer's
    // own request wrote the first part and handed the rest on (rows of one transaction share xmin).
    const parts = await sql<{ n: string }>`
      SELECT count(*) AS n FROM realtime_events
       WHERE type = ${AgendaRecordType.AgendaChanged} AND (payload->>'eventId')::int = ${event.id}
       GROUP BY xmin::text`.execute(t.ctx.db);
    const sizes = parts.rows.map((r) => Number(r.n));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(AUDIENCE);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(REFRESHES_PER_TRANSACTION);
    const people = await sql<{ n: string }>`
      SELECT count(DISTINCT room) AS n FROM realtime_events
       WHERE type = ${AgendaRecordType.AgendaChanged} AND (payload->>'eventId')::int = ${event.id}`.execute(
      t.ctx.db,
    );
    expect(Number(people.rows[0]?.n)).toBe(AUDIENCE);

    const notices = await t.ctx.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('session_id', '=', session.id)
      .where('type', '=', 'rescheduled_session')
      .executeTakeFirstOrThrow();
    expect(Number(notices.n)).toBe(AUDIENCE);
  }, 120_000);
});
