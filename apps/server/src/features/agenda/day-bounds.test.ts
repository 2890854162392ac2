import { describe, expect, it } from 'vitest';
import { makePerson, type Person } from '../../../test/factories';
import { useTestApp } from '../../../test/helper';
import { agendaSnapshot, api, makeAgendaEvent, T0 } from './agenda.fixtures';

const t = useTestApp(T0);

/** Days the platform does not hold (years before 1900, as breaks refuse them), and the first it does. */
const EARLY_DAYS = ['0100-01-01', '1000-06-15', '1899-12-31'];
const FIRST_DAY = '1900-01-01';

async function setup() {
  const event = await makeAgendaEvent(t.ctx);
  const boss = await makePerson(t.ctx, event.id, { organizer: true });
  return { eventId: event.id, boss };
}

async function expectRefused(
  who: Person,
  request: { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> },
  label: string,
) {
  const res = await api(t.app, {
    method: request.method,
    url: `/api/v1${request.url}`,
    headers: who.headers,
    ...(request.payload ? { payload: request.payload } : {}),
  });
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body.success, label).toBe(false);
  expect(res.body.error?.code, label).toBe('MST-00400');
  return res;
}

describe('every route taking a day (daySchema) refuses one before 1900 with a 400, never a 5xx', () => {
  it('E2.13 GET sessions?day=: a 400 before 1900; 1900-01-01 is a day like any other', async () => {
    const { eventId, boss } = await setup();
    for (const day of EARLY_DAYS) {
      await expectRefused(boss, { method: 'GET', url: `/event/${eventId}/sessions?day=${day}` }, day);
    }
    const first = await api(t.app, {
      method: 'GET',
      url: `/api/v1/event/${eventId}/sessions?day=${FIRST_DAY}`,
      headers: boss.headers,
    });
    expect(first.status).toBe(200);
  });

  it('E3.11 E7.24 POST a break whose day is before 1900: a 400 naming the date, nothing written', async () => {
    const { eventId, boss } = await setup();
    const before = await agendaSnapshot(t.ctx);
    for (const date of EARLY_DAYS) {
      const res = await expectRefused(
        boss,
        {
          method: 'POST',
          url: '/event/schedule/participantOff',
          // 1900-01-01 01:00 UTC is still 31 December 1899 in New York.
          payload: {
            eventId,
            date,
            startTime: '1900-01-01 01:00',
            endTime: '1900-01-01 01:15',
            timezone: 'America/New_York',
          },
        },
        date,
      );
      expect(JSON.stringify(res.body.error), date).toContain('validation.error.date');
    }
    expect(await agendaSnapshot(t.ctx)).toBe(before);
  });

  it('E3.08 POST meeting slots on a day before 1900: a 400, no slot made', async () => {
    const { eventId, boss } = await setup();
    const slots = () =>
      t.ctx.db.selectFrom('sessions').select('id').where('event_id', '=', eventId).execute();
    for (const day of EARLY_DAYS) {
      await expectRefused(
        boss,
        {
          method: 'POST',
          url: `/organizer/event/${eventId}/meeting-slots`,
          payload: { days: [day], from: '10:00', to: '11:00', minutes: 30 },
        },
        day,
      );
    }
    expect(await slots()).toEqual([]);
  });
});
