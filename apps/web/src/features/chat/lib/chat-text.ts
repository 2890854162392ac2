import { type ChatMessage, type ChatRoom, isSystemMessageType } from '@foyer/contract';
import type { TFunction } from '../../../i18n/translator';
import { formatDateTime } from '../../../lib/format-date';

/** The others of a room (everyone but me). */
export function othersOf(room: ChatRoom) {
  return room.members.filter((m) => m.participantId !== room.myParticipantId);
}

/** A member's display name; a deleted participant is "Deleted" (E3.04). */
export function memberName(room: ChatRoom, participantId: number | null, t: TFunction): string {
  const member = room.members.find((m) => m.participantId === participantId);
  return member?.person?.fullName || t('chat.room.deletedPerson');
}

/** A private room is named after the other person; a group by its name, else its members. */
export function roomTitle(room: ChatRoom, t: TFunction): string {
  const others = othersOf(room);
  if (room.type === 'group') {
    if (room.name) return room.name;
    const names = others.map((m) => m.person?.name || t('chat.room.deletedPerson'));
    return names.join(', ') || t('chat.room.group');
  }
  return others[0]?.person?.fullName || t('chat.room.deletedPerson');
}

/** E4.55: a system message as a sentence about whoever wrote it. */
export function systemText(message: ChatMessage, room: ChatRoom, t: TFunction): string {
  if (!isSystemMessageType(message.type)) return message.msg ?? '';
  const mine = message.sndr === room.myParticipantId;
  const name = mine ? t('chat.messages.you') : memberName(room, message.sndr, t);
  return t(`chat.system.${message.type}`, { name });
}

/** The list's one-line preview of a message. */
export function previewText(message: ChatMessage | null, room: ChatRoom, t: TFunction): string {
  if (!message) return t('chat.rooms.noMessages');
  if (message.type === null) return t('chat.messages.deleted');
  if (isSystemMessageType(message.type)) return systemText(message, room, t);
  const text = (message.msg ?? '').replace(/\s+/g, ' ');
  return message.sndr === room.myParticipantId ? t('chat.rooms.mine', { text }) : text;
}

/** Today's messages show the time only; older ones the date and time (A9.33 format). */
export function chatTime(iso: string | null, zone: string | null, now = new Date()): string {
  const full = formatDateTime(iso, zone);
  if (!full) return '';
  const today = formatDateTime(now.toISOString(), zone).slice(0, 10);
  return full.startsWith(today) ? full.slice(11) : full;
}
