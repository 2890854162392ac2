import type {
  ConsoleEvent,
  ConsoleEventDetails,
  CreateEventRequest,
  UpdateEventRequest,
  VenueMapPinsRequest,
} from '@foyer/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Query keys of the console: every area's keys start with consoleKey(eventId). */
export const CONSOLE_KEY = ['organizer'] as const;
export const consoleKey = (eventId: number) => [...CONSOLE_KEY, 'event', eventId] as const;

export function useConsoleEvents() {
  return useQuery({
    queryKey: [...CONSOLE_KEY, 'events'],
    queryFn: ({ signal }) => api<ConsoleEvent[]>('/organizer/event', { signal }),
  });
}

export function useConsoleEvent(eventId: number) {
  return useQuery({
    queryKey: consoleKey(eventId),
    queryFn: ({ signal }) => api<ConsoleEventDetails>(`/organizer/event/${eventId}`, { signal }),
  });
}

/** After a change, the console's copy is the answer; the attendee-side event and lists refetch. */
function useStoreEvent() {
  const client = useQueryClient();
  return (event: ConsoleEventDetails) => {
    client.setQueryData(consoleKey(event.id), event);
    void client.invalidateQueries({ queryKey: [...CONSOLE_KEY, 'events'] });
    void client.invalidateQueries({ queryKey: ['event', event.id] });
    void client.invalidateQueries({ queryKey: ['events'] });
  };
}

export function useCreateEvent() {
  const store = useStoreEvent();
  return useMutation({
    mutationFn: (body: CreateEventRequest) =>
      api<ConsoleEventDetails>('/organizer/event', { method: 'POST', body }),
    onSuccess: store,
  });
}

export function useUpdateEvent(eventId: number) {
  const store = useStoreEvent();
  return useMutation({
    mutationFn: (body: UpdateEventRequest) =>
      api<ConsoleEventDetails>(`/organizer/event/${eventId}`, { method: 'PUT', body }),
    onSuccess: store,
  });
}

export function useUploadEventImage(eventId: number) {
  const store = useStoreEvent();
  return useMutation({
    mutationFn: (body: { kind: 'logo' | 'banner'; dataUrl: string }) =>
      api<ConsoleEventDetails>(`/organizer/event/${eventId}/image`, { method: 'POST', body }),
    onSuccess: store,
  });
}

/** A2.71: upload or replace the venue map image (the pins stay). */
export function useUploadVenueMap(eventId: number) {
  const store = useStoreEvent();
  return useMutation({
    mutationFn: (dataUrl: string) =>
      api<ConsoleEventDetails>(`/organizer/event/${eventId}/venue-map/image`, {
        method: 'POST',
        body: { dataUrl },
      }),
    onSuccess: store,
  });
}

/** A2.71: save every pin of the venue map, in order. */
export function useSaveVenueMapPins(eventId: number) {
  const store = useStoreEvent();
  return useMutation({
    mutationFn: (body: VenueMapPinsRequest) =>
      api<ConsoleEventDetails>(`/organizer/event/${eventId}/venue-map`, { method: 'PUT', body }),
    onSuccess: store,
  });
}

/** A2.71: remove the venue map and its pins. */
export function useRemoveVenueMap(eventId: number) {
  const store = useStoreEvent();
  return useMutation({
    mutationFn: () => api<ConsoleEventDetails>(`/organizer/event/${eventId}/venue-map`, { method: 'DELETE' }),
    onSuccess: store,
  });
}

export function useDuplicateEvent(eventId: number) {
  const store = useStoreEvent();
  return useMutation({
    mutationFn: (body: { name: string; sdt: string; domain?: string }) =>
      api<ConsoleEventDetails>(`/organizer/event/${eventId}/duplicate`, { method: 'POST', body }),
    onSuccess: store,
  });
}

export function useArchiveEvent(eventId: number) {
  const store = useStoreEvent();
  return useMutation({
    mutationFn: (archived: boolean) =>
      api<ConsoleEventDetails>(`/organizer/event/${eventId}/${archived ? 'archive' : 'restore'}`, {
        method: 'POST',
      }),
    onSuccess: store,
  });
}
