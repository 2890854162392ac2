import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { reloadAnswersOlderThanRecords } from './use-realtime';

const ROOM = 'userRooms/7';
const socket = (connectedAt: number, lastRecordAt = 0) => ({
  connectedAt,
  lastRecordAt: (room: string) => (room === ROOM ? lastRecordAt : 0),
});

describe('reloading what the socket may have missed', () => {
  it('A4.35 A4.40 marks stale only the answers loaded before the socket connected, under the key', async () => {
    const client = new QueryClient();
    client.setQueryData(['notifications'], { unseen: 0 }, { updatedAt: 1_000 });
    client.setQueryData(['invitations', 7], { badge: 0 }, { updatedAt: 1_000 });
    client.setQueryData(['invitations', 8], { badge: 0 }, { updatedAt: 5_000 });
    reloadAnswersOlderThanRecords(client, socket(2_000), ROOM, ['invitations'], { beforeConnection: true });
    expect(client.getQueryState(['invitations', 7])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['invitations', 8])?.isInvalidated).toBe(false);
    expect(client.getQueryState(['notifications'])?.isInvalidated).toBe(false);

    // Never connected, or nothing loaded yet: nothing to reload.
    reloadAnswersOlderThanRecords(client, socket(0), ROOM, ['notifications'], { beforeConnection: true });
    reloadAnswersOlderThanRecords(client, null, ROOM, ['notifications'], { beforeConnection: true });
    expect(client.getQueryState(['notifications'])?.isInvalidated).toBe(false);
    client.clear();
  });

  it('A4.35 marks stale an answer loaded before a record this screen was not listening for', async () => {
    const client = new QueryClient();
    client.setQueryData(['agenda', 1], [], { updatedAt: 3_000 });
    client.setQueryData(['agenda', 2], [], { updatedAt: 9_000 });
    // Older than the connection alone reloads nothing without beforeConnection (a cold start).
    reloadAnswersOlderThanRecords(client, socket(10_000), ROOM, ['agenda']);
    expect(client.getQueryState(['agenda', 1])?.isInvalidated).toBe(false);
    // A record came at 5 s: the answer of 3 s may lack it, the one of 9 s has it.
    reloadAnswersOlderThanRecords(client, socket(1_000, 5_000), ROOM, ['agenda']);
    expect(client.getQueryState(['agenda', 1])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['agenda', 2])?.isInvalidated).toBe(false);
    // A record of another room says nothing about this one.
    client.setQueryData(['contacts'], [], { updatedAt: 3_000 });
    reloadAnswersOlderThanRecords(client, socket(1_000, 5_000), 'userRooms/8', ['contacts']);
    expect(client.getQueryState(['contacts'])?.isInvalidated).toBe(false);
    client.clear();
  });
});
