import { z } from 'zod';
import { idSchema } from './common';
import { POPUP_TABLE_PRESENCE_MS } from './constants';

/** A booth's popup tables: who is at one now, and joining, staying at and leaving it (E2.56, E7.87). */

/**
 * E7.87: who is at a popup table now (videoRooms/{roomId}/participantState). `here` holds the last
 * heartbeat of each person still within the presence window (A9.35) when the server answered (`at`);
 * a screen counts them again as time passes (`tablePresentCount`), so nobody needs to announce that
 * someone's window ran out. Times only: who sits at a table is not shown.
 */
export const tablePresenceSchema = z.object({
  roomId: z.string(),
  meetingId: z.number(),
  seats: z.number(),
  /** The server's clock at the answer (ISO 8601), so a client with a skewed clock counts right. */
  at: z.string(),
  /** ISO 8601 last heartbeats of the people present, newest first. */
  here: z.array(z.string()),
});
export type TablePresence = z.infer<typeof tablePresenceSchema>;

/**
 * People at the table `nowMs` (the reader's clock) when the presence was received at `receivedMs`
 * (the reader's clock): each counts while their last heartbeat is within POPUP_TABLE_PRESENCE_MS
 * of the server's time then plus what has passed since.
 */
export function tablePresentCount(
  presence: Pick<TablePresence, 'at' | 'here'>,
  receivedMs: number,
  nowMs: number,
): number {
  const serverNow = Date.parse(presence.at) + Math.max(0, nowMs - receivedMs);
  return presence.here.filter((t) => serverNow - Date.parse(t) < POPUP_TABLE_PRESENCE_MS).length;
}

/** How often a person who joined a table tells the server they are still there (well inside A9.35). */
export const POPUP_TABLE_HEARTBEAT_MS = 25_000;

/** Error codes of popup tables (MST-00609 TableFull is the meetings' own). */
export const TableErrorCode = {
  TableOver: 'MST-00624',
} as const;

export const popupTableSchema = z.object({
  roomId: z.string(),
  name: z.string(),
  meetingId: z.number().nullable(),
  /** The table's time (ISO 8601). */
  sdt: z.string(),
  edt: z.string(),
  presence: tablePresenceSchema,
});
export type PopupTable = z.infer<typeof popupTableSchema>;

/** A video room name as the server makes them (base64url); anything else is no table. */
export const videoRoomIdSchema = z
  .string({ error: 'validation.error.required' })
  .min(1, 'validation.error.required')
  .max(64, 'validation.error.maxLength')
  .regex(/^[A-Za-z0-9_-]+$/, 'validation.error.pattern');

/** POST /event/booth/table/join, /heartbeat, /leave (E2.56, E7.87). */
export const tableRequest = z.strictObject({ eventId: idSchema, roomId: videoRoomIdSchema });
export type TableRequest = z.infer<typeof tableRequest>;

export const joinTableResultSchema = z.object({
  /** The table's video call (VIDEO_URL_TEMPLATE), opened in a new window. */
  videoUrl: z.string(),
  presence: tablePresenceSchema,
});
export type JoinTableResult = z.infer<typeof joinTableResultSchema>;
