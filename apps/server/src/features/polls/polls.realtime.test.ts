import { type Poll, PollRecordType, type PollResultsRecord, realtimeRoom } from '@foyer/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { makeEvent, makePerson, type Person } from '../../../test/factories';
import { call } from '../../../test/helper';
import { connected, type Listening, listen, type TestClient } from '../../realtime/realtime.fixtures';

const servers: Listening[] = [];
const clients: TestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.socket.disconnect();
  for (const s of servers.splice(0)) await s.close();
});

describe('polls over socket.io', () => {
  it('E7.81 a vote updates the live results of everyone in the event room', async () => {
    const server = await listen();
    servers.push(server);
    const event = await makeEvent(server.ctx);
    const org = await makePerson(server.ctx, event.id, { organizer: true });
    const ana = await makePerson(server.ctx, event.id, { name: 'Ana' });
    const ben = await makePerson(server.ctx, event.id, { name: 'Ben' });
    const post = (who: Person, url: string, payload: Record<string, unknown>) =>
      call<Poll>(server.app, {
        method: 'POST',
        url: `/api/v1/event/poll${url}`,
        headers: who.headers,
        payload: { eventId: event.id, ...payload },
      });
    const poll = (
      await post(org, '', { question: 'Lunch?', answers: ['Pizza', 'Salad'], autoPublishResults: true })
    ).body.data as Poll;
    await post(org, '', { id: poll.id, action: 'publish' });

    const room = realtimeRoom.event(event.id);
    const watchers = await Promise.all(
      [ana, org].map(async (p) => {
        const c = await connected(server.url, p.headers.authorization.slice('Bearer '.length));
        clients.push(c);
        expect(await c.subscribe(room)).toMatchObject({ ok: true });
        return c;
      }),
    );
    await post(ben, '/submit', { id: poll.id, answers: [2] });
    await post(ana, '/submit', { id: poll.id, answers: [2] });
    for (const watcher of watchers) {
      await expect
        .poll(() => watcher.records.filter((r) => r.type === PollRecordType.Results).length, {
          timeout: 5_000,
        })
        .toBe(2);
      const last = watcher.records.filter((r) => r.type === PollRecordType.Results).at(-1)
        ?.payload as PollResultsRecord;
      expect(last).toEqual({
        pollId: poll.id,
        totalVoters: 2,
        results: [
          { answerId: 1, votes: 0 },
          { answerId: 2, votes: 2 },
        ],
      });
    }
  });
});
