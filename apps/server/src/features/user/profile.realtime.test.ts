import { RecordType, realtimeRoom } from '@foyer/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { makeEvent, makePerson } from '../../../test/factories';
import { call } from '../../../test/helper';
import { connected, type Listening, listen, settle, type TestClient } from '../../realtime/realtime.fixtures';

const servers: Listening[] = [];
const clients: TestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.socket.disconnect();
  for (const s of servers.splice(0)) await s.close();
});

describe('the profile across tabs and devices', () => {
  it('A7.42 E7.83 A7.43 a profile change reaches the person’s other connections, and only theirs', async () => {
    const server = await listen();
    servers.push(server);
    const event = await makeEvent(server.ctx);
    const ana = await makePerson(server.ctx, event.id, { name: 'Ana' });
    const ben = await makePerson(server.ctx, event.id, { name: 'Ben' });
    const token = (p: typeof ana) => p.headers.authorization.slice('Bearer '.length);
    await server.app.bus.idle();
    const [tab, phone, other] = [
      await connected(server.url, token(ana)),
      await connected(server.url, token(ana)),
      await connected(server.url, token(ben)),
    ];
    clients.push(tab, phone, other);

    const res = await call(server.app, {
      method: 'PUT',
      url: '/api/v1/user/profile',
      headers: ana.headers,
      payload: { action: 'timezone', timezone: 'Europe/Madrid' },
    });
    expect(res.status).toBe(200);
    for (const c of [tab, phone]) {
      const [record] = await c.waitForRecords(1);
      expect(record).toMatchObject({
        room: realtimeRoom.user(ana.userId),
        type: RecordType.PublicProfileChanged,
        payload: { change: 'timezone' },
      });
    }
    await settle();
    expect(other.records).toHaveLength(0);

    // A refused change (bad input) says nothing.
    const bad = await call(server.app, {
      method: 'PUT',
      url: '/api/v1/user/profile',
      headers: ana.headers,
      payload: { action: 'timezone', timezone: 'Mars/Olympus' },
    });
    expect(bad.status).toBe(400);
    await settle();
    expect(tab.records).toHaveLength(1);
  });
});
