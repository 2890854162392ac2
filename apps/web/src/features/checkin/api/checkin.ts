import type {
  Badge,
  BadgePrintResult,
  CheckInCommand,
  CheckInEntityType,
  CheckInGates,
  CheckInList,
  CheckInLookup,
  CheckInOverview,
  ScanMethod,
  ScanType,
} from '@foyer/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withOfflineAnswer } from '../../../lib/offline-answers';
import { useSession } from '../../../lib/session-store';
import { useRealtimeClient } from '../../../lib/use-realtime';
import { type AwaitCommand, SCAN_TIMEOUT_MS, submitCheckIn } from '../offline/submit';
import { awaitCheckInCommand } from './command';

const KEY = ['checkIn'] as const;

export const checkInAreasKey = (eventId: number) => [...KEY, 'areas', eventId] as const;

/**
 * E2.67: where staff can check people in, with live occupancy. A door device keeps the last answer
 * and opens with it when the server cannot be reached (decision 019).
 */
export function useCheckInAreas(eventId: number) {
  return useQuery({
    queryKey: checkInAreasKey(eventId),
    queryFn: ({ signal }) =>
      withOfflineAnswer(eventId, 'checkInAreas', () =>
        api<CheckInOverview>('/event/participant/checkIn/areas', { query: { eventId }, signal }),
      ),
  });
}

export interface CheckInInput {
  entityType: CheckInEntityType;
  entityId: number | null;
  checkIn: boolean;
  /** One of the two: the scanned ticket, or the person picked at the desk or from a profile. */
  ticketId?: string;
  participantId?: number;
  /** E4.71 fast scan: in when out, out when in (`checkIn` is then ignored). */
  toggle?: boolean;
  /** E3.35 and the scanning device ("Gate B"), kept with the check-in. */
  scanType?: ScanType;
  scanMethod?: ScanMethod;
  deviceId?: string;
  deviceLabel?: string;
}

/** E7.04: one scan at the door. */
export function useCheckIn(eventId: number) {
  const client = useQueryClient();
  const realtime = useRealtimeClient();
  const userId = useSession((s) => s.user?.id ?? null);
  // E4.78, E4.79: a command the server answers later settles through the user's own room.
  const awaitCommand: AwaitCommand | undefined =
    userId === null
      ? undefined
      : (command, deviceId) =>
          awaitCheckInCommand(command, {
            userId,
            client: realtime,
            timeoutMs: SCAN_TIMEOUT_MS,
            read: () =>
              api<CheckInCommand>('/event/participant/checkIn/command', {
                query: { eventId, commandId: command.commandId, deviceId },
              }),
          });
  return useMutation({
    // Offline, the scan still runs: submitCheckIn queues it on this device (decision 019).
    networkMode: 'always',
    mutationFn: (input: CheckInInput) => submitCheckIn(eventId, input, awaitCommand),
    onSuccess: (answer) => {
      if (answer.kind !== 'done') return;
      const { result } = answer;
      void client.invalidateQueries({ queryKey: [...KEY, 'inside', eventId] });
      void client.invalidateQueries({ queryKey: [...KEY, 'gates', eventId] });
      void client.invalidateQueries({ queryKey: [...KEY, 'lookup', eventId] });
      client.setQueryData<CheckInOverview>([...KEY, 'areas', eventId], (old) =>
        old
          ? {
              areas: old.areas.map((a) =>
                a.entityType === result.area.entityType && a.entityId === result.area.entityId
                  ? { ...a, capacityUsed: result.area.capacityUsed }
                  : a,
              ),
            }
          : old,
      );
    },
  });
}

/** Who is inside the area now, newest first. */
export function useInside(eventId: number, entityType: CheckInEntityType, entityId: number | null) {
  return useQuery({
    queryKey: [...KEY, 'inside', eventId, entityType, entityId],
    queryFn: ({ signal }) =>
      api<CheckInList>('/event/participant/checkIn/list', {
        query: { eventId, entityType, ...(entityId !== null ? { entityId } : {}) },
        signal,
      }),
  });
}

/**
 * The area's people by the door of their last change (issue 14: occupancy per gate). Fetched again
 * when a change is pushed (api/live.ts), never on a timer.
 */
export function useGates(eventId: number, entityType: CheckInEntityType, entityId: number | null) {
  return useQuery({
    queryKey: [...KEY, 'gates', eventId, entityType, entityId],
    queryFn: ({ signal }) =>
      api<CheckInGates>('/event/participant/checkIn/gates', {
        query: { eventId, entityType, ...(entityId !== null ? { entityId } : {}) },
        signal,
      }),
  });
}

/** The desk's search by name, e-mail or ticket id (at least 2 characters; staff only). */
export function useCheckInLookup(eventId: number, q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: [...KEY, 'lookup', eventId, text],
    queryFn: ({ signal }) =>
      api<CheckInLookup>('/event/participant/checkIn/lookup', { query: { eventId, q: text }, signal }),
    enabled: text.length >= 2,
    placeholderData: (previous) => previous,
    retry: false,
  });
}

export function useBadge(eventId: number, ticketId: string | null) {
  return useQuery({
    queryKey: [...KEY, 'badge', eventId, ticketId],
    queryFn: ({ signal }) =>
      api<Badge>('/event/participant/badge', {
        query: { eventId, ...(ticketId ? { ticketId } : {}) },
        signal,
      }),
    retry: false,
  });
}

/** E8.16: records the print; without force a second print reports "already printed". */
export function useMarkPrinted(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { participantId: number; force: boolean }) =>
      api<BadgePrintResult>('/event/participant/badge/printed', {
        method: 'POST',
        body: { eventId, ...input },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...KEY, 'badge', eventId] }),
  });
}
