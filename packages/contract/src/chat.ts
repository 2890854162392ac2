import { z } from 'zod';
import { idSchema } from './common';
import { personSummarySchema } from './meetings';
import type { InviteRuleInput } from './participants';
import { canInvite } from './participants-rules';

/** Chat (E2.51, E3.30, E4.55–E4.57, E4.85, E4.86, E5.45–E5.49, E7.55–E7.61, E7.84–E7.89, E9.24). */

export const CHAT_PAGE_SIZE = 20; // E9.24
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** Raw input beyond this is refused before it is cleaned up (the cleaned text must fit the max). */
const CHAT_RAW_MAX_LENGTH = CHAT_MESSAGE_MAX_LENGTH * 4;
export const CHAT_INPUT_MIN_ROWS = 1; // E5.49
export const CHAT_INPUT_MAX_ROWS = 5; // E5.49
export const CHAT_GROUP_MAX_MEMBERS = 100;
export const CHAT_ROOM_NAME_MAX_LENGTH = 100;

/** E4.55: written by the meeting and contact flows, never typed by a person. */
export const chatSystemMessageTypes = [
  'mreq', // meeting request
  'cmreq', // meeting request confirmed
  'rmreq', // meeting request declined
  'revmreq', // meeting request revoked
  'rreq', // reschedule request
  'rres', // reschedule declined
  'cres', // reschedule accepted
  'lses', // meeting cancelled
  'contact', // contact shared
] as const;
export const chatSystemMessageTypeSchema = z.enum(chatSystemMessageTypes);
export type ChatSystemMessageType = z.infer<typeof chatSystemMessageTypeSchema>;
export const chatMessageTypes = ['text', ...chatSystemMessageTypes] as const;
export const chatMessageTypeSchema = z.enum(chatMessageTypes);
export type ChatMessageType = z.infer<typeof chatMessageTypeSchema>;

export function isSystemMessageType(type: string | null): type is ChatSystemMessageType {
  return type !== null && (chatSystemMessageTypes as readonly string[]).includes(type);
}

export const chatRoomTypes = ['private', 'group'] as const;
export const chatRoomTypeSchema = z.enum(chatRoomTypes);
export type ChatRoomType = z.infer<typeof chatRoomTypeSchema>;

// ---- pure rules ---------------------------------------------------------------------------------

/**
 * E5.45, E5.46: line endings unified, trailing spaces dropped, blank lines and repeated line breaks
 * removed, the whole trimmed. Leading spaces inside a line stay (indented text keeps its shape).
 */
export function normalizeChatText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .join('\n')
    .trim();
}

/** E5.49: the input grows with its lines, from 1 to 5 rows. */
export function chatInputRows(text: string): number {
  const lines = text.split(/\r\n?|\n/).length;
  return Math.min(CHAT_INPUT_MAX_ROWS, Math.max(CHAT_INPUT_MIN_ROWS, lines));
}

/** E5.47, E5.48: Enter sends, Shift+Enter is a newline; keys of an IME composition are left alone. */
export function chatKeyAction(key: {
  key: string;
  shiftKey: boolean;
  isComposing?: boolean;
}): 'send' | 'newline' | null {
  if (key.key !== 'Enter' || key.isComposing) return null;
  return key.shiftKey ? 'newline' : 'send';
}

export const tickMemberSchema = z.object({
  participantId: z.number(),
  lastSeenMessageId: z.number(),
});
export type TickMember = z.infer<typeof tickMemberSchema>;

/**
 * E4.56: for my own messages, a single tick until the interlocutor's last seen message reaches it,
 * then a double tick; in a group, once every other member has. Others' and deleted messages: none.
 */
export function messageTick(
  message: Pick<ChatMessage, 'messageId' | 'sndr' | 'type'>,
  viewerParticipantId: number,
  members: readonly TickMember[],
): 'single' | 'double' | null {
  if (message.sndr !== viewerParticipantId || message.type === null) return null;
  const others = members.filter((m) => m.participantId !== viewerParticipantId);
  if (others.length === 0) return 'single';
  return others.every((m) => m.lastSeenMessageId >= message.messageId) ? 'double' : 'single';
}

/** E4.85, E4.86: only the sender, and never a system message or an already deleted one. */
export function canDeleteMessage(
  message: Pick<ChatMessage, 'sndr' | 'type'>,
  viewerParticipantId: number,
): boolean {
  return message.sndr === viewerParticipantId && message.type === 'text';
}

/** E6.22: the chat button is hidden for self, own-booth colleagues and people I may not invite. */
export function canChatWith(input: InviteRuleInput): boolean {
  return canInvite(input);
}

// ---- wire shapes --------------------------------------------------------------------------------

/** What a system message refers to (the card it renders links there). */
export const chatMessageDetailsSchema = z.object({
  invitationId: z.number().nullable().optional(),
  meetingId: z.number().nullable().optional(),
  sessionId: z.number().nullable().optional(),
  contactId: z.number().nullable().optional(),
});
export type ChatMessageDetails = z.infer<typeof chatMessageDetailsSchema>;

/** E3.30 messages; `type` and `msg` are null once deleted (E7.89). */
export const chatMessageSchema = z.object({
  messageId: z.number(),
  roomId: z.number(),
  /** Sender's participant id; for system messages the person whose action wrote it. */
  sndr: z.number().nullable(),
  msg: z.string().nullable(),
  /** ISO 8601. */
  dt: z.string(),
  type: chatMessageTypeSchema.nullable(),
  det: chatMessageDetailsSchema.nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatMemberSchema = z.object({
  participantId: z.number(),
  /** Null when the participant was deleted (shown as "Deleted", E3.04). */
  person: personSummarySchema.nullable(),
  lastSeenMessageId: z.number(),
});
export type ChatMember = z.infer<typeof chatMemberSchema>;

/** E3.30. */
export const chatRoomSchema = z.object({
  id: z.number(),
  eventId: z.number(),
  eventName: z.string(),
  type: chatRoomTypeSchema,
  name: z.string().nullable(),
  createdBy: z.number().nullable(),
  /** The caller's own participant id in this room's event (for ticks and own messages). */
  myParticipantId: z.number(),
  members: z.array(chatMemberSchema),
  lastMessage: chatMessageSchema.nullable(),
  lastMessageDate: z.string().nullable(),
  pin: z.boolean(),
  /** Every message of the others is seen by me. */
  seen: z.boolean(),
  countUnreadMessages: z.number(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

export const chatMessagesPageSchema = z.object({
  roomId: z.number(),
  /** Oldest first. */
  messages: z.array(chatMessageSchema),
  /** Older messages exist: ask again with before = messages[0].messageId. */
  hasMore: z.boolean(),
  members: z.array(z.object({ participantId: z.number(), lastSeenMessageId: z.number() })),
});
export type ChatMessagesPage = z.infer<typeof chatMessagesPageSchema>;

export const chatUnreadSchema = z.object({
  /** The mobile menu badge's unseen chat messages (A4.39). */
  total: z.number(),
  rooms: z.array(z.object({ roomId: z.number(), count: z.number() })),
});
export type ChatUnread = z.infer<typeof chatUnreadSchema>;

// ---- requests -----------------------------------------------------------------------------------

/**
 * The key the client gives a message (or a group) it composes, once (8–64 letters, digits, `_`,
 * `-`): its idempotency key with the sender and the room. A resend after a lost answer, with the
 * same key, gets the first answer back instead of a second message (or group).
 */
export const chatClientKeySchema = z
  .string({ error: 'validation.error.type' })
  .trim()
  .min(8, 'validation.error.type')
  .max(64, 'validation.error.type')
  .regex(/^[\w-]+$/, 'validation.error.type');

const memberIds = z
  .array(idSchema)
  .min(1, 'validation.error.required')
  .max(CHAT_GROUP_MAX_MEMBERS, 'validation.error.maxLength');

/** POST /api/v1/chat/room (E7.55). A private room is one per pair and event: asking again returns it. */
export const createChatRoomRequest = z
  .strictObject({
    eventId: idSchema,
    type: z.enum(chatRoomTypes, { error: 'validation.error.option' }),
    /** Participant ids of the others (the caller is always a member). */
    members: memberIds,
    name: z
      .string()
      .trim()
      .max(CHAT_ROOM_NAME_MAX_LENGTH, 'validation.error.maxLength')
      .optional()
      .nullable(),
    /** A group's key (a private room is one per pair anyway: there it changes nothing). */
    clientKey: chatClientKeySchema.optional(),
  })
  .refine((r) => r.type !== 'private' || new Set(r.members).size === 1, {
    message: 'A private room has exactly one other member',
    path: ['members'],
  });
export type CreateChatRoomRequest = z.infer<typeof createChatRoomRequest>;

/** POST and DELETE /api/v1/chat/room/member (E7.56, E7.57). */
export const chatRoomMembersRequest = z.strictObject({ roomId: idSchema, members: memberIds });
export type ChatRoomMembersRequest = z.infer<typeof chatRoomMembersRequest>;

/** The cleaned text must be 1…2000 characters (E5.45, E5.46). */
export const chatText = z
  .string({ error: 'validation.error.required' })
  .max(CHAT_RAW_MAX_LENGTH, 'validation.error.maxLength')
  .transform(normalizeChatText)
  .pipe(
    z.string().min(1, 'validation.error.required').max(CHAT_MESSAGE_MAX_LENGTH, 'validation.error.maxLength'),
  );

/**
 * POST /api/v1/chat/message (E7.58). A resend with the same `clientKey` answers the stored message;
 * the key sent with another text is refused (409 ChatClientKeyReused) and stores nothing.
 */
export const sendChatMessageRequest = z.strictObject({
  roomId: idSchema,
  msg: chatText,
  clientKey: chatClientKeySchema.optional(),
});
export type SendChatMessageRequest = z.infer<typeof sendChatMessageRequest>;

/** GET /api/v1/chat/room/messages (E7.61): 20 before `before` (newest first page without it). */
export const chatMessagesQuery = z.strictObject({ roomId: idSchema, before: idSchema.optional() });
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuery>;

/** POST /api/v1/chat/room/seen (E7.60): my last seen message; it never moves back. */
export const chatSeenRequest = z.strictObject({ roomId: idSchema, messageId: idSchema });
export type ChatSeenRequest = z.infer<typeof chatSeenRequest>;

/** POST /api/v1/chat/room/pin (E7.59). */
export const chatPinRequest = z.strictObject({
  roomId: idSchema,
  pin: z.boolean({ error: 'validation.error.type' }),
});
export type ChatPinRequest = z.infer<typeof chatPinRequest>;

/** GET /api/v1/chat/rooms: all my rooms, or one event's. */
export const chatRoomsQuery = z.strictObject({ eventId: idSchema.optional() });
export const chatRoomParams = z.strictObject({ roomId: idSchema });
export const chatMessageParams = z.strictObject({ messageId: idSchema });

export const chatSeenRecordSchema = z.object({
  roomId: z.number(),
  participantId: z.number(),
  lastSeenMessageId: z.number(),
});
export type ChatSeenRecord = z.infer<typeof chatSeenRecordSchema>;

/**
 * E7.85: a change of a room's meta, as rooms/{roomId}/meta carries it: a message (its date), a
 * member's last seen message (that member), or the members (all of them, after one joined or left).
 */
export const chatMetaRecordSchema = z.discriminatedUnion('change', [
  z.object({ change: z.literal('message'), roomId: z.number(), lastMessageDate: z.string() }),
  z.object({
    change: z.enum(['seen', 'members']),
    roomId: z.number(),
    members: z.array(z.object({ participantId: z.number(), lastSeenMessageId: z.number() })),
  }),
]);
export type ChatMetaRecord = z.infer<typeof chatMetaRecordSchema>;

export const chatRoomRecordSchema = z.object({
  /** added: I am in a new room (subscribe to it); removed: I left or was removed; updated: name or members. */
  action: z.enum(['added', 'removed', 'updated']),
  roomId: z.number(),
});
export type ChatRoomRecord = z.infer<typeof chatRoomRecordSchema>;
