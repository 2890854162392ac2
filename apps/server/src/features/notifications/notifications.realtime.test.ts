import {
  type InvitationChangedPayload,
  type Notification,
  NotificationRecordType,
  PostRecordType,
  RecordType,
  realtimeRoom,
} from '@foyer/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { makeEvent, makePerson } from '../../../test/factories';
import { call } from '../../../test/helper';
import { meetingsApi } from '../../../test/meetings-api';
import { connected, type Listening, listen, type TestClient } from '../../realtime/realtime.fixtures';

const servers: Listening[] = [];
const clients: TestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.socket.disconnect();
  for (const s of servers.splice(0)) await s.close();
});

describe('notifications over socket.io', () => {
  it('an invitation reaches the invitee’s own feed at once; an announcement the event room', async () => {
    const server = await listen();
    servers.push(server);
    const event = await makeEvent(server.ctx);
    const ana = await makePerson(server.ctx, event.id, { name: 'Ana' });
    const ben = await makePerson(server.ctx, event.id, { name: 'Ben' });
    const org = await makePerson(server.ctx, event.id, { name: 'Org', organizer: true });
    const b = await connected(server.url, ben.headers.authorization.slice('Bearer '.length));
    clients.push(b);
    expect(await b.subscribe(realtimeRoom.event(event.id))).toMatchObject({ ok: true });

    await meetingsApi(server.app, event.id).invite(ana, ben, 'Hi');
    // A meeting change's notification rides on its one invitation.changed record.
    const changed = () => b.records.find((r) => r.type === RecordType.InvitationChanged);
    await expect
      .poll(() => (changed()?.payload as InvitationChangedPayload | undefined)?.notification, {
        timeout: 5_000,
      })
      .toMatchObject({ type: 'participant_meet_invitation', read: false, det: { message: 'Hi' } });
    expect(changed()?.room).toBe(realtimeRoom.user(ben.userId));

    await call(server.app, {
      method: 'POST',
      url: '/api/v1/event/post',
      headers: org.headers, // an organizer's announcement notifies the event (E1.08)
      payload: { type: 'announcement', eventId: event.id, text: 'Welcome' },
    });
    await expect
      .poll(() => b.records.some((r) => r.type === PostRecordType.Announcement), { timeout: 5_000 })
      .toBe(true);
    await expect
      .poll(
        () =>
          b.records
            .filter((r) => r.type === NotificationRecordType.Notification)
            .map((r) => (r.payload as Notification).type),
        { timeout: 5_000 },
      )
      .toEqual(['announcement']);
  });
});
