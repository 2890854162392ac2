import type {
  MeetingSlotsRequest,
  MeetingSlotsResult,
  Programme,
  ProgrammeRoom,
  ProgrammeRoomRequest,
  ProgrammeSession,
  ProgrammeSessionRequest,
  ProgrammeTrack,
  ProgrammeTrackRequest,
  Search2Response,
} from '@foyer/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { consoleKey } from './events';

export const programmeKey = (eventId: number) => [...consoleKey(eventId), 'programme'] as const;

/** GET /organizer/event/:eventId/programme: rooms, tracks, sessions and their clashes. */
export function useProgramme(eventId: number) {
  return useQuery({
    queryKey: programmeKey(eventId),
    queryFn: ({ signal }) => api<Programme>(`/organizer/event/${eventId}/programme`, { signal }),
  });
}

/** After any programme change the screen refetches, and attendee-side session lists are stale. */
function useRefresh(eventId: number) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: programmeKey(eventId) });
    void client.invalidateQueries({ queryKey: ['agenda'] });
  };
}

type Saved<T> = { id?: number; body: T };

function useSave<T, R>(eventId: number, path: string) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: ({ id, body }: Saved<T>) =>
      api<R>(`/organizer/event/${eventId}/${path}${id ? `/${id}` : ''}`, {
        method: id ? 'PUT' : 'POST',
        body: body as Record<string, unknown>,
      }),
    onSuccess: refresh,
  });
}

function useDelete(eventId: number, path: string) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: (id: number) =>
      api<{ id: number }>(`/organizer/event/${eventId}/${path}/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export const useSaveRoom = (eventId: number) =>
  useSave<ProgrammeRoomRequest, ProgrammeRoom>(eventId, 'rooms');
export const useDeleteRoom = (eventId: number) => useDelete(eventId, 'rooms');
export const useSaveTrack = (eventId: number) =>
  useSave<ProgrammeTrackRequest, ProgrammeTrack>(eventId, 'tracks');
export const useDeleteTrack = (eventId: number) => useDelete(eventId, 'tracks');
export const useSaveSession = (eventId: number) =>
  useSave<ProgrammeSessionRequest, ProgrammeSession>(eventId, 'sessions');
export const useDeleteSession = (eventId: number) => useDelete(eventId, 'sessions');

export function useGenerateSlots(eventId: number) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: (body: MeetingSlotsRequest) =>
      api<MeetingSlotsResult>(`/organizer/event/${eventId}/meeting-slots`, {
        method: 'POST',
        body: body as Record<string, unknown>,
      }),
    onSuccess: refresh,
  });
}

export interface PersonOption {
  id: number;
  fullName: string;
  company: string;
}

/** POST /event/participant/search2 for the speaker picker (10 a page, E7.33 rows aligned with props). */
export function useParticipantSearch(eventId: number, query: string) {
  return useQuery({
    queryKey: [...consoleKey(eventId), 'people-search', query],
    queryFn: async ({ signal }) => {
      const result = await api<Search2Response>('/event/participant/search2', {
        method: 'POST',
        body: { eventId, query: query || undefined, length: 10 },
        signal,
      });
      const col = (name: Search2Response['props'][number]) => result.props.indexOf(name);
      return result.results.map(
        (row): PersonOption => ({
          id: Number(row[col('id')]),
          fullName: String(row[col('fullName')] ?? ''),
          company: String(row[col('company')] ?? ''),
        }),
      );
    },
    staleTime: 30_000,
  });
}
