import {
  type JoinTableResult,
  POPUP_TABLE_HEARTBEAT_MS,
  POPUP_TABLE_PRESENCE_MS,
  type PopupTable,
  RecordType,
  realtimeRoom,
  type TablePresence,
  type TableRequest,
  tablePresentCount,
} from '@foyer/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../../lib/api-client';
import { useRealtimeRoom } from '../../../lib/use-realtime';
import { boothKeys } from './booths';

/** POST /event/booth/table/join (E2.56): a seat at the table and its video call. */
export const joinTable = (input: TableRequest) =>
  api<JoinTableResult>('/event/booth/table/join', { method: 'POST', body: input });

/** POST /event/booth/table/heartbeat (A9.35): still at the table. */
export const tableHeartbeat = (input: TableRequest) =>
  api<TablePresence>('/event/booth/table/heartbeat', { method: 'POST', body: input });

/** POST /event/booth/table/leave: the seat is free at once. */
export const leaveTable = (input: TableRequest) =>
  api<TablePresence>('/event/booth/table/leave', { method: 'POST', body: input });

/** A presence as received, with the reader's clock at that moment (tablePresentCount). */
export interface ReceivedPresence {
  presence: TablePresence;
  receivedAt: number;
}

const newer = (a: ReceivedPresence | undefined, b: ReceivedPresence): ReceivedPresence =>
  a && Date.parse(a.presence.at) > Date.parse(b.presence.at) ? a : b;

/**
 * The newest presence of each table the booth page shows: from the booth detail, the answers to the
 * reader's own join, heartbeat and leave, and the live records of videoRooms/{roomId}/participantState
 * (E7.87), whichever the server wrote last.
 */
export function useTablePresences() {
  const [live, setLive] = useState<Record<string, ReceivedPresence>>({});
  const adopt = useCallback((presence: TablePresence) => {
    const received = { presence, receivedAt: Date.now() };
    setLive((all) => {
      const next = newer(all[presence.roomId], received);
      return next === all[presence.roomId] ? all : { ...all, [presence.roomId]: next };
    });
  }, []);
  return { live, adopt };
}

/**
 * How many are at the table now (A9.35): follows the table's realtime room and counts again when
 * someone's last heartbeat leaves the 60 s window, without asking the server.
 */
export function useTableOccupancy(
  eventId: number,
  boothId: number,
  table: PopupTable,
  live: ReceivedPresence | undefined,
  adopt: (presence: TablePresence) => void,
): number {
  const queryClient = useQueryClient();
  // The booth detail's presence, as of when it arrived (a refetch brings a new object).
  const fromDetail = useMemo<ReceivedPresence>(
    () => ({ presence: table.presence, receivedAt: Date.now() }),
    [table.presence],
  );
  const current = live ? newer(fromDetail, live) : fromDetail;
  useRealtimeRoom<TablePresence>(
    realtimeRoom.videoRoomParticipantState(table.roomId),
    (record) => {
      if (record.type === RecordType.VideoRoomParticipantState) adopt(record.payload);
    },
    {
      // What changed between the page's load and the subscription is in neither: load it again.
      onReady: () =>
        void queryClient.invalidateQueries(
          { queryKey: boothKeys.booth(eventId, boothId), exact: true },
          { cancelRefetch: false },
        ),
    },
  );
  const [now, setNow] = useState(() => Date.now());
  const { presence, receivedAt } = current;
  useEffect(() => {
    // Wake up whenever the next person's window runs out, and count again.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      const serverNow = Date.parse(presence.at) + (Date.now() - receivedAt);
      const ends = presence.here
        .map((t) => Date.parse(t) + POPUP_TABLE_PRESENCE_MS - serverNow)
        .filter((ms) => ms > 0);
      if (ends.length === 0) return;
      timer = setTimeout(
        () => {
          setNow(Date.now());
          arm();
        },
        Math.min(...ends) + 50,
      );
    };
    arm();
    return () => clearTimeout(timer);
  }, [presence, receivedAt]);
  return tablePresentCount(presence, receivedAt, now);
}

/**
 * While the reader sits at a table (A9.35): a heartbeat every POPUP_TABLE_HEARTBEAT_MS as long as
 * the booth page is open; stops when they leave, the page closes or the server refuses the seat.
 */
export function useTableHeartbeat(
  eventId: number,
  roomId: string | null,
  onPresence: (presence: TablePresence) => void,
  onLost: (error: unknown) => void,
) {
  const handlers = useRef({ onPresence, onLost });
  useEffect(() => {
    handlers.current = { onPresence, onLost };
  });
  useEffect(() => {
    if (!roomId) return;
    let stopped = false;
    const timer = setInterval(() => {
      tableHeartbeat({ eventId, roomId }).then(
        (presence) => {
          if (!stopped) handlers.current.onPresence(presence);
        },
        (error: unknown) => {
          if (!stopped) handlers.current.onLost(error);
        },
      );
    }, POPUP_TABLE_HEARTBEAT_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [eventId, roomId]);
}
