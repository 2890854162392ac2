import { AgendaErrorCode, type JoinSessionResult } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makePerson, type Person } from '../../../test/factories';
import { useTestApp } from '../../../test/helper';
import { api, at, createSession, join, listSessionsAs, makeAgendaEvent, T0 } from './agenda.fixtures';

/** Issue 15: "You are busy" names what with, and a swap trades one session for the other in one step. */
const t = useTestApp(T0);

const cards = async (who: Person, eventId: number) =>
  (await listSessionsAs(t.app, who.headers, eventId)).body.data!.sessions;
const swap = (who: Person, eventId: number, sessionId: number, replaceSessionId: number) =>
  api<JoinSessionResult>(t.app, {
    method: 'POST',
    url: '/api/v1/event/schedule/join',
    headers: who.headers,
    payload: { eventId, toType: 'session', sessionId, replaceSessionId },
  });
const agendaIds = async (who: Person, eventId: number) =>
  (
    await api<{ items: { id: number; type: string }[] }>(t.app, {
      method: 'GET',
      url: `/api/v1/event/agenda?eventId=${eventId}`,
      headers: who.headers,
    })
  ).body
    .data!.items.filter((i) => i.type !== 'meeting')
    .map((i) => i.id);

describe('clashes', () => {
  it('E4.49 a clashing card names the session it clashes with; a swap leaves that one and joins this one', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const mine = await createSession(t.ctx, event.id, {
      name: 'Mine',
      sdt: at(60),
      edt: at(120),
      capacity: 5,
    });
    const other = await createSession(t.ctx, event.id, { name: 'Other', sdt: at(90), edt: at(150) });
    await join(t.app, ada, event.id, mine.id);

    const card = (await cards(ada, event.id)).find((s) => s.id === other.id)!;
    expect(card).toMatchObject({
      collision: true,
      clash: { kind: 'session', name: 'Mine', sessionId: mine.id, sdt: new Date(mine.sdt).toISOString() },
    });
    expect((await cards(ada, event.id)).find((s) => s.id === mine.id)?.clash).toBeNull();

    const swapped = await swap(ada, event.id, other.id, mine.id);
    expect(swapped.status).toBe(200);
    expect(swapped.body.data?.status).toBe('joined');
    expect(await agendaIds(ada, event.id)).toEqual([other.id]);
    const after = await cards(ada, event.id);
    expect(after.find((s) => s.id === mine.id)).toMatchObject({ usedCapacity: 0, clash: { name: 'Other' } });
  });

  it('a swap into a full session changes nothing: the old seat is kept', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const bob = await makePerson(t.ctx, event.id);
    const mine = await createSession(t.ctx, event.id, {
      name: 'Mine',
      sdt: at(60),
      edt: at(120),
      capacity: 5,
    });
    const full = await createSession(t.ctx, event.id, {
      name: 'Full',
      sdt: at(60),
      edt: at(120),
      capacity: 1,
    });
    await join(t.app, ada, event.id, mine.id);
    await join(t.app, bob, event.id, full.id);
    const res = await swap(ada, event.id, full.id, mine.id);
    expect(res.status).toBe(409);
    expect(await agendaIds(ada, event.id)).toEqual([mine.id]);
    expect((await cards(ada, event.id)).find((s) => s.id === mine.id)?.usedCapacity).toBe(1);
  });

  it('a swap into a session that needs approval is refused and keeps the old seat: a declined request would leave neither', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const mine = await createSession(t.ctx, event.id, {
      name: 'Mine',
      sdt: at(60),
      edt: at(120),
      capacity: 5,
    });
    const vetted = await createSession(t.ctx, event.id, {
      name: 'Vetted',
      sdt: at(60),
      edt: at(120),
      needsApproval: true,
    });
    await join(t.app, ada, event.id, mine.id);
    const res = await swap(ada, event.id, vetted.id, mine.id);
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe(AgendaErrorCode.SwapNeedsApproval);
    expect(await agendaIds(ada, event.id)).toEqual([mine.id]);
    const after = await cards(ada, event.id);
    expect(after.find((s) => s.id === mine.id)?.usedCapacity).toBe(1);
    expect(after.find((s) => s.id === vetted.id)).toMatchObject({ usedCapacity: 0, needsApproval: true });
  });

  it('a swap must name a session of the caller’s agenda', async () => {
    const event = await makeAgendaEvent(t.ctx);
    const ada = await makePerson(t.ctx, event.id);
    const a = await createSession(t.ctx, event.id, { name: 'A', sdt: at(60), edt: at(120) });
    const b = await createSession(t.ctx, event.id, { name: 'B', sdt: at(200), edt: at(260) });
    const res = await swap(ada, event.id, b.id, a.id);
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe(AgendaErrorCode.NotInAgenda);
    expect(await agendaIds(ada, event.id)).toEqual([]);
  });
});
