import {
  type InvitationChangedPayload,
  type RealtimeRecord,
  RecordType,
  realtimeRoom,
} from '@foyer/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { makeEvent, makePerson, makeSlots } from '../../../test/factories';
import { meetingsApi } from '../../../test/meetings-api';
import { connected, type Listening, listen, type TestClient } from '../../realtime/realtime.fixtures';

const servers: Listening[] = [];
const clients: TestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.socket.disconnect();
  for (const s of servers.splice(0)) await s.close();
});

/**
 * Everything pushed to the user's room so far: once the bus is idle every push has been emitted,
 * and a marker published after them arrives after them (socket.io keeps one connection's order).
 */
async function drained(server: Listening, client: TestClient, userId: number): Promise<RealtimeRecord[]> {
  await server.app.bus.idle();
  const marker = await server.app.realtime.publish(realtimeRoom.user(userId), 'test.marker', {});
  await expect.poll(() => client.records.some((r) => r.id === marker.id), { timeout: 5_000 }).toBe(true);
  return client.records.filter((r) => r.type !== 'test.marker');
}

describe('meeting changes over socket.io', () => {
  it('accepting an invitation pushes the sender exactly one record: the presented invitation, meeting and notification', async () => {
    const server = await listen();
    servers.push(server);
    server.setNow(new Date('2030-05-01T07:00:00Z'));
    const event = await makeEvent(server.ctx);
    const [slot] = await makeSlots(server.ctx, event.id, new Date('2030-05-01T09:00:00Z'), 2);
    const ana = await makePerson(server.ctx, event.id, { name: 'Ana' });
    const ben = await makePerson(server.ctx, event.id, { name: 'Ben' });
    const api = meetingsApi(server.app, event.id);
    const sent = await api.invite(ana, ben, 'Coffee?');
    const a = await connected(server.url, ana.headers.authorization.slice('Bearer '.length));
    clients.push(a);
    const before = (await drained(server, a, ana.userId)).length;

    const accepted = await api.confirm(ben, sent.body.data!.id, slot!.id);
    expect(accepted.status).toBe(200);

    const records = (await drained(server, a, ana.userId)).slice(before);
    expect(records.map((r) => [r.room, r.type])).toEqual([
      [realtimeRoom.user(ana.userId), RecordType.InvitationChanged],
    ]);
    const payload = records[0]!.payload as InvitationChangedPayload;
    // What Ana's GET routes answer now, so her client patches its cache and reloads nothing.
    const lists = (await api.invitations(ana)).body.data!;
    const meetings = (await api.meetings(ana)).body.data!;
    expect(payload).toMatchObject({
      type: 'confirm_participant_invitation',
      viewer: { participantId: ana.id, boothId: null },
    });
    expect(payload.invitation).toEqual(lists.invitations.find((i) => i.id === sent.body.data!.id));
    expect(payload.meeting).toEqual(meetings[0]);
    expect(payload.card).toEqual({
      participantId: ben.id,
      ...(await api.status(ana, ben)).body.data,
    });
    expect(payload.card).toMatchObject({ status: 'meetingDetails' });
    expect(payload.meeting).toMatchObject({ status: 'accepted', sdt: new Date(slot!.sdt).toISOString() });
    expect(payload.notification).toMatchObject({ type: 'confirm_participant_invitation', read: false });
    expect(payload.counts).toMatchObject({ unread: 1 });
  });
});
