import type {
  BoothDetails,
  BoothDocument,
  BoothSummary,
  UpdateBoothRequest,
  UploadBoothDocumentRequest,
  UploadBoothImageRequest,
} from '@foyer/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const boothKeys = {
  all: (eventId: number) => ['expo', eventId] as const,
  list: (eventId: number, query: string) => ['expo', eventId, 'list', query] as const,
  booth: (eventId: number, boothId: number) => ['expo', eventId, 'booth', boothId] as const,
  team: (eventId: number) => ['expo', eventId, 'team'] as const,
};

/** GET /event/booth (E1.02): the event's booths, best rated first, optionally by name. */
export function useBooths(eventId: number, query: string) {
  return useQuery({
    queryKey: boothKeys.list(eventId, query),
    queryFn: ({ signal }) =>
      api<BoothSummary[]>('/event/booth', { query: { eventId, query: query || undefined }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** GET /event/booth/:id (E7.40): the booth with its team and popup tables. */
export function useBooth(eventId: number, boothId: number) {
  return useQuery({
    queryKey: boothKeys.booth(eventId, boothId),
    queryFn: ({ signal }) => api<BoothDetails>(`/event/booth/${boothId}`, { query: { eventId }, signal }),
    enabled: Number.isInteger(boothId) && boothId > 0,
    retry: false,
    staleTime: 15_000,
  });
}

/** Puts a saved booth in the caches that show it. */
function useStoreBooth() {
  const queryClient = useQueryClient();
  return (booth: BoothDetails) => {
    queryClient.setQueryData(boothKeys.booth(booth.eventId, booth.id), booth);
    void queryClient.invalidateQueries({ queryKey: [...boothKeys.all(booth.eventId), 'list'] });
    void queryClient.invalidateQueries({ queryKey: ['event-entity', 'expo', booth.eventId, booth.id] });
  };
}

/** PUT /event/booth (E7.34). */
export function useUpdateBooth() {
  const store = useStoreBooth();
  return useMutation({
    mutationFn: (input: UpdateBoothRequest) =>
      api<BoothDetails>('/event/booth', { method: 'PUT', body: input }),
    onSuccess: store,
  });
}

/** POST /event/booth/image (A2.93): the cropped logo or banner. */
export function useUploadBoothImage() {
  const store = useStoreBooth();
  return useMutation({
    mutationFn: (input: UploadBoothImageRequest) =>
      api<BoothDetails>('/event/booth/image', { method: 'POST', body: input }),
    onSuccess: store,
  });
}

/** POST /event/booth/document/file (A5.42): stores a file of at most 5,000,000 bytes; answers its document. */
export function useUploadBoothDocument() {
  return useMutation({
    mutationFn: (input: UploadBoothDocumentRequest) =>
      api<BoothDocument>('/event/booth/document/file', { method: 'POST', body: input }),
  });
}
