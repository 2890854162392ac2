import { describe, expect, it } from 'vitest';
import { makePerson, type Person } from '../../../test/factories';
import { useTestApp } from '../../../test/helper';
import { agendaSnapshot, api, createSession, join, makeAgendaEvent, T0 } from './agenda.fixtures';

const t = useTestApp();

const MB = 'x'.repeat(1024 * 1024);

interface Fixture {
  eventId: number;
  sessionId: number;
  ada: Person;
}

/** Every write route with a valid body, to derive broken variants from. */
function writes(f: Fixture): { method: 'POST' | 'DELETE'; url: string; valid: Record<string, unknown> }[] {
  const { eventId, sessionId, ada } = f;
  return [
    { method: 'POST', url: '/event/schedule/join', valid: { eventId, toType: 'session', sessionId } },
    { method: 'POST', url: '/event/schedule/leave', valid: { eventId, sessionId } },
    {
      method: 'POST',
      url: '/event/schedule/addToSession',
      valid: { eventId, sessionId, participantId: ada.id },
    },
    { method: 'POST', url: '/event/schedule/ping', valid: { eventId, sessionId } },
    { method: 'POST', url: '/event/schedule/checkIn', valid: { eventId, sessionId } },
    {
      method: 'POST',
      url: '/event/schedule/sessionRequest',
      valid: { eventId, sessionId, participantId: ada.id, accept: true },
    },
    {
      method: 'POST',
      url: '/event/schedule/participantOff',
      valid: {
        eventId,
        date: '2026-11-22',
        startTime: '2026-11-22 10:00',
        endTime: '2026-11-22 10:15',
        timezone: 'UTC',
      },
    },
    {
      method: 'DELETE',
      url: '/event/schedule/participantOff',
      valid: { eventId, id: 1, startTime: '2026-11-22 10:00' },
    },
    { method: 'POST', url: '/event/participant/calendar', valid: { eventId } },
  ];
}

async function setup(): Promise<Fixture> {
  t.setNow(T0);
  const event = await makeAgendaEvent(t.ctx);
  const ada = await makePerson(t.ctx, event.id, { organizer: true });
  const session = await createSession(t.ctx, event.id, { capacity: 5 });
  await join(t.app, ada, event.id, session.id); // something to (not) change
  return { eventId: event.id, sessionId: session.id, ada };
}

describe('bad input on every agenda route: a 4xx envelope and an unchanged database', () => {
  it('malformed JSON, missing fields, wrong types, 1 MB strings and unknown fields', async () => {
    const f = await setup();
    const before = await agendaSnapshot(t.ctx);
    for (const route of writes(f)) {
      const firstKey = Object.keys(route.valid)[1] ?? 'eventId';
      const variants: { name: string; payload: string }[] = [
        { name: 'malformed', payload: '{"eventId": 1,' },
        { name: 'empty', payload: '{}' },
        { name: 'array', payload: '[]' },
        { name: 'missing', payload: JSON.stringify({ ...route.valid, [firstKey]: undefined }) },
        { name: 'wrong type', payload: JSON.stringify({ ...route.valid, eventId: 'abc' }) },
        { name: 'wrong nested type', payload: JSON.stringify({ ...route.valid, [firstKey]: { $gt: 1 } }) },
        { name: 'huge', payload: JSON.stringify({ ...route.valid, message: MB, [firstKey]: MB }) },
        { name: 'unknown field', payload: JSON.stringify({ ...route.valid, admin: true }) },
      ];
      for (const variant of variants) {
        const res = await api(t.app, {
          method: route.method,
          url: `/api/v1${route.url}`,
          headers: { ...f.ada.headers, 'content-type': 'application/json' },
          payload: variant.payload,
        });
        const label = `${route.method} ${route.url} ${variant.name}`;
        expect(res.status, label).toBeGreaterThanOrEqual(400);
        expect(res.status, label).toBeLessThan(500);
        expect(res.body.success, label).toBe(false);
        expect(res.body.error?.code, label).toMatch(/^MST-/);
      }
    }
    expect(await agendaSnapshot(t.ctx)).toBe(before);
  });

  it('bad path and query parameters on the read routes', async () => {
    const f = await setup();
    const before = await agendaSnapshot(t.ctx);
    const urls = [
      `/event/abc/sessions`,
      `/event/${f.eventId}/sessions?day=2026-13-01`,
      `/event/${f.eventId}/sessions?track=x`,
      `/event/${f.eventId}/sessions?liveNow=maybe`,
      `/event/${f.eventId}/sessions?limit=0`,
      `/event/${f.eventId}/sessions?after=abc`,
      `/event/${f.eventId}/sessions?q=${'q'.repeat(101)}`,
      `/event/${f.eventId}/sessions?unknown=1`,
      `/event/${f.eventId}/sessions/facets?x=1`,
      `/event/${f.eventId}/sessions/0`,
      `/event/${f.eventId}/sessions/${f.sessionId}?x=1`,
      `/event/${f.eventId}/sessions/${f.sessionId}/room`,
      `/event/${f.eventId}/sessions/${f.sessionId}/room?as=king`,
      `/event/${f.eventId}/sessions/${f.sessionId}/requests?x=1`,
      `/event/${f.eventId}/sessions/-1/calendar.ics`,
      `/event/${f.eventId}/speakers?x=1`,
      `/event/${f.eventId}/speakers/abc`,
      `/event/agenda?eventId=abc`,
      `/event/agenda?other=1`,
      `/event/participant/calendar`,
      `/event/participant/calendar.ics?eventId=1e99`,
    ];
    for (const url of urls) {
      const res = await api(t.app, { method: 'GET', url: `/api/v1${url}`, headers: f.ada.headers });
      expect(res.status, url).toBe(400);
      expect(res.body.error?.code, url).toBe('MST-00400');
    }
    expect(await agendaSnapshot(t.ctx)).toBe(before);
  });

  it('every authenticated route answers 401 without a token', async () => {
    const f = await setup();
    for (const route of writes(f)) {
      const res = await api(t.app, {
        method: route.method,
        url: `/api/v1${route.url}`,
        payload: route.valid,
      });
      expect(res.status, route.url).toBe(401);
    }
    for (const url of [
      `/event/${f.eventId}/sessions`,
      `/event/${f.eventId}/sessions/${f.sessionId}`,
      `/event/${f.eventId}/speakers`,
      `/event/agenda`,
    ]) {
      expect((await api(t.app, { method: 'GET', url: `/api/v1${url}` })).status, url).toBe(401);
    }
  });
});
