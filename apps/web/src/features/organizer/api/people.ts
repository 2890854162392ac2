import type {
  AddParticipantsRequest,
  ConsoleParticipant,
  InviteParticipantRequest,
  PeopleBulkRequest,
  PeoplePage,
  UpdateConsoleParticipantRequest,
} from '@foyer/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadFile } from '../../../lib/api-client';
import { consoleKey } from './events';

export interface PeopleFilters {
  search: string;
  typeId: number | null;
  state: string | null;
  organizer: 'true' | 'false' | null;
  sort: 'name' | 'created' | 'company';
  page: number;
}

const peopleKey = (eventId: number) => [...consoleKey(eventId), 'people'] as const;

const toQuery = (f: Omit<PeopleFilters, 'page'>) => ({
  search: f.search.trim() || undefined,
  typeId: f.typeId ?? undefined,
  state: f.state ?? undefined,
  organizer: f.organizer ?? undefined,
  sort: f.sort,
});

export function usePeople(eventId: number, filters: PeopleFilters) {
  return useQuery({
    queryKey: [...peopleKey(eventId), filters],
    queryFn: ({ signal }) =>
      api<PeoplePage>(`/organizer/event/${eventId}/participants`, {
        signal,
        query: { ...toQuery(filters), page: filters.page },
      }),
    placeholderData: keepPreviousData,
  });
}

export function exportPeople(eventId: number, filters: PeopleFilters, format: 'csv' | 'xlsx' = 'csv') {
  return downloadFile(
    `/organizer/event/${eventId}/participants/export`,
    `participants-${eventId}.${format}`,
    { ...toQuery(filters), format },
  );
}

function useRefreshPeople(eventId: number) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: peopleKey(eventId) });
    void client.invalidateQueries({ queryKey: ['event', eventId] });
  };
}

export function useUpdatePerson(eventId: number) {
  const refresh = useRefreshPeople(eventId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateConsoleParticipantRequest }) =>
      api<ConsoleParticipant>(`/organizer/event/${eventId}/participants/${id}`, { method: 'PUT', body }),
    onSuccess: refresh,
  });
}

export function useBulkPeople(eventId: number) {
  const refresh = useRefreshPeople(eventId);
  return useMutation({
    mutationFn: (body: PeopleBulkRequest) =>
      api<{ affected: number }>(`/organizer/event/${eventId}/participants/bulk`, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useInvitePerson(eventId: number) {
  const refresh = useRefreshPeople(eventId);
  return useMutation({
    mutationFn: (body: InviteParticipantRequest) =>
      api<{ participantId: number; created: boolean }>('/event/participant/invite', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useAddPeople(eventId: number) {
  const refresh = useRefreshPeople(eventId);
  return useMutation({
    mutationFn: (body: AddParticipantsRequest) =>
      api<{ created: number; existing: number; participantIds: number[] }>('/event/participant', {
        method: 'POST',
        body,
      }),
    onSuccess: refresh,
  });
}
