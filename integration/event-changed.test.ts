import { type RealtimeRecord, RecordType, realtimeRoom } from '@foyer/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { type Listening, listen } from '../apps/server/src/realtime/realtime.fixtures';
import { makeEvent, makePerson } from '../apps/server/test/factories';
import { connectRealtime, type RealtimeClient } from '../apps/web/src/lib/realtime';

const servers: Listening[] = [];
const clients: RealtimeClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const s of servers.splice(0)) await s.close();
});

describe('an organizer changes the event: attendees are told live', () => {
  it('A7.41 PUT /organizer/event/:id pushes event.changed to the event room of an attendee', async () => {
    const server = await listen({});
    servers.push(server);
    const event = await makeEvent(server.ctx);
    const organizer = await makePerson(server.ctx, event.id, { organizer: true, organizerRole: 'owner' });
    const attendee = await makePerson(server.ctx, event.id, {});
    const client = connectRealtime(async () => attendee.headers.authorization.replace('Bearer ', ''), {
      url: server.url,
      ackTimeoutMs: 3_000,
    });
    clients.push(client);
    const got: RealtimeRecord[] = [];
    let ready = false;
    client.subscribe(realtimeRoom.event(event.id), (r) => got.push(r), { onReady: () => (ready = true) });
    await expect.poll(() => ready).toBe(true);
    const res = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/organizer/event/${event.id}`,
      headers: organizer.headers,
      payload: { name: 'Renamed' },
    });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => got.map((r) => r.type)).toEqual([RecordType.EventChanged]);
    expect(got[0]?.payload).toMatchObject({ eventId: event.id });
  });
});
