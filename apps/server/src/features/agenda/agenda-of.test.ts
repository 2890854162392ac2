import type { AgendaResult } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makePerson } from '../../../test/factories';
import { useTestApp } from '../../../test/helper';
import { addPerson, api, at, createSession, join, makeAgendaEvent, T0 } from './agenda.fixtures';

const t = useTestApp(T0);

describe('show agenda on behalf (E6.10)', () => {
  it('E6.10 the onbehalfmeeting right reads another participant’s agenda; others may not', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const bob = await makePerson(t.ctx, event.id);
    const helper = await makePerson(t.ctx, event.id, { rights: { onbehalfmeeting: true } });
    const talk = await createSession(t.ctx, event.id, { name: 'Ada talk', sdt: at(60), edt: at(120) });
    await join(t.app, ada, event.id, talk.id);
    const url = `/api/v1/event/agenda?eventId=${event.id}&participantId=${ada.id}`;
    const allowed = await api<AgendaResult>(t.app, { method: 'GET', url, headers: helper.headers });
    expect(allowed.status).toBe(200);
    expect(allowed.body.data?.items.map((i) => i.name)).toEqual(['Ada talk']);
    expect(allowed.body.data?.items[0]?.participantId).toBe(ada.id);
    const refused = await api(t.app, { method: 'GET', url, headers: bob.headers });
    expect(refused.status).toBe(403);
    const noEvent = await api(t.app, {
      method: 'GET',
      url: `/api/v1/event/agenda?participantId=${ada.id}`,
      headers: helper.headers,
    });
    expect(noEvent.status).toBe(400);
  });

  it('E6.10 E6.02 another participant’s agenda shows the reader only the sessions the reader may see', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const helper = await makePerson(t.ctx, event.id, { rights: { onbehalfmeeting: true } });
    const boss = await makePerson(t.ctx, event.id, { organizer: true });
    const talk = await createSession(t.ctx, event.id, { name: 'Open talk', sdt: at(60), edt: at(90) });
    const board = await createSession(t.ctx, event.id, {
      name: 'Board',
      hidden: true,
      sdt: at(100),
      edt: at(130),
    });
    const secret = await createSession(t.ctx, event.id, {
      name: 'Secret',
      hidden: true,
      sdt: at(140),
      edt: at(200),
    });
    const slot = await createSession(t.ctx, event.id, {
      name: 'Secret slot',
      parentId: secret.id,
      sdt: at(140),
      edt: at(170),
    });
    const keynote = await createSession(t.ctx, event.id, {
      name: 'Hidden keynote',
      hidden: true,
      sdt: at(210),
      edt: at(240),
    });
    await join(t.app, ada, event.id, talk.id);
    // An organizer put Ada in the hidden session and in a slot of another; she speaks at a third.
    await t.ctx.db
      .insertInto('session_attendees')
      .values([
        { session_id: board.id, participant_id: ada.id, status: 'joined' },
        { session_id: slot.id, participant_id: ada.id, status: 'joined' },
      ])
      .execute();
    await addPerson(t.ctx, keynote.id, ada.id, 'speaker');
    const names = async (who: { headers: Record<string, string> }) =>
      (
        await api<AgendaResult>(t.app, {
          method: 'GET',
          url: `/api/v1/event/agenda?eventId=${event.id}&participantId=${ada.id}`,
          headers: who.headers,
        })
      ).body.data?.items.map((i) => i.name);
    expect(await names(helper)).toEqual(['Open talk']);
    expect(await names(boss)).toEqual(['Open talk', 'Board', 'Secret slot', 'Hidden keynote']);
    // Her own agenda is hers: all she may open (the slot of a session hidden from her would not
    // open: a slot is only as visible as its session, my-agenda.test.ts).
    const own = await api<AgendaResult>(t.app, {
      method: 'GET',
      url: `/api/v1/event/agenda?eventId=${event.id}`,
      headers: ada.headers,
    });
    expect(own.body.data?.items.map((i) => i.name)).toEqual(['Open talk', 'Board', 'Hidden keynote']);
    // A hidden session the reader is in shows: the reader may see it.
    await addPerson(t.ctx, board.id, helper.id, 'moderator');
    expect(await names(helper)).toEqual(['Open talk', 'Board']);
  });
});
