import { type EventListResult, MEETING_SLOT_SESSION_TYPE, type SlotOffer } from '@foyer/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokenHeaders } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/helper';
import { verifyPassword } from '../features/auth/password';
import { findUserByUsername } from '../features/user/user.repository';
import { seedBench } from './bench';
import { seedDemoIfEmpty } from './demo';
import { DEMO_PASSWORD, LOGINS } from './demo-content';

describe('demo seed', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  const count = async (table: 'users' | 'participants' | 'sessions' | 'events') =>
    Number(
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('seeds an empty database once: 300+ attendees, sessions, booths and the three logins', async () => {
    const lines: string[] = [];
    expect(await seedDemoIfEmpty(t.ctx.db, { log: (line) => lines.push(line) })).toBe(true);
    expect(lines.join('\n')).toContain(LOGINS.organizer);

    const demo = await t.ctx.db
      .selectFrom('events')
      .selectAll()
      .where('domain', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(demo).toMatchObject({ name: 'Foyer Demo Summit', event_type: 'hybrid', public_event: true });
    const attendees = await t.ctx.db
      .selectFrom('participants')
      .innerJoin('participant_types', 'participant_types.id', 'participants.type_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('participants.event_id', '=', demo.id)
      .where('participant_types.name', '=', 'Attendee')
      .executeTakeFirstOrThrow();
    expect(Number(attendees.n)).toBeGreaterThanOrEqual(300);
    const sessions = await t.ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('event_id', '=', demo.id)
      .execute();
    expect(sessions.length).toBeGreaterThanOrEqual(24);
    const booths = await t.ctx.db
      .selectFrom('booths')
      .select(['id', 'name'])
      .where('event_id', '=', demo.id)
      .orderBy('id')
      .execute();
    expect(booths).toHaveLength(3);
    // A2.71: the demo event has a venue plan whose pins point to its rooms.
    const rooms = await t.ctx.db
      .selectFrom('locations')
      .select(['id', 'name'])
      .where('event_id', '=', demo.id)
      .execute();
    const mainHall = rooms.find((room) => room.name === 'Main Hall');
    expect(demo.venue_map?.image).toBe('/demo/venue-map.svg');
    expect(demo.venue_map?.pins).toHaveLength(6);
    expect(demo.venue_map?.pins.map((pin) => pin.roomId)).toContain(mainHall?.id);

    for (const email of Object.values(LOGINS)) {
      const user = await findUserByUsername(t.ctx.db, email);
      expect(user, email).toBeDefined();
    }
    const organizer = (await findUserByUsername(t.ctx.db, LOGINS.organizer))!;
    expect(await verifyPassword(organizer.password_hash, DEMO_PASSWORD)).toBe(true);
    // A6.04: the demo organizer is the platform's super user; nobody else is.
    expect(organizer.is_super_user).toBe(true);
    expect((await findUserByUsername(t.ctx.db, LOGINS.attendee))?.is_super_user).toBe(false);
    const exhibitor = (await findUserByUsername(t.ctx.db, LOGINS.exhibitor))!;
    const stand = await t.ctx.db
      .selectFrom('participants')
      .selectAll()
      .where('user_id', '=', exhibitor.id)
      .executeTakeFirstOrThrow();
    // The exhibitor owns Ledgerline, the first booth the seed writes (the README's demo logins).
    expect(booths[0]?.name).toBe('Ledgerline');
    expect(stand).toMatchObject({ booth_id: booths[0]!.id, booth_role: 'owner' });

    // The organizer sees the demo as active and the finished event as past, with organizer rights.
    const list = await call<EventListResult>(t.app, {
      method: 'GET',
      url: '/api/v1/event',
      headers: await tokenHeaders(t.ctx, organizer.id),
    });
    expect(list.body.data!.active.map((e) => e.name)).toEqual(['Foyer Demo Summit']);
    expect(list.body.data!.past).toHaveLength(1);
    expect(list.body.data!.active[0]!.me).toMatchObject({
      organizer: true,
      checkInAdmin: true,
      rights: { inviteparticipant: true, onbehalfmeeting: true, reserveatable: true },
    });
    const attendee = (await findUserByUsername(t.ctx.db, LOGINS.attendee))!;
    const mine = await call<EventListResult>(t.app, {
      method: 'GET',
      url: '/api/v1/event',
      headers: await tokenHeaders(t.ctx, attendee.id),
    });
    expect(mine.body.data!.events).toHaveLength(2);
    // Issue 15: the demo people's profiles are complete, so they open the event, not the wizard.
    for (const login of [LOGINS.attendee, LOGINS.exhibitor]) {
      const user = (await findUserByUsername(t.ctx.db, login))!;
      const events = await call<EventListResult>(t.app, {
        method: 'GET',
        url: '/api/v1/event',
        headers: await tokenHeaders(t.ctx, user.id),
      });
      expect(events.body.data!.active[0]!.me, login).toMatchObject({ profileComplete: true });
    }

    const before = { users: await count('users'), participants: await count('participants') };
    expect(await seedDemoIfEmpty(t.ctx.db, { log: () => {} })).toBe(false);
    expect({ users: await count('users'), participants: await count('participants') }).toEqual(before);
    expect(await count('events')).toBe(2);
    // Issue 15: each event shows its own banner.
    const banners = await t.ctx.db.selectFrom('events').select('images').execute();
    const paths = banners.map((e) => (e.images as { banner?: string | null }).banner);
    expect(new Set(paths).size).toBe(2);
  });

  it('E3.08 E5.11 the demo offers bookable meeting slots on both days, free for two attendees', async () => {
    await seedDemoIfEmpty(t.ctx.db, { log: () => {} });
    const demo = await t.ctx.db
      .selectFrom('events')
      .select('id')
      .where('domain', '=', 'demo')
      .executeTakeFirstOrThrow();
    const slots = await t.ctx.db
      .selectFrom('sessions')
      .select(['sdt', 'edt'])
      .where('event_id', '=', demo.id)
      .where('type', '=', MEETING_SLOT_SESSION_TYPE)
      .execute();
    expect(slots).toHaveLength(36); // 09:00-18:00 every 30 minutes, two days
    const attendee = (await findUserByUsername(t.ctx.db, LOGINS.attendee))!;
    const exhibitor = await t.ctx.db
      .selectFrom('participants')
      .innerJoin('users', 'users.id', 'participants.user_id')
      .select('participants.id')
      .where('users.username', '=', LOGINS.exhibitor)
      .where('participants.event_id', '=', demo.id)
      .executeTakeFirstOrThrow();
    const offer = await call<SlotOffer>(t.app, {
      method: 'GET',
      url: `/api/v1/event/meeting/slots?eventId=${demo.id}&participantId=${exhibitor.id}`,
      headers: await tokenHeaders(t.ctx, attendee.id),
    });
    expect(offer.body.data!.message).toBeNull();
    expect(offer.body.data!.days).toHaveLength(2);
    expect(offer.body.data!.days.every((day) => day.slots.length === 18)).toBe(true);
  });

  it('reseeds after the events are gone, reusing accounts, and makes the same people every run', async () => {
    await seedDemoIfEmpty(t.ctx.db, { log: () => {} });
    const first = await t.ctx.db.selectFrom('users').select('username').orderBy('id').limit(20).execute();
    const users = await count('users');
    await t.ctx.db.deleteFrom('events').execute();
    expect(await seedDemoIfEmpty(t.ctx.db, { log: () => {} })).toBe(true);
    expect(await count('users')).toBe(users);
    await t.ctx.db.deleteFrom('events').execute();
    await t.ctx.db.deleteFrom('users').execute();
    await seedDemoIfEmpty(t.ctx.db, { log: () => {} });
    const again = await t.ctx.db.selectFrom('users').select('username').orderBy('id').limit(20).execute();
    expect(again).toEqual(first);
  });

  it('bench seed writes attendees and sessions in batches', async () => {
    const lines: string[] = [];
    const { eventId } = await seedBench(t.ctx.db, {
      attendees: 1_200,
      sessions: 40,
      log: (line) => lines.push(line),
    });
    const people = await t.ctx.db
      .selectFrom('participants')
      .select('id')
      .where('event_id', '=', eventId)
      .execute();
    expect(people).toHaveLength(1_201); // with the organizer
    expect(await count('sessions')).toBe(40);
    expect(lines.some((line) => line.includes('attendees 1000/1200'))).toBe(true);
  });
});
