import {
  type BadgePrintAnswer,
  type BadgePrintRecord,
  type BadgeSetup,
  type PrintJob,
  RecordType,
  realtimeRoom,
} from '@foyer/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from '../../../lib/api-client';
import { putAnswer, useRealtimeRoom, useReloadOnReady } from '../../../lib/use-realtime';

/**
 * Badge printing at the desk (issue 14, part 3): the event's printers (A3.11), the printer this
 * device prints on (E2.55, kept in localStorage), the print queue call (E7.62) and the live job
 * states pushed to newEvents/{eventId}/badges (E7.74, E7.75).
 */

const KEY = ['badges'] as const;
export const badgeSetupKey = (eventId: number) => [...KEY, 'setup', eventId] as const;
export const printJobKey = (jobId: number) => [...KEY, 'job', jobId] as const;

export function useBadgeSetup(eventId: number) {
  return useQuery({
    queryKey: badgeSetupKey(eventId),
    queryFn: ({ signal }) => api<BadgeSetup>('/event/badges/setup', { query: { eventId }, signal }),
    staleTime: 60_000,
  });
}

// ---- this device's printer (E2.55) ----------------------------------------------------------------

const storageKey = (eventId: number) => `foyer.badgePrinter.${eventId}`;
const CHANGE = 'foyer:badge-printer';

function readPrinter(eventId: number): number | null {
  try {
    const value = Number(localStorage.getItem(storageKey(eventId)));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE, onChange);
  };
}

/** The printer chosen on this device for the event (null: none, the browser prints). */
export function useDeskPrinterId(eventId: number): [number | null, (id: number | null) => void] {
  const id = useSyncExternalStore(subscribe, () => readPrinter(eventId));
  const set = (next: number | null) => {
    try {
      if (next === null) localStorage.removeItem(storageKey(eventId));
      else localStorage.setItem(storageKey(eventId), String(next));
    } catch {
      // private mode: the choice lasts until the page reloads at best
    }
    window.dispatchEvent(new Event(CHANGE));
  };
  return [id, set];
}

/** The chosen printer as the event has it now (a deleted one counts as none). */
export function useDeskPrinter(eventId: number) {
  const setup = useBadgeSetup(eventId);
  const [id, setId] = useDeskPrinterId(eventId);
  const printers = setup.data?.printers ?? [];
  const printer = printers.find((p) => p.id === id) ?? null;
  return { setup, printers, printer, setPrinterId: setId };
}

// ---- printing ---------------------------------------------------------------------------------------

export interface PrintInput {
  participantId: number;
  printerId: number;
  force: boolean;
}

/** E7.62: queue a badge; the answer's job seeds the live state. */
export function usePrintBadge(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PrintInput) =>
      api<BadgePrintAnswer>('/event/participant/badge/printQueue', {
        method: 'POST',
        body: { eventId, ...input },
      }),
    onSuccess: (answer) => {
      // The job's live records may have arrived before this answer: keep the newest state.
      if (answer.job) client.setQueryData(printJobKey(answer.job.id), newest(answer.job));
      void client.invalidateQueries({ queryKey: ['checkIn', 'badge', eventId] });
    },
  });
}

const STATUS_ORDER = { queued: 0, sending: 1, printed: 2, failed: 2 } as const;

/** The later of two states of a job (by time, then by how far it got: a retry goes back to queued later). */
const newest = (job: PrintJob) => (old: PrintJob | null | undefined) =>
  old &&
  (old.updatedAt > job.updatedAt ||
    (old.updatedAt === job.updatedAt && STATUS_ORDER[old.status] > STATUS_ORDER[job.status]))
    ? old
    : job;

/** A job's state: seeded by the print answer, then kept current by the live records. */
export function usePrintJob(jobId: number | null) {
  return useQuery({
    queryKey: printJobKey(jobId ?? 0),
    queryFn: (): PrintJob | null => null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Follows the event's badge room: job states patch their cache, a set-up change refetches it; what
 * was written before the connection came on reloads the answers that may lack it.
 */
export function useBadgeLive(eventId: number, onJob?: (job: PrintJob) => void) {
  const client = useQueryClient();
  const room = realtimeRoom.eventBadges(eventId);
  const onReady = useReloadOnReady(room, KEY);
  useRealtimeRoom(
    room,
    (record) => {
      if (record.type === RecordType.BadgePrint) {
        const { job } = record.payload as BadgePrintRecord;
        putAnswer<PrintJob | null>(client, printJobKey(job.id), newest(job));
        onJob?.(job);
      } else if (record.type === RecordType.BadgeSetup) {
        void client.invalidateQueries({ queryKey: badgeSetupKey(eventId) });
      }
    },
    { onReady },
  );
}

/** The badge as PDF (the browser prints it): opened in a new tab, or a link when pop-ups are blocked. */
export async function fetchBadgePdf(
  eventId: number,
  participantId: number,
  printerId: number | null,
): Promise<string> {
  const blob = await api<Blob>('/event/participant/badge/pdf', {
    query: { eventId, participantId, ...(printerId ? { printerId } : {}) },
    file: true,
  });
  return URL.createObjectURL(blob);
}
