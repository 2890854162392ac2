import {
  type AgendaExportResult,
  type AgendaItem,
  AgendaRecordType,
  type AgendaResult,
  type CalendarLink,
  type OffTimeForm,
  realtimeRoom,
  toOffTimeRequest,
} from '@foyer/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../../lib/api-client';
import { useSession as useAuthSession } from '../../../lib/session-store';
import { useRealtimeRoom, useReloadOnReady } from '../../../lib/use-realtime';
import { agendaKeys } from './sessions-api';

/** GET /event/agenda (A2.09, A9.47): one event's agenda, or that of every active event (at most 40). */
export function useMyAgenda(eventId?: number, enabled = true) {
  const signedIn = useAuthSession((s) => s.status === 'loggedIn');
  const userId = useAuthSession((s) => s.user?.id ?? null);
  const client = useQueryClient();
  // My agenda changed elsewhere (another tab, an organizer on my behalf, a decided request).
  const room = userId ? realtimeRoom.user(userId) : null;
  const onReady = useReloadOnReady(room, agendaKeys.all);
  useRealtimeRoom<{ eventId: number }>(
    room,
    (record) => {
      if (record.type === AgendaRecordType.AgendaChanged) {
        void client.invalidateQueries({ queryKey: agendaKeys.all });
      }
    },
    { onReady },
  );
  return useQuery({
    queryKey: agendaKeys.mine(eventId),
    queryFn: () => api<AgendaResult>('/event/agenda', { query: { eventId } }).then((r) => r.items),
    enabled: signedIn && enabled,
    staleTime: 30_000,
  });
}

/** POST /event/schedule/participantOff (E3.11, E7.24), from the form's wall-clock times in `timezone`. */
export function useAddBreak() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { form: OffTimeForm; eventId: number; timezone: string }) =>
      api<AgendaItem>('/event/schedule/participantOff', {
        method: 'POST',
        body: toOffTimeRequest(input.form, { eventId: input.eventId, timezone: input.timezone }),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: agendaKeys.all }),
  });
}

const utcWallClock = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace('T', ' ');

/** DELETE /event/schedule/participantOff (E7.25). */
export function useRemoveBreak() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: AgendaItem) =>
      api<{ id: number }>('/event/schedule/participantOff', {
        method: 'DELETE',
        query: { eventId: item.eid, id: item.id, startTime: utcWallClock(item.sdt) },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: agendaKeys.all }),
  });
}

/** POST /event/agenda/export (E1.07). */
export function useExportAgenda() {
  return useMutation({
    mutationFn: (eventId: number) =>
      api<AgendaExportResult>('/event/agenda/export', { method: 'POST', body: { eventId } }),
  });
}

/** POST /event/participant/calendar (E7.16): the subscription link, on demand (it holds a secret). */
export function useCalendarLink() {
  return useMutation({
    mutationFn: (input: { eventId: number; rotate?: boolean }) =>
      api<CalendarLink>('/event/participant/calendar', { method: 'POST', body: input }),
  });
}

/** Downloads an .ics the API serves to the signed-in user (bearer token, so not a plain link). */
export async function downloadCalendar(path: string, filename: string): Promise<void> {
  const token = useAuthSession.getState().token;
  const response = await fetch(API_BASE + path, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { msg?: string } } | null;
    throw new Error(body?.error?.msg ?? response.statusText);
  }
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
