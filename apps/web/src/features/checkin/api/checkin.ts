import type {
  Badge,
  BadgePrintResult,
  CheckInEntityType,
  CheckInList,
  CheckInOverview,
  CheckInResult,
} from '@foyer/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const KEY = ['checkIn'] as const;

/** E2.67: where staff can check people in, with live occupancy. */
export function useCheckInAreas(eventId: number) {
  return useQuery({
    queryKey: [...KEY, 'areas', eventId],
    queryFn: ({ signal }) =>
      api<CheckInOverview>('/event/participant/checkIn/areas', { query: { eventId }, signal }),
    refetchInterval: 15_000, // other scanners at other doors change the counts too
  });
}

export interface CheckInInput {
  entityType: CheckInEntityType;
  entityId: number | null;
  checkIn: boolean;
  ticketId: string;
}

/** E7.04: one scan at the door. */
export function useCheckIn(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckInInput) =>
      api<CheckInResult>('/event/participant/checkIn', {
        method: 'POST',
        body: {
          eventId,
          entityType: input.entityType,
          ...(input.entityId !== null ? { entityId: input.entityId } : {}),
          checkIn: input.checkIn,
          ticketId: input.ticketId,
        },
      }),
    onSuccess: (result) => {
      void client.invalidateQueries({ queryKey: [...KEY, 'inside', eventId] });
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
    refetchInterval: 15_000,
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
