import { z } from 'zod';

/**
 * Realtime: the spec's realtime-database paths are socket.io rooms with the same names (DESIGN
 * "Realtime"). Every pushed record carries an increasing id and its position `seq` in its room
 * (1, 2, 3, … without holes). A client that reconnects re-subscribes with the last seq it holds and
 * receives what it missed; a hole in the seqs it receives live tells it a record is still on its way
 * (pushes from different server processes can overtake each other) or was lost, and it asks again.
 */

/** socket.io `path` of the realtime endpoint (same port as the API). */
export const REALTIME_PATH = '/api/v1/realtime';

/** Records returned by one subscribe ack; the ack says `more: true` when there are further ones. */
export const REALTIME_CATCH_UP_LIMIT = 500;

/** How long records stay retrievable for catch-up after a disconnect. */
export const REALTIME_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Most rooms one connection may hold at once (its own user room included). */
export const REALTIME_MAX_ROOMS_PER_SOCKET = 200;

/** Room name patterns as the spec writes them; `{name}` matches one path segment. */
export const RoomPattern = {
  /** A user's private feed: notifications (A7.44), invitation changes, ui/{userId} (A7.43). */
  User: 'userRooms/{userId}',
  /** A chat room's messages (E7.86); its policy comes from the chat feature. */
  ChatMessages: 'rooms/{roomId}/messages',
  /** A chat room's meta (E7.85): its last message's date and its members' last seen messages. */
  ChatMeta: 'rooms/{roomId}/meta',
  /** Event-wide: announcements, polls, translationString (A7.41). */
  Event: 'newEvents/{eventId}',
  /** A public session's capacity and participants (E7.78). */
  EventSession: 'newEvents/{eventId}/public_sessions/{sessionId}',
  /** The public part of a profile (A7.42). */
  PublicProfile: 'profiles/{userId}/public',
  /** E7.73: the event's check-in areas, live occupancy and who went in or out (check-in staff, organizers). */
  CheckInAreas: 'newEvents/{eventId}/checkInAreas',
  /** Badge print states and the print set-up (E7.74, E7.75): check-in staff and organizers. */
  EventBadges: 'newEvents/{eventId}/badges',
  /** E7.87: who is at a booth's popup meeting table now (its video room): the event's people. */
  VideoRoomParticipantState: 'videoRooms/{roomId}/participantState',
} as const;
export type RoomPattern = (typeof RoomPattern)[keyof typeof RoomPattern];

type Id = number | string;

/** Room name builders: always build names with these so server and web agree. */
export const realtimeRoom = {
  user: (userId: Id) => `userRooms/${userId}`,
  chatMessages: (roomId: Id) => `rooms/${roomId}/messages`,
  chatMeta: (roomId: Id) => `rooms/${roomId}/meta`,
  event: (eventId: Id) => `newEvents/${eventId}`,
  eventSession: (eventId: Id, sessionId: Id) => `newEvents/${eventId}/public_sessions/${sessionId}`,
  publicProfile: (userId: Id) => `profiles/${userId}/public`,
  checkInAreas: (eventId: Id) => `newEvents/${eventId}/checkInAreas`,
  eventBadges: (eventId: Id) => `newEvents/${eventId}/badges`,
  videoRoomParticipantState: (roomId: Id) => `videoRooms/${roomId}/participantState`,
} as const;

/** socket.io event names: one table, used by both sides. */
export const RealtimeEvent = {
  /** client → server, with ack: join a room and receive what was missed since an id. */
  Subscribe: 'subscribe',
  /** client → server, with ack: leave a room. */
  Unsubscribe: 'unsubscribe',
  /** server → client: one pushed record. */
  Record: 'record',
} as const;

/**
 * The `type` of every record, in one table used by server and web (features name their subsets,
 * e.g. `ChatRecordType`, from these). The payload shape belongs to the feature's own contract file.
 */
export const RecordType = {
  /** Notification (userRooms/{userId}; event-wide ones on newEvents/{eventId}). */
  Notification: 'notification',
  /** NotificationCounts after read/seen changes. */
  NotificationState: 'notification.state',
  /** InvitationChangedPayload (meetings.ts), one per recipient and change. */
  InvitationChanged: 'invitation.changed',
  UiSettings: 'ui',
  ChatMessage: 'chat.message',
  ChatMessageDeleted: 'chat.message.deleted',
  ChatSeen: 'chat.seen',
  ChatRoom: 'chat.room',
  ChatMeta: 'chat.meta',
  Announcement: 'announcement',
  PostComment: 'post.comment',
  PollChanged: 'poll.changed',
  PollResults: 'poll.results',
  TranslationString: 'translationString',
  /** The event's settings changed in the organizer console: its screens refetch it (A7.41). */
  EventChanged: 'event.changed',
  SessionChanged: 'session.changed',
  SessionPing: 'session.ping',
  AgendaChanged: 'agenda.changed',
  PublicProfileChanged: 'profile.public',
  ParticipantTags: 'participant.tags',
  BoothTeam: 'booth.team',
  /** BoothChangedPayload: a booth's public profile changed (E7.79), on the event's room: screens refetch it. */
  BoothChanged: 'booth.changed',
  /** ContactChangedPayload (contacts.ts): an exchange changed, to each of its two people. */
  ContactChanged: 'contact.changed',
  /** ContactsEditedPayload: I saved or deleted a contact or a note (E7.82): my other devices refetch. */
  ContactsEdited: 'contacts.edited',
  /** LeadChangedPayload (leads.ts): a booth's lead was scanned or edited, to each team member. */
  BoothLead: 'booth.lead',
  /** CheckInChangedPayload (checkin-sync.ts): an area's occupancy after someone went in or out. */
  CheckInChanged: 'checkIn.changed',
  /** CheckInCommand (checkin-sync.ts), on the caller's own room: an asynchronous check-in was executed (E7.88). */
  CheckInCommand: 'checkIn.command',
  /** BadgePrintRecord (badges.ts): a print job's state (E7.74). */
  BadgePrint: 'badge.print',
  /** BadgeSetupRecord: printers or badge templates changed (E7.75). */
  BadgeSetup: 'badge.setup',
  /** TablePresence (booths.ts): who is at a popup table now, after a join, heartbeat or leave (E7.87). */
  VideoRoomParticipantState: 'videoRoom.participantState',
} as const;
export type RecordType = (typeof RecordType)[keyof typeof RecordType];

export interface RealtimeRecord<P = unknown> {
  /** Unique; increases with every record of any room. */
  id: number;
  /** Position in the room: 1 for its first record, then +1 each, in commit order. */
  seq: number;
  room: string;
  type: string;
  payload: P;
  /** ISO 8601. */
  createdAt: string;
}

export const subscribeRequest = z.strictObject({
  room: z.string().min(1).max(200),
  /** The client holds every record of the room up to this seq; absent on a first subscribe. */
  since: z.number().int().min(0).optional(),
});
export type SubscribeRequest = z.infer<typeof subscribeRequest>;

export const unsubscribeRequest = z.strictObject({ room: z.string().min(1).max(200) });
export type UnsubscribeRequest = z.infer<typeof unsubscribeRequest>;

export type SubscribeAck =
  | {
      ok: true;
      /** Records of the room with seq > since, in seq order (empty when since was absent). */
      missed: RealtimeRecord[];
      /** More missed records exist: subscribe again with since = lastSeq. */
      more: boolean;
      /** The seq the client now holds the room up to: the next `since`. */
      lastSeq: number;
      /**
       * Records after `since` are gone (older than the retention period), or `since` is ahead of the
       * room (the server's data was reset): the client should reload the room's state over HTTP.
       */
      truncated: boolean;
      /**
       * On a first subscribe (no `since`): how long ago, by the server's clock, the room's newest
       * record was written (null: the room has none). A client that loaded the room's state over
       * HTTP before it subscribed reloads it only if that record may be newer than its load.
       */
      lastRecordAgeMs?: number | null;
    }
  | { ok: false; error: { code: string; msg: string } };

export type UnsubscribeAck = { ok: true } | { ok: false; error: { code: string; msg: string } };

/** Typed socket.io events (server: `Server<ClientToServerEvents, ServerToClientEvents>`). */
export interface ServerToClientEvents {
  record: (record: RealtimeRecord) => void;
}
export interface ClientToServerEvents {
  subscribe: (request: SubscribeRequest, ack: (answer: SubscribeAck) => void) => void;
  unsubscribe: (request: UnsubscribeRequest, ack: (answer: UnsubscribeAck) => void) => void;
}

/** The message a connect_error carries when the token is missing, invalid or expired. */
export const REALTIME_UNAUTHORIZED = 'unauthorized';
/**
 * The message a connect_error carries when the server could not check the token because its
 * database did not answer (restarting, failing over): connect again later with the same token.
 */
export const REALTIME_UNAVAILABLE = 'unavailable';

/**
 * Matches a room name against a pattern: the `{name}` segments' values, or null. Values are never
 * empty and never contain '/'.
 */
export function matchRoom(pattern: string, room: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = room.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith('{') && w.endsWith('}')) {
      if (g === '') return null;
      params[w.slice(1, -1)] = g;
    } else if (w !== g) {
      return null;
    }
  }
  return params;
}

/** E7.79: which booth changed; its new profile is fetched (the record carries no profile). */
export interface BoothChangedPayload {
  boothId: number;
}

/** E7.82: which of my contacts changed (null: a deleted note's contact, or a deleted contact: refetch all). */
export interface ContactsEditedPayload {
  contactId: number | null;
}
