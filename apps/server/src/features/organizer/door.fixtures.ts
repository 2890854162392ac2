import type { CheckInResult } from '@foyer/contract';
import { makeEvent, makePerson, makeType, type Person } from '../../../test/factories';
import { apiAs, type TestApp } from '../../../test/helper';

/** Set-up shared by the console door's test files: an owner, a room, two participant types, a scan. */

let rooms = 0;

export function consoleDoor(t: TestApp) {
  const api = apiAs(t);

  /** An event with its owner, a room of 100 seats and the types VIP and Visitor; `base` is the console's door path. */
  async function setup() {
    const event = await makeEvent(t.ctx);
    const organizer = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'owner' });
    const room = await t.ctx.db
      .insertInto('locations')
      .values({ event_id: event.id, name: `Hall ${++rooms}`, capacity: 100 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const vip = await makeType(t.ctx, event.id, { name: 'VIP' });
    const visitor = await makeType(t.ctx, event.id, { name: 'Visitor' });
    return { event, organizer, room, vip, visitor, base: `/organizer/event/${event.id}/door` };
  }

  /** `who` checks `participantId` in to the room, as the scanner does. */
  const scan = (who: Person, eventId: number, roomId: number, participantId: number) =>
    api<CheckInResult>(who, 'POST', '/event/participant/checkIn', {
      eventId,
      entityType: 'location',
      entityId: roomId,
      participantId,
      checkIn: true,
    });

  return { api, setup, scan };
}
