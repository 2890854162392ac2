import type { ChatMember, ChatMessage, ChatMessageType, ChatRoom, PersonSummary } from '@foyer/contract';
import type { MessageRow } from './chat.messages.repository';
import type { MemberRow, MyRoomRow } from './chat.repository';

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    messageId: row.id,
    roomId: row.room_id,
    sndr: row.sender_id,
    msg: row.msg,
    dt: new Date(row.created_at).toISOString(),
    type: row.type as ChatMessageType | null,
    det: row.det,
  };
}

function toPerson(m: MemberRow): PersonSummary | null {
  // E3.04: a deleted participant is a placeholder on the client.
  if (m.state === 'deleted') return null;
  return {
    id: m.participant_id,
    name: m.name,
    surname: m.surname,
    fullName: `${m.name} ${m.surname}`.trim(),
    jobTitle: m.job_title,
    company: m.company,
    profilePhoto: m.profile_photo,
    boothId: m.booth_role === 'not_confirmed' ? null : m.booth_id,
  };
}

export function toChatMember(m: MemberRow): ChatMember {
  return { participantId: m.participant_id, person: toPerson(m), lastSeenMessageId: m.last_seen_message_id };
}

export function toChatRoom(row: MyRoomRow, members: MemberRow[], last: MessageRow | undefined): ChatRoom {
  const unread = Number(row.unread ?? 0);
  return {
    id: row.id,
    eventId: row.event_id,
    eventName: row.event_name,
    type: row.type,
    name: row.name,
    createdBy: row.created_by,
    myParticipantId: row.me_id,
    members: members.map(toChatMember),
    lastMessage: last ? toChatMessage(last) : null,
    lastMessageDate: last ? new Date(last.created_at).toISOString() : null,
    pin: row.pinned,
    seen: unread === 0,
    countUnreadMessages: unread,
  };
}
