import type { Badge, BadgePrintResult, CheckInList, CheckInOverview, CheckInResult } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, type Person } from '../../../test/factories';
import { apiAs, useTestApp } from '../../../test/helper';

const t = useTestApp();

const db = () => t.ctx.db;
let tickets = 0;

const api = apiAs(t);

async function withTicket(person: Person): Promise<string> {
  const ticketId = `T${Date.now().toString(36)}x${++tickets}`;
  await db().updateTable('participants').set({ ticket_id: ticketId }).where('id', '=', person.id).execute();
  return ticketId;
}

async function setup() {
  const event = await makeEvent(t.ctx);
  const staff = await makePerson(t.ctx, event.id, { name: 'Stan' });
  await db().updateTable('participants').set({ check_in_admin: true }).where('id', '=', staff.id).execute();
  const guest = await makePerson(t.ctx, event.id, { name: 'Grace', surname: 'Hopper', company: 'Navy' });
  const ticketId = await withTicket(guest);
  return { event, staff, guest, ticketId };
}

const room = (eventId: number, capacity: number | null) =>
  db()
    .insertInto('locations')
    .values({ event_id: eventId, name: `Room ${++tickets}`, capacity })
    .returning('id')
    .executeTakeFirstOrThrow();

describe('staff check-in (E7.04, E3.34, E4.65)', () => {
  it('E1.14 E4.65 E8.01 E8.02 checks a ticket in and out of the whole event; repeats are already-in/out', async () => {
    const { event, staff, ticketId } = await setup();
    const body = { eventId: event.id, entityType: 'event', ticketId };
    const first = await api<CheckInResult>(staff, 'POST', '/event/participant/checkIn', {
      ...body,
      checkIn: true,
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      outcome: 'checkedIn',
      errorMessage: null,
      person: { fullName: 'Grace Hopper', company: 'Navy', ticketId },
      area: { entityType: 'event', capacityUsed: 1 },
    });
    const again = await api<CheckInResult>(staff, 'POST', '/event/participant/checkIn', {
      ...body,
      checkIn: true,
    });
    expect(again.body.data).toMatchObject({ outcome: 'alreadyCheckedIn', errorMessage: 'MST-00113' });
    const out = await api<CheckInResult>(staff, 'POST', '/event/participant/checkIn', {
      ...body,
      checkIn: false,
    });
    expect(out.body.data).toMatchObject({ outcome: 'checkedOut', area: { capacityUsed: 0 } });
    const outAgain = await api<CheckInResult>(staff, 'POST', '/event/participant/checkIn', {
      ...body,
      checkIn: false,
    });
    expect(outAgain.body.data).toMatchObject({ outcome: 'alreadyCheckedOut', errorMessage: 'MST-00120' });
  });

  it('E7.04 A6.07 only check-in admins and organizers may check people in (403), by participantId too, until the event ends', async () => {
    const { event, guest, ticketId } = await setup();
    const other = await makePerson(t.ctx, event.id);
    const denied = await api(other, 'POST', '/event/participant/checkIn', {
      eventId: event.id,
      ticketId,
      checkIn: true,
    });
    expect(denied.status).toBe(403);
    const organizer = await makePerson(t.ctx, event.id, { organizer: true });
    const ok = await api<CheckInResult>(organizer, 'POST', '/event/participant/checkIn', {
      eventId: event.id,
      participantId: guest.id,
      checkIn: true,
    });
    expect(ok.body.data?.outcome).toBe('checkedIn');
    await db().updateTable('events').set({ is_finished: true }).where('id', '=', event.id).execute();
    const finished = await api(organizer, 'POST', '/event/participant/checkIn', {
      eventId: event.id,
      participantId: guest.id,
      checkIn: false,
    });
    expect(finished.status).toBe(403); // A6.07: not once the event has finished
  });

  it('E5.53 an unknown ticket, or one of another event, is "Ticket not found"; bad input is a 400', async () => {
    const { event, staff } = await setup();
    const elsewhere = await makeEvent(t.ctx);
    const stranger = await makePerson(t.ctx, elsewhere.id);
    const strangerTicket = await withTicket(stranger);
    for (const ticketId of ['nope-123', strangerTicket]) {
      const res = await api(staff, 'POST', '/event/participant/checkIn', {
        eventId: event.id,
        ticketId,
        checkIn: true,
      });
      expect(res.status).toBe(404);
      expect(res.body.error?.msg).toBe('Ticket not found');
    }
    for (const body of [
      { eventId: event.id, checkIn: true },
      { eventId: event.id, ticketId: 'a#b', checkIn: true },
      { eventId: event.id, ticketId: 'abc', checkIn: 'yes' },
      { eventId: event.id, ticketId: 'abc', checkIn: true, entityType: 'location' },
      { eventId: event.id, ticketId: 'abc', checkIn: true, surprise: 1 },
    ]) {
      const res = await api(staff, 'POST', '/event/participant/checkIn', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('E5.54 E5.55 E8.04 a restricted session admits only its participant types', async () => {
    const { event, staff, ticketId } = await setup();
    const type = await db()
      .insertInto('participant_types')
      .values({ event_id: event.id, name: 'VIP' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const session = await db()
      .insertInto('sessions')
      .values({
        event_id: event.id,
        name: 'VIP lounge',
        sdt: event.real_sdt,
        edt: event.real_edt,
        restricted: true,
        allowed_type_ids: [type.id],
        images: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await api<CheckInResult>(staff, 'POST', '/event/participant/checkIn', {
      eventId: event.id,
      entityType: 'session',
      entityId: session.id,
      ticketId,
      checkIn: true,
    });
    expect(res.body.data).toMatchObject({ outcome: 'wrongTicketType', errorMessage: 'MST-00116' });
  });

  it('E5.56 E5.57 E3.31 E3.32 E3.33 a full area refuses with fully occupied; the whole event never does', async () => {
    const { event, staff, ticketId } = await setup();
    const { id } = await room(event.id, 0);
    const full = await api<CheckInResult>(staff, 'POST', '/event/participant/checkIn', {
      eventId: event.id,
      entityType: 'location',
      entityId: id,
      ticketId,
      checkIn: true,
    });
    expect(full.body.data).toMatchObject({ outcome: 'fullyOccupied', errorMessage: 'MST-00114' });
    const again = await api<CheckInResult>(staff, 'POST', '/event/participant/checkIn', {
      eventId: event.id,
      entityType: 'location',
      entityId: id,
      ticketId,
      checkIn: true,
    });
    expect(again.body.data?.outcome).toBe('fullyOccupied'); // the refused check-in left no status behind
    const whole = await api<CheckInResult>(staff, 'POST', '/event/participant/checkIn', {
      eventId: event.id,
      ticketId,
      checkIn: true,
    });
    expect(whole.body.data?.outcome).toBe('checkedIn');
    // E3.31–E3.33: the result's area names itself, its event, and the whole event by its default name.
    expect(whole.body.data?.area).toMatchObject({
      id: 'allEvent',
      eventId: event.id,
      entityType: 'event',
      entityId: null,
      name: 'Venue entrance',
    });
    expect(full.body.data?.area).toMatchObject({ id: `location:${id}`, eventId: event.id, entityId: id });
  });

  it('E2.67 E3.31 E3.32 E3.33 lists the areas with their occupancy, and who is inside, for the staff screen', async () => {
    const { event, staff, ticketId } = await setup();
    const { id } = await room(event.id, 5);
    await api(staff, 'POST', '/event/participant/checkIn', {
      eventId: event.id,
      entityType: 'location',
      entityId: id,
      ticketId,
      checkIn: true,
    });
    const res = await api<CheckInOverview>(
      staff,
      'GET',
      `/event/participant/checkIn/areas?eventId=${event.id}`,
    );
    expect(res.status).toBe(200);
    // E3.31 E3.32 E3.33: the whole event comes first, as allEvent, named Venue entrance until renamed.
    expect(res.body.data?.areas[0]).toMatchObject({
      id: 'allEvent',
      eventId: event.id,
      name: 'Venue entrance',
      entityType: 'event',
      entityId: null,
      capacityUsed: 0,
    });
    expect(res.body.data?.areas.find((a) => a.entityId === id)).toMatchObject({
      id: `location:${id}`,
      eventId: event.id,
      capacity: 5,
      capacityUsed: 1,
    });
    const inside = await api<CheckInList>(
      staff,
      'GET',
      `/event/participant/checkIn/list?eventId=${event.id}&entityType=location&entityId=${id}`,
    );
    expect(inside.body.data).toMatchObject({ total: 1, items: [{ fullName: 'Grace Hopper', ticketId }] });
    const nobody = await api<CheckInList>(
      staff,
      'GET',
      `/event/participant/checkIn/list?eventId=${event.id}`,
    );
    expect(nobody.body.data).toEqual({ total: 0, items: [] });
  });
});

describe(`check-in under concurrency (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('E4.65 two scanners checking in the same ticket at once: one checkedIn, one alreadyCheckedIn', async () => {
    const { event, staff, ticketId } = await setup();
    const body = { eventId: event.id, ticketId, checkIn: true };
    const results = await Promise.all(
      Array.from({ length: 6 }, () => api<CheckInResult>(staff, 'POST', '/event/participant/checkIn', body)),
    );
    const outcomes = results.map((r) => r.body.data?.outcome).sort();
    expect(outcomes.filter((o) => o === 'checkedIn')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'alreadyCheckedIn')).toHaveLength(5);
  });

  it('E5.56 twelve scanners for the last three places of an area never overfill it', async () => {
    const { event, staff } = await setup();
    const { id } = await room(event.id, 3);
    const people = [];
    for (let i = 0; i < 12; i++) people.push(await withTicket(await makePerson(t.ctx, event.id)));
    const results = await Promise.all(
      people.map((ticketId) =>
        api<CheckInResult>(staff, 'POST', '/event/participant/checkIn', {
          eventId: event.id,
          entityType: 'location',
          entityId: id,
          ticketId,
          checkIn: true,
        }),
      ),
    );
    const outcomes = results.map((r) => r.body.data?.outcome);
    expect(outcomes.filter((o) => o === 'checkedIn')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'fullyOccupied')).toHaveLength(9);
    const area = await db()
      .selectFrom('checkin_areas')
      .select('capacity_used')
      .where('entity_type', '=', 'location')
      .where('entity_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(area.capacity_used).toBe(3);
    const inside = await db()
      .selectFrom('checkins')
      .select(db().fn.countAll<number>().as('n'))
      .where('checked_in', '=', true)
      .where(
        'participant_id',
        'in',
        results.map((r) => r.body.data?.person.participantId ?? -1),
      )
      .executeTakeFirstOrThrow();
    expect(Number(inside.n)).toBe(3);
  });
});

describe('badges (E7.04 GET event/participant/badge, E8.16)', () => {
  it('E8.16 E6.37 E7.07 staff see a badge; a second print without force reports already printed', async () => {
    const { event, staff, guest, ticketId } = await setup();
    const badge = await api<Badge>(
      staff,
      'GET',
      `/event/participant/badge?eventId=${event.id}&ticketId=${ticketId}`,
    );
    expect(badge.body.data).toMatchObject({
      person: { firstName: 'Grace', lastName: 'Hopper' },
      printedAt: null,
    });
    const print = () =>
      api<BadgePrintResult>(staff, 'POST', '/event/participant/badge/printed', {
        eventId: event.id,
        participantId: guest.id,
      });
    expect((await print()).body.data?.printed).toBe(true);
    expect((await print()).body.data?.printed).toBe(false);
    const forced = await api<BadgePrintResult>(staff, 'POST', '/event/participant/badge/printed', {
      eventId: event.id,
      participantId: guest.id,
      force: true,
    });
    expect(forced.body.data?.printed).toBe(true);
    const other = await makePerson(t.ctx, event.id);
    const denied = await api(
      other,
      'GET',
      `/event/participant/badge?eventId=${event.id}&ticketId=${ticketId}`,
    );
    expect(denied.status).toBe(403);
    const own = await api<Badge>(guest, 'GET', `/event/participant/badge?eventId=${event.id}`);
    expect(own.body.data?.printedAt).not.toBeNull();
  });
});
