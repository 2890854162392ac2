import {
  CONTACT_EXPORT_FILE,
  CONTACT_SEARCH_LENGTH,
  type ContactDetails,
  type ContactLookup,
  type ContactNote,
  type ContactPage,
  type SaveContactRequest,
} from '@foyer/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadFile } from '../../../lib/api-client';

const KEY = ['contacts'] as const;

/** E2.49, A9.19: my contacts, 10 at a time, at one event when given, matching a search. */
export function useContacts(eventId: number | null, search: string) {
  return useInfiniteQuery({
    queryKey: [...KEY, 'list', eventId, search],
    queryFn: ({ pageParam, signal }) =>
      api<ContactPage>('/contact', {
        query: {
          eventId: eventId ?? undefined,
          search: search || undefined,
          after: pageParam ?? undefined,
          length: CONTACT_SEARCH_LENGTH,
        },
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useContact(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: () => api<ContactDetails>(`/contact/${id}`),
    enabled: id !== null,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: KEY });
}

/** E7.50: add or edit a contact. */
export function useSaveContact() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: SaveContactRequest) => api<ContactDetails>('/contact', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteContact() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api<null>(`/contact/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
    meta: { errorList: true },
  });
}

/** E7.51: add (no id) or edit a note. */
export function useSaveNote() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { id?: number; contactId: number; note: string }) =>
      api<ContactNote>('/contact/note', { method: 'POST', body: { ...body, contactType: 'scan' } }),
    onSuccess: invalidate,
  });
}

export function useDeleteNote() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api<null>(`/contact/note/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
    meta: { errorList: true },
  });
}

/** E7.54: who a badge code belongs to at the event. */
export function lookupContact(eventId: number, code: string) {
  return api<ContactLookup>('/contact/lookup', { query: { eventId, code } });
}

/** E1.13, E9.53 */
export function exportContacts(eventId: number | null) {
  return downloadFile('/contact/export', CONTACT_EXPORT_FILE, { eventId: eventId ?? undefined });
}
