import type {
  CategoryGroupInput,
  ConsoleCategory,
  ConsoleParticipantType,
  ParticipantTypeInput,
  TypesAndCategories,
} from '@foyer/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { consoleKey } from './events';

const key = (eventId: number) => [...consoleKey(eventId), 'types'] as const;

export function useTypesAndCategories(eventId: number) {
  return useQuery({
    queryKey: key(eventId),
    queryFn: ({ signal }) => api<TypesAndCategories>(`/organizer/event/${eventId}/types`, { signal }),
  });
}

/** Every change refetches the list (counts and option ids come from the server) and the event. */
function useTypesMutation<I, O>(eventId: number, call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: key(eventId) });
      void client.invalidateQueries({ queryKey: ['event', eventId] });
    },
  });
}

export function useSaveType(eventId: number) {
  return useTypesMutation(eventId, ({ id, ...body }: ParticipantTypeInput & { id?: number }) =>
    api<ConsoleParticipantType>(`/organizer/event/${eventId}/types${id ? `/${id}` : ''}`, {
      method: id ? 'PUT' : 'POST',
      body,
    }),
  );
}

export function useDeleteType(eventId: number) {
  return useTypesMutation(eventId, ({ id, moveTo }: { id: number; moveTo?: number }) =>
    api<null>(`/organizer/event/${eventId}/types/${id}`, { method: 'DELETE', query: { moveTo } }),
  );
}

export function useSaveCategory(eventId: number) {
  return useTypesMutation(eventId, ({ id, ...body }: CategoryGroupInput & { id?: number }) =>
    api<ConsoleCategory>(`/organizer/event/${eventId}/categories${id ? `/${id}` : ''}`, {
      method: id ? 'PUT' : 'POST',
      body,
    }),
  );
}

export function useDeleteCategory(eventId: number) {
  return useTypesMutation(eventId, (id: number) =>
    api<null>(`/organizer/event/${eventId}/categories/${id}`, { method: 'DELETE' }),
  );
}
