import { RecordType, realtimeRoom } from '@foyer/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { makeEvent, makePerson, type Person } from '../../test/factories';
import { call } from '../../test/helper';
import { connected, type Listening, listen, type TestClient } from './realtime.fixtures';

let server: Listening;
const clients: TestClient[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.socket.disconnect();
  await server?.close();
});

async function connect(person: Person) {
  const c = await connected(server.url, person.headers.authorization.replace(/^Bearer /, ''));
  clients.push(c);
  return c;
}

/** Why the client was disconnected, once it is (null while connected). */
function watchDisconnect(c: TestClient): () => string | null {
  let reason: string | null = null;
  c.socket.once('disconnect', (why) => {
    reason = why;
  });
  return () => reason;
}

describe('realtime: a person the organizers remove from the event', () => {
  it('stops hearing the event: their connections end, others stay subscribed', async () => {
    server = await listen();
    const { id: eventId } = await makeEvent(server.ctx);
    const owner = await makePerson(server.ctx, eventId, { organizer: true, organizerRole: 'owner' });
    const amy = await makePerson(server.ctx, eventId);
    const bob = await makePerson(server.ctx, eventId);
    const removed = await connect(amy);
    const stays = await connect(bob);
    for (const c of [removed, stays]) {
      expect(await c.subscribe(realtimeRoom.event(eventId))).toMatchObject({ ok: true });
    }
    const reason = watchDisconnect(removed);

    const res = await call(server.app, {
      method: 'POST',
      url: `/api/v1/organizer/event/${eventId}/participants/bulk`,
      headers: owner.headers,
      payload: { ids: [amy.id], action: 'remove' },
    });
    expect(res.status).toBe(200);
    await server.app.bus.idle();
    await expect.poll(reason).toBe('io server disconnect');

    await server.app.realtime.publish(realtimeRoom.event(eventId), RecordType.Announcement, { n: 1 });
    await expect.poll(() => stays.records.length).toBe(1);
    expect(removed.records).toEqual([]);
    expect(stays.socket.connected).toBe(true);
    // Coming back (the client reconnects with its token) the event's rooms are refused.
    const again = await connect(amy);
    expect(await again.subscribe(realtimeRoom.event(eventId))).toMatchObject({ ok: false });
  });
});
