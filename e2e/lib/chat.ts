import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS } from './browser';
import { api, apiRegisterVerified, uniqueEmail } from './flows';

/** A fresh attendee of an event, with its token and participant id (arrangement for chat tests). */
export interface ChatPerson {
  email: string;
  password: string;
  token: string;
  participantId: number;
  fullName: string;
}

export async function registerAttendee(eventId: number, name: string, surname: string): Promise<ChatPerson> {
  const email = uniqueEmail(`chat-${name.toLowerCase()}`);
  const password = 'Chat-pass-123';
  const token = await apiRegisterVerified({
    eventId,
    name,
    surname,
    email,
    password,
    fields: { industry: 'Health' },
  });
  const me = await api<{ id: number }>(`/event/participant/me?eventId=${eventId}`, { token });
  return { email, password, token, participantId: me.id, fullName: `${name} ${surname}` };
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
