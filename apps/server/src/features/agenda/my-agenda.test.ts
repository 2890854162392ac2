import type { AgendaResult } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makePerson, makeType, type Person } from '../../../test/factories';
import { useTestApp } from '../../../test/helper';
import { addPerson, api, at, createSession, join, makeAgendaEvent, T0 } from './agenda.fixtures';

const t = useTestApp(T0);

/**
 * Ada is in a hidden session, in a slot of a visible session, in a slot of a hidden session and in
 * a slot of a session restricted to another type (an organizer put her in them); she is in neither
 * of those two sessions themselves.
 */
async function world() {
  const event = await makeAgendaEvent(t.ctx);
  const vip = await makeType(t.ctx, event.id, { name: 'VIP' });
  const ada = await makePerson(t.ctx, event.id);
  const talk = await createSession(t.ctx, event.id, { name: 'Open talk', sdt: at(60), edt: at(90) });
  const board = await createSession(t.ctx, event.id, {
    name: 'Board',
    hidden: true,
    sdt: at(100),
    edt: at(130),
  });
  const fair = await createSession(t.ctx, event.id, { name: 'Fair', sdt: at(140), edt: at(200) });
  const fairSlot = await createSession(t.ctx, event.id, {
    name: 'Fair slot',
    parentId: fair.id,
    sdt: at(140),
    edt: at(160),
  });
  const secret = await createSession(t.ctx, event.id, {
    name: 'Secret',
    hidden: true,
    sdt: at(210),
    edt: at(270),
  });
  const secretSlot = await createSession(t.ctx, event.id, {
    name: 'Secret slot',
    parentId: secret.id,
    sdt: at(210),
    edt: at(240),
  });
  const lounge = await createSession(t.ctx, event.id, {
    name: 'VIP lounge',
    restricted: true,
    allowedTypeIds: [vip.id],
    sdt: at(280),
    edt: at(340),
  });
  const loungeSlot = await createSession(t.ctx, event.id, {
    name: 'VIP lounge slot',
    parentId: lounge.id,
    sdt: at(280),
    edt: at(300),
  });
  const keynote = await createSession(t.ctx, event.id, {
    name: 'Keynote',
    hidden: true,
    sdt: at(350),
    edt: at(380),
  });
  expect((await join(t.app, ada, event.id, talk.id)).status).toBe(200);
  await t.ctx.db
    .insertInto('session_attendees')
    .values(
      [board, fairSlot, secretSlot, loungeSlot].map((s) => ({
        session_id: s.id,
        participant_id: ada.id,
        status: 'joined' as const,
      })),
    )
    .execute();
  await addPerson(t.ctx, keynote.id, ada.id, 'speaker');
  return { event, ada };
}

const agendaNames = async (who: Person, query: string) => {
  const answer = await api<AgendaResult>(t.app, {
    method: 'GET',
    url: `/api/v1/event/agenda${query}`,
    headers: who.headers,
  });
  expect(answer.status).toBe(200);
  return (answer.body.data?.items ?? []).filter((i) => i.type === 'session');
};

describe('my own agenda lists only what I can open', () => {
  it('E2.29 E6.02 E6.16 a slot of a session hidden or restricted from me is not listed; everything listed opens', async () => {
    const { event, ada } = await world();
    for (const query of [`?eventId=${event.id}`, '', `?eventId=${event.id}&participantId=${ada.id}`]) {
      const items = await agendaNames(ada, query);
      expect(
        items.map((i) => i.name),
        query,
      ).toEqual(['Open talk', 'Board', 'Fair slot', 'Keynote']);
      for (const item of items) {
        const opened = await api(t.app, {
          method: 'GET',
          url: `/api/v1/event/${item.eid}/sessions/${item.id}`,
          headers: ada.headers,
        });
        expect(opened.status, `${item.name} (${query})`).toBe(200);
      }
    }
  });

  it('E2.30 E7.16 my agenda as a calendar leaves out the same slots (its links would not open either)', async () => {
    const { event, ada } = await world();
    const ics = await t.app.inject({
      method: 'GET',
      url: `/api/v1/event/participant/calendar.ics?eventId=${event.id}`,
      headers: ada.headers,
    });
    expect(ics.statusCode).toBe(200);
    const summaries = ics.body
      .split(/\r?\n/)
      .filter((line) => line.startsWith('SUMMARY:'))
      .map((line) => line.slice('SUMMARY:'.length));
    expect(summaries).toEqual(['Open talk', 'Board', 'Fair slot', 'Keynote']);
  });
});
