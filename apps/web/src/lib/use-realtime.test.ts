import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { reloadAnswersOlderThanSocket } from './use-realtime';

describe('reloading what the socket may have missed', () => {
  it('A4.35 A4.40 marks stale only the answers loaded before the socket connected, under the key', async () => {
    const client = new QueryClient();
    client.setQueryData(['notifications'], { unseen: 0 }, { updatedAt: 1_000 });
    client.setQueryData(['invitations', 7], { badge: 0 }, { updatedAt: 1_000 });
    client.setQueryData(['invitations', 8], { badge: 0 }, { updatedAt: 5_000 });
    reloadAnswersOlderThanSocket(client, { connectedAt: 2_000 }, ['invitations']);
    expect(client.getQueryState(['invitations', 7])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['invitations', 8])?.isInvalidated).toBe(false);
    expect(client.getQueryState(['notifications'])?.isInvalidated).toBe(false);

    // Never connected, or nothing loaded yet: nothing to reload.
    reloadAnswersOlderThanSocket(client, { connectedAt: 0 }, ['notifications']);
    reloadAnswersOlderThanSocket(client, null, ['notifications']);
    expect(client.getQueryState(['notifications'])?.isInvalidated).toBe(false);
    client.clear();
  });
});
