import type {
  ImportFileRequest,
  ImportJob,
  ImportMappedRequest,
  ImportPreview,
  ImportValidation,
} from '@foyer/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { consoleKey } from './events';

const importPath = (eventId: number, step: string) => `/organizer/event/${eventId}/import/${step}`;

/** Step 1: headers, a suggested mapping and the first rows of the file. */
export function usePreviewImport(eventId: number) {
  return useMutation({
    mutationFn: (body: ImportFileRequest) =>
      api<ImportPreview>(importPath(eventId, 'preview'), { method: 'POST', body }),
  });
}

/** Step 2: every row checked with the chosen mapping; nothing is written. */
export function useValidateImport(eventId: number) {
  return useMutation({
    mutationFn: (body: ImportMappedRequest) =>
      api<ImportValidation>(importPath(eventId, 'validate'), { method: 'POST', body }),
  });
}

/** Step 3: the good rows imported; a big file answers a running job. */
export function useCommitImport(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportMappedRequest) =>
      api<ImportJob>(importPath(eventId, 'commit'), { method: 'POST', body }),
    onSuccess: (job) => {
      client.setQueryData([...consoleKey(eventId), 'import', job.id], job);
      if (job.state !== 'running') void client.invalidateQueries({ queryKey: consoleKey(eventId) });
    },
  });
}

/** A job's progress, polled every second while it runs. */
export function useImportJob(eventId: number, jobId: number | null) {
  return useQuery({
    queryKey: [...consoleKey(eventId), 'import', jobId],
    queryFn: ({ signal }) => api<ImportJob>(importPath(eventId, String(jobId)), { signal }),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 1_000 : false),
  });
}
