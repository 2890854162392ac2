import type { Transaction } from 'kysely';
import { DateTime } from 'luxon';
import type { DB } from '../db/schema';
import { DEMO_TIMEZONE, PAST_EVENT } from './demo-content';
import { insertPeople, type ParticipantProfile, type SeedPerson } from './people';
import {
  insertEvent,
  insertLocations,
  insertParticipant,
  insertParticipantTypes,
  insertSessions,
} from './structure';

type Login = { user_id: number; email: string; name: string; surname: string } & ParticipantProfile;

/** A finished event five weeks back, so the event list has a "past" entry (A4.10, A4.11). */
export async function seedPastEvent(
  trx: Transaction<DB>,
  input: {
    now: Date;
    passwordHash: string;
    organizer: Login;
    attendee: Login;
    /** Accounts that also came to this one (the seed reuses their users). */
    returning: SeedPerson[];
  },
): Promise<number> {
  const day = DateTime.fromJSDate(input.now, { zone: DEMO_TIMEZONE }).startOf('day').minus({ days: 36 });
  const at = (hour: number) => day.set({ hour }).toJSDate();
  const eventId = await insertEvent(trx, {
    name: PAST_EVENT.name,
    description: PAST_EVENT.description,
    event_type: 'normal',
    timezone: DEMO_TIMEZONE,
    public_event: false,
    registration_open: false,
    registration_form: '[]',
    start_date: at(10),
    real_sdt: at(10),
    real_edt: at(17),
    is_finished: true,
    images: JSON.stringify(PAST_EVENT.images),
    colors: JSON.stringify(PAST_EVENT.colors),
    pages: JSON.stringify({ login: null }),
    tabs: '[]',
    limit_tabs: null,
    tabs_config: null,
    translation: '{}',
  });
  const types = await insertParticipantTypes(trx, eventId, [
    { name: 'Attendee', ticket_type: 'Attendee', priority: 1, max_meeting_count: 10, at_registration: true },
    { name: 'Speaker', ticket_type: 'Speaker', priority: 2, max_meeting_count: null, at_registration: false },
  ]);
  const attendeeType = types.get('Attendee')!;
  await insertParticipant(trx, { ...input.organizer, event_id: eventId, type_id: attendeeType });
  await insertParticipant(trx, { ...input.attendee, event_id: eventId, type_id: attendeeType });
  const returning = input.returning.map((p, i) => ({
    ...p,
    participant: {
      ...p.participant,
      type_id: i < 2 ? types.get('Speaker')! : attendeeType,
      is_speaker: i < 2,
      booth_id: null,
      booth_role: null,
    },
  }));
  const ids = await insertPeople(trx, eventId, returning, input.passwordHash);
  const [room] = await insertLocations(trx, [{ event_id: eventId, name: 'Conference Room', capacity: 120 }]);
  const sessions = await insertSessions(trx, [
    {
      event_id: eventId,
      location_id: room!,
      name: 'Growing a community around your event',
      description: 'What keeps attendees talking after the last session.',
      sdt: at(10),
      edt: at(11),
      capacity: 120,
      on_site: true,
      images: '{}',
    },
    {
      event_id: eventId,
      location_id: room!,
      name: 'Sponsors who come back',
      description: 'Measuring sponsor value beyond booth traffic.',
      sdt: at(14),
      edt: at(15),
      capacity: 120,
      on_site: true,
      images: '{}',
    },
  ]);
  await trx
    .insertInto('session_people')
    .values(
      sessions.map((sessionId, i) => ({ session_id: sessionId, participant_id: ids[i]!, role: 'speaker' })),
    )
    .execute();
  return eventId;
}
