import { AgendaRecordType, realtimeRoom, type SessionChangedPayload } from '@foyer/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePerson, type Person } from '../../../test/factories';
import { connected, type Listening, listen, type TestClient } from '../../realtime/realtime.fixtures';
import { api, createSession, join, makeAgendaEvent, T0 } from './agenda.fixtures';

let t: Listening;
const clients: TestClient[] = [];
beforeAll(async () => {
  t = await listen();
});
afterAll(async () => {
  for (const c of clients) c.socket.disconnect();
  await t.close();
});

const tokenOf = (p: Person) => p.headers.authorization!.slice('Bearer '.length);

async function open(p: Person, room: string) {
  const c = await connected(t.url, tokenOf(p));
  clients.push(c);
  const ack = await c.subscribe(room);
  expect(ack.ok).toBe(true);
  return c;
}

describe('realtime: public_sessions rooms (E7.78)', () => {
  it('a join and a leave reach every open client of the session room within a second', async () => {
    t.setNow(T0);
    const event = await makeAgendaEvent(t.ctx);
    const session = await createSession(t.ctx, event.id, { capacity: 3 });
    const [ada, bob, cem] = [
      await makePerson(t.ctx, event.id),
      await makePerson(t.ctx, event.id),
      await makePerson(t.ctx, event.id),
    ];
    const room = realtimeRoom.eventSession(event.id, session.id);
    const watchers = [await open(bob, room), await open(cem, room)];

    const started = Date.now();
    await join(t.app, ada, event.id, session.id);
    for (const w of watchers) {
      const [record] = await w.waitForRecords(1, 1_000);
      expect(record).toMatchObject({ room, type: AgendaRecordType.SessionChanged });
      expect(record!.payload as SessionChangedPayload).toEqual({
        eventId: event.id,
        sessionId: session.id,
        capacity: 3,
        usedCapacity: 1,
        isFull: false,
        change: 'joined',
        participantId: ada.id,
      });
    }
    expect(Date.now() - started).toBeLessThan(1_000);

    await api(t.app, {
      method: 'POST',
      url: '/api/v1/event/schedule/leave',
      headers: ada.headers,
      payload: { eventId: event.id, sessionId: session.id },
    });
    for (const w of watchers) {
      const records = await w.waitForRecords(2, 1_000);
      expect(records[1]?.payload).toMatchObject({ usedCapacity: 0, change: 'left' });
    }
  });

  it("a refused join pushes nothing; the person's own agenda room hears about their changes", async () => {
    t.setNow(T0);
    const event = await makeAgendaEvent(t.ctx);
    const session = await createSession(t.ctx, event.id, { capacity: 1 });
    const [ada, bob] = [await makePerson(t.ctx, event.id), await makePerson(t.ctx, event.id)];
    const watcher = await open(bob, realtimeRoom.eventSession(event.id, session.id));
    const own = await open(ada, realtimeRoom.user(ada.userId));
    await join(t.app, ada, event.id, session.id);
    expect((await join(t.app, bob, event.id, session.id)).status).toBe(409);
    await watcher.waitForRecords(1, 1_000);
    const [mine] = await own.waitForRecords(1, 1_000);
    expect(mine).toMatchObject({ type: AgendaRecordType.AgendaChanged, payload: { participantId: ada.id } });
    // A room's records arrive in order: once a later marker is in, a push for the refused join would be too.
    await t.app.realtime.publish(realtimeRoom.eventSession(event.id, session.id), 'test.marker', {});
    const seen = await watcher.waitForRecords(2, 1_000);
    expect(seen[1]?.type).toBe('test.marker');
    expect(watcher.records).toHaveLength(2);
  });

  it('E6.02 E6.16 a hidden session room is refused to participants who cannot see it, open to organizers', async () => {
    t.setNow(T0);
    const event = await makeAgendaEvent(t.ctx);
    const hidden = await createSession(t.ctx, event.id, { hidden: true });
    const open = await createSession(t.ctx, event.id);
    const [ada, boss] = [
      await makePerson(t.ctx, event.id),
      await makePerson(t.ctx, event.id, { organizer: true }),
    ];
    const adaClient = await connected(t.url, tokenOf(ada));
    const bossClient = await connected(t.url, tokenOf(boss));
    clients.push(adaClient, bossClient);
    expect(await adaClient.subscribe(realtimeRoom.eventSession(event.id, hidden.id))).toMatchObject({
      ok: false,
    });
    expect(await adaClient.subscribe(realtimeRoom.eventSession(event.id, open.id))).toMatchObject({
      ok: true,
    });
    expect(await bossClient.subscribe(realtimeRoom.eventSession(event.id, hidden.id))).toMatchObject({
      ok: true,
    });
  });
});
