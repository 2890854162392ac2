import {
  type AddBoothMemberRequest,
  type AssignBoothOwnerRequest,
  type AssignCheckInStaffRequest,
  type CheckInChangedPayload,
  type ConsoleBooth,
  type ConsoleBoothCategory,
  type ConsoleCheckInArea,
  type ConsoleDoor,
  type ConsolePerson,
  type ConsoleStaff,
  type CreateCheckInAreaRequest,
  type CreateConsoleBoothRequest,
  RecordType,
  realtimeRoom,
  type UpdateCheckInAreaRequest,
  type UpdateConsoleBoothRequest,
} from '@foyer/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client';
import { patchAnswers, reloadAnswersOlderThanRecords, useRealtimeClient } from '../../../lib/use-realtime';
import { consoleKey } from './events';

/** The console's exhibitors and door set-up (issue 12, parts 5 and 6). */

const boothsKey = (eventId: number) => [...consoleKey(eventId), 'booths'] as const;
const categoriesKey = (eventId: number) => [...consoleKey(eventId), 'booth-categories'] as const;
const doorKey = (eventId: number) => [...consoleKey(eventId), 'door'] as const;
const staffKey = (eventId: number) => [...consoleKey(eventId), 'door-staff'] as const;
const peopleKey = (eventId: number) => [...consoleKey(eventId), 'exhibitors-people'] as const;

export function useConsoleBooths(eventId: number) {
  return useQuery({
    queryKey: boothsKey(eventId),
    queryFn: ({ signal }) => api<ConsoleBooth[]>(`/organizer/event/${eventId}/booths`, { signal }),
  });
}

export function useBoothCategories(eventId: number) {
  return useQuery({
    queryKey: categoriesKey(eventId),
    queryFn: ({ signal }) =>
      api<ConsoleBoothCategory[]>(`/organizer/event/${eventId}/booth-categories`, { signal }),
  });
}

export function useConsolePeople(eventId: number, query: string, enabled = true) {
  return useQuery({
    queryKey: [...peopleKey(eventId), query],
    queryFn: ({ signal }) =>
      api<ConsolePerson[]>(`/organizer/event/${eventId}/exhibitors/people`, {
        signal,
        query: query ? { query } : {},
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Booth changes refetch the console's booths, the picker and the attendee-side expo. */
function useBoothMutation<I>(eventId: number, call: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: boothsKey(eventId) });
      void client.invalidateQueries({ queryKey: peopleKey(eventId) });
      void client.invalidateQueries({ queryKey: categoriesKey(eventId) });
    },
  });
}

export function useSaveBooth(eventId: number) {
  return useBoothMutation(
    eventId,
    ({ id, ...body }: (CreateConsoleBoothRequest | UpdateConsoleBoothRequest) & { id?: number }) =>
      api<ConsoleBooth>(`/organizer/event/${eventId}/booths${id ? `/${id}` : ''}`, {
        method: id ? 'PUT' : 'POST',
        body,
      }),
  );
}

export function useDeleteBooth(eventId: number) {
  return useBoothMutation(eventId, (id: number) =>
    api(`/organizer/event/${eventId}/booths/${id}`, { method: 'DELETE' }),
  );
}

export function useAssignOwner(eventId: number) {
  return useBoothMutation(eventId, ({ boothId, ...body }: AssignBoothOwnerRequest & { boothId: number }) =>
    api<ConsoleBooth>(`/organizer/event/${eventId}/booths/${boothId}/owner`, { method: 'PUT', body }),
  );
}

export function useAddMember(eventId: number) {
  return useBoothMutation(eventId, ({ boothId, ...body }: AddBoothMemberRequest & { boothId: number }) =>
    api<ConsoleBooth>(`/organizer/event/${eventId}/booths/${boothId}/members`, { method: 'POST', body }),
  );
}

export function useRemoveMember(eventId: number) {
  return useBoothMutation(eventId, ({ boothId, participantId }: { boothId: number; participantId: number }) =>
    api<ConsoleBooth>(`/organizer/event/${eventId}/booths/${boothId}/members/${participantId}`, {
      method: 'DELETE',
    }),
  );
}

export function useSaveBoothCategory(eventId: number) {
  return useBoothMutation(
    eventId,
    ({ id, ...body }: { id?: number; name: string; parentId?: number | null }) =>
      api<ConsoleBoothCategory>(`/organizer/event/${eventId}/booth-categories${id ? `/${id}` : ''}`, {
        method: id ? 'PUT' : 'POST',
        body: id ? { name: body.name } : body,
      }),
  );
}

export function useDeleteBoothCategory(eventId: number) {
  return useBoothMutation(eventId, (id: number) =>
    api(`/organizer/event/${eventId}/booth-categories/${id}`, { method: 'DELETE' }),
  );
}

// ---- door -----------------------------------------------------------------------------------------

/**
 * The door's areas with their occupancy, kept live (issue 14 part 5): every check-in and check-out
 * at any door arrives on newEvents/{eventId}/checkInAreas and sets that area's count; when the room
 * comes (back) on, the list is fetched again if a record may be missing from it. No polling.
 */
export function useDoor(eventId: number) {
  const client = useRealtimeClient();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!client) return;
    const room = realtimeRoom.checkInAreas(eventId);
    const reload = () => void queryClient.invalidateQueries({ queryKey: doorKey(eventId) });
    // On (back) on: only an answer that may lack the room's last record is read again; a resync
    // (records lost) reads it again whatever it holds.
    const readMissed = () => reloadAnswersOlderThanRecords(queryClient, client, room, doorKey(eventId));
    return client.subscribe<CheckInChangedPayload>(
      room,
      (record) => {
        if (record.type !== RecordType.CheckInChanged) return;
        const { area } = record.payload;
        patchAnswers<ConsoleDoor>(
          queryClient,
          doorKey(eventId),
          (old) => ({
            ...old,
            areas: old.areas.map((a) =>
              a.entityType === area.entityType && a.entityId === (area.entityId ?? null)
                ? { ...a, capacityUsed: area.capacityUsed }
                : a,
            ),
          }),
          { exact: true },
        );
      },
      { onReady: readMissed, onResync: reload },
    );
  }, [client, queryClient, eventId]);
  return useQuery({
    queryKey: doorKey(eventId),
    queryFn: ({ signal }) => api<ConsoleDoor>(`/organizer/event/${eventId}/door/areas`, { signal }),
  });
}

function useDoorMutation<I>(eventId: number, call: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: doorKey(eventId) });
      void client.invalidateQueries({ queryKey: staffKey(eventId) });
      void client.invalidateQueries({ queryKey: peopleKey(eventId) });
    },
  });
}

export function useSaveArea(eventId: number) {
  return useDoorMutation(
    eventId,
    ({ id, ...body }: (CreateCheckInAreaRequest | UpdateCheckInAreaRequest) & { id?: number }) =>
      api<ConsoleCheckInArea>(`/organizer/event/${eventId}/door/areas${id ? `/${id}` : ''}`, {
        method: id ? 'PUT' : 'POST',
        body,
      }),
  );
}

export function useDeleteArea(eventId: number) {
  return useDoorMutation(eventId, (id: number) =>
    api(`/organizer/event/${eventId}/door/areas/${id}`, { method: 'DELETE' }),
  );
}

export function useCheckInStaff(eventId: number) {
  return useQuery({
    queryKey: staffKey(eventId),
    queryFn: ({ signal }) => api<ConsoleStaff[]>(`/organizer/event/${eventId}/door/staff`, { signal }),
  });
}

export function useAssignStaff(eventId: number) {
  return useDoorMutation(eventId, (body: AssignCheckInStaffRequest) =>
    api<ConsoleStaff[]>(`/organizer/event/${eventId}/door/staff`, { method: 'POST', body }),
  );
}

export function useRemoveStaff(eventId: number) {
  return useDoorMutation(eventId, (participantId: number) =>
    api<ConsoleStaff[]>(`/organizer/event/${eventId}/door/staff/${participantId}`, { method: 'DELETE' }),
  );
}
