import { RoomPattern } from '@foyer/contract';
import type { RoomPolicy } from '../../realtime/realtime';
import { idParam } from '../../realtime/realtime.policy';
import { isMember } from './chat.repository';

/** rooms/{roomId}/messages and rooms/{roomId}/meta: members only (as active participants of the room's event). */
export const chatRoomPolicy: RoomPolicy = async (userId, params, db) => {
  const roomId = idParam(params.roomId);
  return roomId !== null && isMember(db, roomId, userId);
};

/** The chat rooms' realtime rooms, each with `chatRoomPolicy`. */
export const CHAT_ROOM_PATTERNS = [RoomPattern.ChatMessages, RoomPattern.ChatMeta] as const;
