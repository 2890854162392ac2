import {
  type BadgeBatch,
  type BadgeBatchRequest,
  type BadgeConsole,
  type BadgeJobs,
  type BadgePrintAnswer,
  type BadgePrintRecord,
  type BadgeRetryRequest,
  type BadgeTemplate,
  type BadgeTemplateInput,
  type Printer,
  type PrinterInput,
  type PrinterTest,
  RecordType,
  realtimeRoom,
} from '@foyer/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reloadAnswersOlderThanRecords, useRealtimeClient, useRealtimeRoom } from '../../../lib/use-realtime';
import { consoleKey } from './events';

/**
 * The console's badge printing (issue 14, part 3): printers (with a test print), templates, the
 * queue (with a retry of a failed job) and batches.
 */

const badgesKey = (eventId: number) => [...consoleKey(eventId), 'badges'] as const;
const jobsKey = (eventId: number) => [...consoleKey(eventId), 'badge-jobs'] as const;
const batchKey = (eventId: number, batchId: number) =>
  [...consoleKey(eventId), 'badge-batch', batchId] as const;

export function useBadgeConsole(eventId: number) {
  return useQuery({
    queryKey: badgesKey(eventId),
    queryFn: ({ signal }) => api<BadgeConsole>(`/organizer/event/${eventId}/badges`, { signal }),
  });
}

function useBadgeMutation<I, O>(eventId: number, call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: badgesKey(eventId) }),
  });
}

export function useSavePrinter(eventId: number) {
  return useBadgeMutation(eventId, ({ id, ...body }: PrinterInput & { id?: number }) =>
    api<Printer>(`/organizer/event/${eventId}/badges/printers${id ? `/${id}` : ''}`, {
      method: id ? 'PUT' : 'POST',
      body,
    }),
  );
}

export function useDeletePrinter(eventId: number) {
  return useBadgeMutation(eventId, (id: number) =>
    api(`/organizer/event/${eventId}/badges/printers/${id}`, { method: 'DELETE' }),
  );
}

/** A test label sent to the printer at once: whether it took it, or why not. */
export function useTestPrint(eventId: number) {
  return useMutation({
    mutationFn: (printerId: number) =>
      api<PrinterTest>(`/organizer/event/${eventId}/badges/printers/${printerId}/test`, { method: 'POST' }),
  });
}

export function useSaveTemplate(eventId: number) {
  return useBadgeMutation(eventId, ({ id, ...body }: BadgeTemplateInput & { id?: number }) =>
    api<BadgeTemplate>(`/organizer/event/${eventId}/badges/templates${id ? `/${id}` : ''}`, {
      method: id ? 'PUT' : 'POST',
      body,
    }),
  );
}

export function useDeleteTemplate(eventId: number) {
  return useBadgeMutation(eventId, (id: number) =>
    api(`/organizer/event/${eventId}/badges/templates/${id}`, { method: 'DELETE' }),
  );
}

export function useBadgeJobs(eventId: number) {
  return useQuery({
    queryKey: jobsKey(eventId),
    queryFn: ({ signal }) => api<BadgeJobs>(`/organizer/event/${eventId}/badges/jobs`, { signal }),
  });
}

/** E4.76: a failed job queued again; its new state arrives live and in the refetched queue. */
export function useRetryJob(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, ...body }: BadgeRetryRequest & { jobId: number }) =>
      api<BadgePrintAnswer>(`/organizer/event/${eventId}/badges/jobs/${jobId}/retry`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobsKey(eventId) }),
  });
}

export function useStartBatch(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BadgeBatchRequest) =>
      api<BadgeBatch>(`/organizer/event/${eventId}/badges/batch`, { method: 'POST', body }),
    onSuccess: (batch) => {
      // Its jobs may have printed before this answer came: show it, then fetch its progress again.
      client.setQueryData(batchKey(eventId, batch.id), batch);
      void client.invalidateQueries({ queryKey: batchKey(eventId, batch.id) });
      void client.invalidateQueries({ queryKey: jobsKey(eventId) });
    },
  });
}

export function useBatch(eventId: number, batchId: number | null) {
  return useQuery({
    queryKey: batchKey(eventId, batchId ?? 0),
    queryFn: ({ signal }) =>
      api<BadgeBatch>(`/organizer/event/${eventId}/badges/batch/${batchId}`, { signal }),
    enabled: batchId !== null,
  });
}

/**
 * E7.74: job states arrive live; the queue and a running batch's progress refetch (throttled to
 * one request per moment by react-query's de-duplication of in-flight fetches). What was written
 * before the connection came on reloads the answers that may lack it.
 */
export function useBadgeQueueLive(eventId: number) {
  const client = useQueryClient();
  const realtime = useRealtimeClient();
  const room = realtimeRoom.eventBadges(eventId);
  const onReady = () => {
    for (const key of [jobsKey(eventId), badgesKey(eventId), [...consoleKey(eventId), 'badge-batch']]) {
      reloadAnswersOlderThanRecords(client, realtime, room, key);
    }
  };
  useRealtimeRoom(
    room,
    (record) => {
      if (record.type === RecordType.BadgePrint) {
        const { job } = record.payload as BadgePrintRecord;
        void client.invalidateQueries({ queryKey: jobsKey(eventId) });
        if (job.batchId !== null) void client.invalidateQueries({ queryKey: batchKey(eventId, job.batchId) });
      } else if (record.type === RecordType.BadgeSetup) {
        void client.invalidateQueries({ queryKey: badgesKey(eventId) });
      }
    },
    { onReady },
  );
}
