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
 * Whether the page's realtime connection has `room` on: the server answered its subscribe (after
 * joining the socket to the room, so what is written from then on is pushed). Call before the page
 * loads; socket.io frames: `42<id>["subscribe",{"room":…}]` out, `43<id>[{"ok":true,…}]` back.
 */
export function watchSubscribed(page: Page, room: string): () => boolean {
  let on = false;
  page.on('websocket', (ws) => {
    const asked = new Set<string>();
    ws.on('framesent', ({ payload }) => {
      const ask = typeof payload === 'string' ? /^42(\d+)\["subscribe",(\{.*\})\]$/.exec(payload) : null;
      if (ask?.[1] && ask[2] && (JSON.parse(ask[2]) as { room?: string }).room === room) asked.add(ask[1]);
    });
    ws.on('framereceived', ({ payload }) => {
      const answer = typeof payload === 'string' ? /^43(\d+)\[(\{.*\})\]$/.exec(payload) : null;
      if (answer?.[1] && answer[2] && asked.has(answer[1]) && (JSON.parse(answer[2]) as { ok?: boolean }).ok)
        on = true;
    });
  });
  return () => on;
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
