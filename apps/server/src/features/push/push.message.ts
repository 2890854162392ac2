import {
  type Locale,
  type Notification,
  type NotificationType,
  type PushPayload,
  pushTopicOf,
} from '@foyer/contract';
import { type NotificationNames, notificationTitle } from '../notifications/notification-texts';
import { linkOf, namesOf } from '../notifications/notifications.email';

/**
 * A push as the outbox keeps it: what to say, not yet in words, because each of a person's browsers
 * gets it in the language it subscribed with (`pushPayload`).
 */
export type PushMessage =
  | {
      kind: 'notification';
      type: NotificationType;
      names: NotificationNames;
      body: string | null;
      url: string;
      tag: string;
    }
  | { kind: 'chat'; sender: string; body: string; url: string; tag: string };

const BODY_MAX = 180;
const clip = (text: string) => (text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text);

/** The push of a notification: its title per language, its text, and where a click leads. */
export function notificationPush(n: Notification): PushMessage {
  const body = [n.det.title, n.det.message].filter((t): t is string => !!t?.trim()).join(' · ');
  const tag =
    n.det.invitationId !== null
      ? `invitation-${n.det.invitationId}`
      : n.det.meetingId !== null
        ? `meeting-${n.det.meetingId}`
        : n.sesId !== null
          ? `session-${n.sesId}`
          : `notification-${n.id}`;
  return {
    kind: 'notification',
    type: n.type,
    names: namesOf(n),
    body: body ? clip(body) : (n.event?.name ?? null),
    url: linkOf(n, ''),
    tag,
  };
}

/** The push of a chat message: the sender as the title, the text as the body; one per room. */
export function chatPush(input: { roomId: number; sender: string; text: string }): PushMessage {
  return {
    kind: 'chat',
    sender: input.sender,
    body: clip(input.text.trim() || '📎'),
    url: `/chat?room=${input.roomId}`,
    tag: `chat-${input.roomId}`,
  };
}

/** The push topic a message belongs to (muted topics are not pushed). */
export const topicOf = (message: PushMessage) =>
  message.kind === 'chat' ? 'chat' : pushTopicOf(message.type);

/** What the service worker shows, in the browser's language. */
export function pushPayload(message: PushMessage, locale: Locale): PushPayload {
  if (message.kind === 'chat') {
    return { title: message.sender, body: message.body, url: message.url, tag: message.tag };
  }
  return {
    title: notificationTitle(message.type, message.names, locale),
    body: message.body ?? '',
    url: message.url,
    tag: message.tag,
  };
}
