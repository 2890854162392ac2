import { makeEvent, makePerson, type Person, type PersonOptions } from '../../../test/factories';
import { apiAs, type TestApp } from '../../../test/helper';

/** Test set-up shared by the door's test files: an event, its check-in staff, a guest with a ticket. */

let tickets = 0;

export function doorApi(t: TestApp) {
  const api = apiAs(t);

  /** Gives the person a fresh upper-case ticket id, as printed tickets are. */
  async function withTicket(person: Person): Promise<string> {
    const ticketId = `T${Date.now().toString(36).toUpperCase()}X${++tickets}`;
    await t.ctx.db
      .updateTable('participants')
      .set({ ticket_id: ticketId })
      .where('id', '=', person.id)
      .execute();
    return ticketId;
  }

  async function setup(guestOptions: PersonOptions = {}) {
    const event = await makeEvent(t.ctx);
    const staff = await makePerson(t.ctx, event.id, { name: 'Stan', surname: 'Door', checkInAdmin: true });
    const guest = await makePerson(t.ctx, event.id, {
      name: 'Grace',
      surname: 'Hopper',
      company: 'Navy',
      ...guestOptions,
    });
    const ticketId = await withTicket(guest);
    return { event, staff, guest, ticketId };
  }

  async function room(eventId: number, capacity: number | null) {
    return t.ctx.db
      .insertInto('locations')
      .values({ event_id: eventId, name: `Room ${++tickets}`, capacity })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  /** How many are counted inside an area, and how many status rows say "in". */
  async function counted(eventId: number, entityType: 'event' | 'location' = 'event', entityId = 0) {
    const area = await t.ctx.db
      .selectFrom('checkin_areas')
      .select(['id', 'capacity_used'])
      .where('event_id', '=', eventId)
      .where('entity_type', '=', entityType)
      .where('entity_id', '=', entityId)
      .executeTakeFirst();
    if (!area) return { used: 0, inside: 0 };
    const inside = await t.ctx.db
      .selectFrom('checkins')
      .select(t.ctx.db.fn.countAll<number>().as('n'))
      .where('area_id', '=', area.id)
      .where('checked_in', '=', true)
      .executeTakeFirstOrThrow();
    return { used: area.capacity_used, inside: Number(inside.n) };
  }

  return { api, withTicket, setup, room, counted };
}

export const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
