import type { ChatMessage, ChatRoom } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../../i18n/translator';
import { chatTime, previewText, roomTitle, systemText } from './chat-text';

const t = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key}:${JSON.stringify(options)}` : key) as unknown as TFunction;

const person = (id: number, name: string, surname: string) => ({
  id,
  name,
  surname,
  fullName: `${name} ${surname}`,
  jobTitle: '',
  company: '',
  profilePhoto: null,
  boothId: null,
});

const room = (over: Partial<ChatRoom> = {}): ChatRoom => ({
  id: 1,
  eventId: 1,
  eventName: 'E',
  type: 'private',
  name: null,
  createdBy: 7,
  myParticipantId: 7,
  members: [
    { participantId: 7, person: person(7, 'Ana', 'A'), lastSeenMessageId: 0 },
    { participantId: 8, person: person(8, 'Ben', 'B'), lastSeenMessageId: 0 },
  ],
  lastMessage: null,
  lastMessageDate: null,
  pin: false,
  seen: true,
  countUnreadMessages: 0,
  ...over,
});

const message = (over: Partial<ChatMessage>): ChatMessage => ({
  messageId: 1,
  roomId: 1,
  sndr: 8,
  msg: 'hi',
  dt: '2026-11-22T10:00:00Z',
  type: 'text',
  det: null,
  ...over,
});

describe('chat texts', () => {
  it('E2.51 a private room is named after the other person, a deleted one is "Deleted"', () => {
    expect(roomTitle(room(), t)).toBe('Ben B');
    const gone = room({ members: [{ participantId: 7, person: null, lastSeenMessageId: 0 }] });
    expect(
      roomTitle(
        { ...gone, members: [...gone.members, { participantId: 8, person: null, lastSeenMessageId: 0 }] },
        t,
      ),
    ).toBe('chat.room.deletedPerson');
    expect(roomTitle(room({ type: 'group', name: 'Crew' }), t)).toBe('Crew');
    expect(roomTitle(room({ type: 'group' }), t)).toBe('Ben');
  });

  it('E4.55 a system message names who did it; mine says "You"', () => {
    expect(systemText(message({ type: 'mreq', msg: 'Coffee?' }), room(), t)).toBe(
      'chat.system.mreq:{"name":"Ben B"}',
    );
    expect(systemText(message({ type: 'lses', sndr: 7 }), room(), t)).toBe(
      'chat.system.lses:{"name":"chat.messages.you"}',
    );
  });

  it('E7.89 previews: deleted, mine, multi-line text on one line', () => {
    expect(previewText(message({ type: null, msg: null }), room(), t)).toBe('chat.messages.deleted');
    expect(previewText(message({ sndr: 7, msg: 'a\nb' }), room(), t)).toBe('chat.rooms.mine:{"text":"a b"}');
    expect(previewText(null, room(), t)).toBe('chat.rooms.noMessages');
  });

  it('A9.33 E9.55 today shows the time only, older days the date too', () => {
    const now = new Date('2026-11-22T15:00:00Z');
    expect(chatTime('2026-11-22T10:05:00Z', 'UTC', now)).toBe('10:05');
    expect(chatTime('2026-11-20T10:05:00Z', 'UTC', now)).toBe('2026-11-20 10:05');
    expect(chatTime(null, 'UTC', now)).toBe('');
  });
});
