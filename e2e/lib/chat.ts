import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS } from './browser';
import { api, apiRegisterAttendee, type RegisteredAttendee } from './flows';

/** A fresh attendee of an event, with its token and participant id (arrangement for chat tests). */
export type ChatPerson = RegisteredAttendee;

export function registerAttendee(eventId: number, name: string, surname: string): Promise<ChatPerson> {
  return apiRegisterAttendee(eventId, { tag: `chat-${name.toLowerCase()}`, name, surname });
}

export async function createPrivateRoom(eventId: number, from: ChatPerson, to: ChatPerson): Promise<number> {
  const room = await api<{ id: number }>('/chat/room', {
    token: from.token,
    body: { eventId, type: 'private', members: [to.participantId] },
  });
  return room.id;
}

export async function sendViaApi(person: ChatPerson, roomId: number, msg: string): Promise<number> {
  const message = await api<{ messageId: number }>('/chat/message', {
    token: person.token,
    body: { roomId, msg },
  });
  return message.messageId;
}

/** The texts of the messages shown in the open conversation, oldest first. */
export async function messageTexts(page: Page): Promise<string[]> {
  return page.getByTestId('chat-message-text').allTextContents();
}

/** A PNG of what is on screen (fixed windows stay where they are; a full-page shot moves them). */
export async function viewportShot(page: Page, name: string): Promise<void> {
  const dir = join(ARTIFACTS, 'screens');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}
