import { makeEvent, makePerson } from '../../../test/factories';
import { type TestApp, useTestApp } from '../../../test/helper';

/** Shared set-up of the programme tests: one app per file, an event with its cast. Not used by the app. */
export function programmeTestApp(): { get(): TestApp } {
  const t = useTestApp();
  return { get: () => t };
}

/** An event in UTC from 2030-05-01 08:00 with an owner, an admin, an attendee and check-in staff. */
export async function programmeEvent(t: TestApp) {
  const event = await makeEvent(t.ctx, { timezone: 'Europe/Istanbul' });
  const owner = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'owner' });
  const admin = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'admin' });
  const attendee = await makePerson(t.ctx, event.id);
  const checkin = await makePerson(t.ctx, event.id, { checkInAdmin: true });
  const other = await makeEvent(t.ctx);
  const foreign = await makePerson(t.ctx, other.id, { organizer: true, organizerRole: 'owner' });
  return { event, owner, admin, attendee, checkin, foreign, outsiders: [attendee, checkin, foreign] };
}

export const at = (hhmm: string, day = '2030-05-01') => `${day}T${hhmm}:00.000Z`;
