import type { AgendaResult } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makePerson } from '../../../test/factories';
import { useTestApp } from '../../../test/helper';
import { api, at, createSession, join, makeAgendaEvent, T0 } from './agenda.fixtures';

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
});
