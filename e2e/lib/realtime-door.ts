import type { Page, WebSocketRoute } from 'playwright-core';
import { expect } from 'vitest';
import { api, apiLogin, DEMO_LOGINS, DEMO_PASSWORD } from './flows';

/**
 * Holds the page's realtime connections at the door until `open()`: what is written meanwhile
 * reaches the page only through its rooms coming on (the subscribe's answer), never as a push.
 * Call before the page loads.
 */
export async function holdRealtime(page: Page): Promise<{ held(): number; open(): void }> {
  let opened = false;
  const waiting: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/api\/v1\/realtime/, (ws) => {
    if (opened) ws.connectToServer();
    else waiting.push(ws);
  });
  return {
    held: () => waiting.length,
    open: () => {
      opened = true;
      for (const ws of waiting.splice(0)) ws.connectToServer();
    },
  };
}

/**
 * The records pushed to the page over its realtime connections, by type (`participant.tags`…).
 * Call before the page loads.
 */
export function watchPushes(page: Page): { seen(type: string): boolean } {
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && payload.includes('"record"')) frames.push(payload);
    });
  });
  return { seen: (type) => frames.some((frame) => frame.includes(`"type":"${type}"`)) };
}

/**
 * The demo organizer asks the attendee for a meeting, and this waits until its notification is
 * written (by a processor after the request's commit): the attendee's room has a new record.
 */
export async function organizerRequestTo(
  eventId: number,
  attendee: { participantId: number; token: string },
): Promise<void> {
  const organizer = await apiLogin(DEMO_LOGINS.organizer, DEMO_PASSWORD);
  await api('/event/schedule/join', {
    token: organizer,
    body: { eventId, toType: 'participant', toId: attendee.participantId, message: 'Before your socket' },
  });
  await expect
    .poll(
      async () => (await api<{ unseen: number }>('/notifications/counts', { token: attendee.token })).unseen,
    )
    .toBe(1);
}
