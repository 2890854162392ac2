import { describe, expect, it } from 'vitest';
import {
  applyMessageToRoom,
  CHAT_MESSAGE_MAX_LENGTH,
  type ChatMessage,
  type ChatRoom,
  canChatWith,
  canDeleteMessage,
  chatInputRows,
  chatKeyAction,
  createChatRoomRequest,
  mergeChatMessages,
  messageTick,
  normalizeChatText,
  sendChatMessageRequest,
  sortChatRooms,
} from './index';

describe('chat text (E5.45–E5.49)', () => {
  it('E5.45 trims the text', () => {
    expect(normalizeChatText('   hello  ')).toBe('hello');
  });

  it('E5.46 removes blank lines and duplicate line breaks', () => {
    expect(normalizeChatText('\n\nhello\n\n\n\nworld\n \n\t\n!\n\n')).toBe('hello\nworld\n!');
    expect(normalizeChatText('a\r\n\r\nb\rc')).toBe('a\nb\nc');
    expect(normalizeChatText('  indented\n    more  ')).toBe('indented\n    more');
  });

  it('E5.45 a message that is only whitespace is refused; the cleaned text is what is sent', () => {
    expect(sendChatMessageRequest.safeParse({ roomId: 1, msg: ' \n\n \t ' }).success).toBe(false);
    expect(sendChatMessageRequest.parse({ roomId: 1, msg: ' hi\n\n\nthere ' }).msg).toBe('hi\nthere');
    expect(
      sendChatMessageRequest.safeParse({ roomId: 1, msg: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) }).success,
    ).toBe(false);
  });

  it('E7.58 a message may carry its client key (8–64 letters, digits, _ or -); a malformed one is refused', () => {
    const key = 'c6a1f3f2-5b8e-4c1d-9a7e-0f1e2d3c4b5a';
    expect(sendChatMessageRequest.parse({ roomId: 1, msg: 'hi', clientKey: key }).clientKey).toBe(key);
    expect(sendChatMessageRequest.parse({ roomId: 1, msg: 'hi' }).clientKey).toBeUndefined();
    for (const clientKey of ['short', 'x'.repeat(65), 'with space', 'semi;colon', '', 12345678, null]) {
      expect(sendChatMessageRequest.safeParse({ roomId: 1, msg: 'hi', clientKey }).success).toBe(false);
    }
    const group = { eventId: 1, type: 'group', members: [2], name: 'Crew' };
    expect(createChatRoomRequest.parse({ ...group, clientKey: 'group_key-1' }).clientKey).toBe('group_key-1');
    expect(createChatRoomRequest.safeParse({ ...group, clientKey: 'bad key!' }).success).toBe(false);
  });

  it('E5.47 E5.48 Enter sends, Shift+Enter adds a newline, composition is left alone', () => {
    expect(chatKeyAction({ key: 'Enter', shiftKey: false })).toBe('send');
    expect(chatKeyAction({ key: 'Enter', shiftKey: true })).toBe('newline');
    expect(chatKeyAction({ key: 'Enter', shiftKey: false, isComposing: true })).toBeNull();
    expect(chatKeyAction({ key: 'a', shiftKey: false })).toBeNull();
  });

  it('E5.49 the input has 1 to 5 rows', () => {
    expect(chatInputRows('')).toBe(1);
    expect(chatInputRows('a\nb\nc')).toBe(3);
    expect(chatInputRows('1\n2\n3\n4\n5\n6\n7')).toBe(5);
  });
});

describe('chat rules', () => {
  const members = [
    { participantId: 1, lastSeenMessageId: 10 },
    { participantId: 2, lastSeenMessageId: 7 },
  ];

  it('E4.56 single tick until the interlocutor has seen my message, then double', () => {
    expect(messageTick({ messageId: 7, sndr: 1, type: 'text' }, 1, members)).toBe('double');
    expect(messageTick({ messageId: 8, sndr: 1, type: 'text' }, 1, members)).toBe('single');
    expect(messageTick({ messageId: 5, sndr: 2, type: 'text' }, 1, members)).toBeNull();
  });

  it('E4.56 in a group the double tick waits for every other member', () => {
    const group = [...members, { participantId: 3, lastSeenMessageId: 9 }];
    expect(messageTick({ messageId: 8, sndr: 1, type: 'text' }, 1, group)).toBe('single');
    expect(messageTick({ messageId: 7, sndr: 1, type: 'text' }, 1, group)).toBe('double');
  });

  it('E4.85 E4.86 only the sender deletes, and never a system message', () => {
    expect(canDeleteMessage({ sndr: 1, type: 'text' }, 1)).toBe(true);
    expect(canDeleteMessage({ sndr: 1, type: 'text' }, 2)).toBe(false);
    expect(canDeleteMessage({ sndr: 1, type: 'mreq' }, 1)).toBe(false);
    expect(canDeleteMessage({ sndr: 1, type: null }, 1)).toBe(false);
  });

  it('E6.22 no chat with self, own-booth colleagues or people I may not invite', () => {
    const me = { id: 1, boothId: 5, organizer: false, typeId: 1 };
    const base = { restricted: false, invitationRights: null };
    expect(canChatWith({ ...base, me, target: { id: 1, boothId: 5, typeId: 1 } })).toBe(false);
    expect(canChatWith({ ...base, me, target: { id: 2, boothId: 5, typeId: 1 } })).toBe(false);
    expect(canChatWith({ ...base, me, target: { id: 3, boothId: null, typeId: 2 } })).toBe(true);
    expect(
      canChatWith({
        me,
        target: { id: 3, boothId: null, typeId: 2 },
        restricted: true,
        invitationRights: [1],
      }),
    ).toBe(false);
  });

  it('E7.55 a private room has exactly one other member', () => {
    expect(createChatRoomRequest.safeParse({ eventId: 1, type: 'private', members: [2] }).success).toBe(true);
    expect(createChatRoomRequest.safeParse({ eventId: 1, type: 'private', members: [2, 3] }).success).toBe(
      false,
    );
    expect(
      createChatRoomRequest.safeParse({ eventId: 1, type: 'group', members: [2, 3], name: 'Team' }).success,
    ).toBe(true);
    expect(createChatRoomRequest.safeParse({ eventId: 1, type: 'secret', members: [2] }).success).toBe(false);
  });
});

describe('chat list and live rules', () => {
  const msg = (messageId: number, sndr: number, type: ChatMessage['type'] = 'text'): ChatMessage => ({
    messageId,
    roomId: 1,
    sndr,
    msg: type ? `m${messageId}` : null,
    dt: new Date(Date.UTC(2026, 10, 22, 12, messageId)).toISOString(),
    type,
    det: null,
  });
  const room = (over: Partial<ChatRoom> = {}): ChatRoom => ({
    id: 1,
    eventId: 1,
    eventName: 'E',
    type: 'private',
    name: null,
    createdBy: 7,
    myParticipantId: 7,
    members: [],
    lastMessage: null,
    lastMessageDate: null,
    pin: false,
    seen: true,
    countUnreadMessages: 0,
    ...over,
  });

  it('E4.57 pinned rooms come first, then the latest activity', () => {
    const rooms = [
      { id: 1, pin: false, lastMessageDate: '2026-11-22T10:00:00Z' },
      { id: 2, pin: true, lastMessageDate: '2026-11-20T10:00:00Z' },
      { id: 3, pin: false, lastMessageDate: '2026-11-22T11:00:00Z' },
      { id: 4, pin: false, lastMessageDate: null },
    ];
    expect(sortChatRooms(rooms).map((r) => r.id)).toEqual([2, 3, 1, 4]);
  });

  it('E3.30 a live message from the other counts as unread once, mine does not', () => {
    const once = applyMessageToRoom(room(), msg(5, 8));
    expect(once).toMatchObject({ countUnreadMessages: 1, seen: false, lastMessage: { messageId: 5 } });
    expect(applyMessageToRoom(once, msg(5, 8))).toBe(once);
    expect(applyMessageToRoom(once, msg(6, 7)).countUnreadMessages).toBe(1);
    expect(applyMessageToRoom(once, { ...msg(9, 8), roomId: 2 })).toBe(once);
  });

  it('E9.24 pages merge by id, oldest first, a deletion replaces the message', () => {
    const merged = mergeChatMessages([msg(3, 7), msg(4, 8)], [msg(1, 7), msg(4, 8, null)]);
    expect(merged.map((m) => m.messageId)).toEqual([1, 3, 4]);
    expect(merged[2]?.type).toBeNull();
  });
});
