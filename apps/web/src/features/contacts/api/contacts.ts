import {
  CONTACT_EXPORT_FILE,
  CONTACT_SEARCH_LENGTH,
  type ContactChangedPayload,
  type ContactDetails,
  type ContactNote,
  type ContactPage,
  type ContactRequest,
  type ContactRequestList,
  type ContactsEditedPayload,
  RecordType,
  realtimeRoom,
  type SaveContactRequest,
  type ScanContactRequest,
  type ScanContactResult,
} from '@foyer/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadFile } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { patchAnswers, useRealtimeRoom, useReloadOnReady } from '../../../lib/use-realtime';

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
  // Not awaited: the caller's own callbacks (toasts) run before the refetch can unmount them.
  return () => {
    void client.invalidateQueries({ queryKey: KEY });
  };
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

/** E1.11: a scanned badge, vCard or MECARD becomes my contact (and asks a participant, E4.62). */
export function useScanContact() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ScanContactRequest) =>
      api<ScanContactResult>('/contact/scan', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

const REQUESTS = [...KEY, 'requests'] as const;

/** E4.62: my waiting exchanges (received ones to answer, sent ones waiting). */
export function useContactRequests() {
  return useQuery({
    queryKey: REQUESTS,
    queryFn: ({ signal }) => api<ContactRequestList>('/contact/requests', { signal }),
    staleTime: 30_000,
  });
}

/** E4.62: accept or reject a request I received. */
export function useAnswerRequest() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }) =>
      api<ContactRequest>(`/contact/requests/${id}`, { method: 'POST', body: { accept } }),
    onSuccess: invalidate,
  });
}

/**
 * E4.62: an exchange changed (a request to me, an answer to mine, a held meeting): the pushed
 * record carries the request and my contact as the GET routes show them. The request lists are
 * patched; the contact's queries are refetched where they are on screen.
 */
export function useContactsLive() {
  const client = useQueryClient();
  const userId = useSession((s) => s.user?.id);
  const room = userId ? realtimeRoom.user(userId) : null;
  const onReady = useReloadOnReady(room, KEY);
  useRealtimeRoom<ContactChangedPayload | ContactsEditedPayload>(
    room,
    (record) => {
      // E7.82: my own edits on another device: the lists, and the contact where it is on screen.
      if (record.type === RecordType.ContactsEdited) {
        const { contactId } = record.payload as ContactsEditedPayload;
        void client.invalidateQueries({ queryKey: contactId === null ? KEY : [...KEY, 'one', contactId] });
        void client.invalidateQueries({ queryKey: [...KEY, 'list'] });
        return;
      }
      if (record.type !== RecordType.ContactChanged) return;
      const changed = record as { payload: ContactChangedPayload };
      const { request } = changed.payload;
      patchAnswers<ContactRequestList>(
        client,
        REQUESTS,
        (lists) => {
          const drop = (list: ContactRequest[]) => list.filter((r) => r.id !== request.id);
          return {
            received:
              request.state === 'received' ? [request, ...drop(lists.received)] : drop(lists.received),
            sent: request.state === 'sent' ? [request, ...drop(lists.sent)] : drop(lists.sent),
          };
        },
        { exact: true },
      );
      void client.invalidateQueries({ queryKey: [...KEY, 'list'] });
      if (changed.payload.contact)
        void client.invalidateQueries({ queryKey: [...KEY, 'one', changed.payload.contact.id] });
    },
    { onReady },
  );
}

/** E1.13, E9.53 */
export function exportContacts(eventId: number | null) {
  return downloadFile('/contact/export', CONTACT_EXPORT_FILE, { eventId: eventId ?? undefined });
}
