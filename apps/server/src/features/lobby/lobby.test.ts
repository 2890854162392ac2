import type { Lobby } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, type Person } from '../../../test/factories';
import { call, useTestApp } from '../../../test/helper';

const NOW = new Date('2030-05-01T10:30:00Z');
const t = useTestApp(NOW);

const lobby = (who: Person, eventId: unknown) =>
  call<Lobby>(t.app, {
    method: 'GET',
    url: '/api/v1/event/lobby',
    headers: who.headers,
    query: { eventId: String(eventId) },
  });

describe('lobby (A2.26)', () => {
  it('shows the newest announcements, the polls open for votes and the sessions live now', async () => {
    const event = await makeEvent(t.ctx);
    const org = await makePerson(t.ctx, event.id, { organizer: true });
    const ana = await makePerson(t.ctx, event.id);
    const post = (payload: Record<string, unknown>, url = '/api/v1/event/post') =>
      call<{ id: number }>(t.app, {
        method: 'POST',
        url,
        headers: org.headers,
        payload: { eventId: event.id, ...payload },
      });
    for (let i = 1; i <= 7; i++) await post({ type: 'announcement', text: `News ${i}` });
    const open = (await post({ question: 'Open?', answers: ['y'] }, '/api/v1/event/poll')).body.data?.id;
    await post({ id: open, action: 'publish' }, '/api/v1/event/poll');
    await post({ question: 'Draft?', answers: ['y'] }, '/api/v1/event/poll');
    const closed = (await post({ question: 'Closed?', answers: ['y'] }, '/api/v1/event/poll')).body.data?.id;
    await post({ id: closed, action: 'publish' }, '/api/v1/event/poll');
    await post({ id: closed, action: 'close' }, '/api/v1/event/poll');
    const at = (h: number, m = 0) => new Date(Date.UTC(2030, 4, 1, h, m));
    await t.ctx.db
      .insertInto('sessions')
      .values([
        { event_id: event.id, name: 'Live keynote', sdt: at(10), edt: at(11), images: '{}' },
        { event_id: event.id, name: 'Later', sdt: at(12), edt: at(13), images: '{}' },
        { event_id: event.id, name: 'Over', sdt: at(8), edt: at(9), images: '{}' },
        { event_id: event.id, name: 'Hidden live', sdt: at(10), edt: at(11), images: '{}', hidden: true },
      ])
      .execute();

    const r = await lobby(ana, event.id);
    expect(r.status).toBe(200);
    expect(r.body.data?.announcements.map((a) => a.text)).toEqual([
      'News 7',
      'News 6',
      'News 5',
      'News 4',
      'News 3',
    ]);
    expect(r.body.data?.polls.map((p) => p.question)).toEqual(['Open?']);
    expect(r.body.data?.liveNow.map((s) => s.name)).toEqual(['Live keynote']);
    expect(r.body.data?.now).toBe(NOW.toISOString());
  });

  it('is for participants of the event only, and checks its input', async () => {
    const event = await makeEvent(t.ctx);
    const other = await makeEvent(t.ctx);
    const stranger = await makePerson(t.ctx, other.id);
    expect((await lobby(stranger, event.id)).status).toBe(403);
    expect((await lobby(stranger, 'abc')).status).toBe(400);
    expect(
      (await call(t.app, { method: 'GET', url: `/api/v1/event/lobby?eventId=${event.id}` })).status,
    ).toBe(401);
  });
});
