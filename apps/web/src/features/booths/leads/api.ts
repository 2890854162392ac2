import {
  BOOTH_REPORT_FILES,
  type BoothReportPart,
  type Lead,
  type LeadChangedPayload,
  type LeadList,
  type LeadQuestion,
  RecordType,
  realtimeRoom,
  type SaveLeadQuestionsRequest,
  type ScanLeadRequest,
  type UpdateLeadRequest,
} from '@foyer/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadFile } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { patchAnswers, useRealtimeRoom, useReloadOnReady } from '../../../lib/use-realtime';

export const leadKeys = { list: (eventId: number) => ['leads', eventId] as const };

/** GET /event/lead: my booth's questions and leads (the team only). */
export function useLeads(eventId: number) {
  return useQuery({
    queryKey: leadKeys.list(eventId),
    queryFn: ({ signal }) => api<LeadList>('/event/lead', { query: { eventId }, signal }),
    staleTime: 30_000,
  });
}

/** Changes the cached list of leads, and the one being read meanwhile (patchAnswers). */
function patchLeads(client: QueryClient, eventId: number, update: (list: LeadList) => LeadList): void {
  patchAnswers<LeadList>(client, leadKeys.list(eventId), update, { exact: true });
}

/** Puts a lead (new or changed) into the cached list, newest first. */
function usePutLead(eventId: number) {
  const client = useQueryClient();
  return (lead: Lead, questions?: LeadQuestion[]) =>
    patchLeads(client, eventId, (list) => {
      if (list.boothId !== lead.boothId) return list;
      const others = list.leads.filter((l) => l.id !== lead.id);
      const known = list.leads.some((l) => l.id === lead.id);
      return {
        ...list,
        ...(questions ? { questions } : {}),
        leads: known ? list.leads.map((l) => (l.id === lead.id ? lead : l)) : [lead, ...others],
      };
    });
}

/** Takes a removed lead out of the cached list. */
function useDropLead(eventId: number) {
  const client = useQueryClient();
  return (boothId: number, id: number, questions?: LeadQuestion[]) =>
    patchLeads(client, eventId, (list) =>
      list.boothId === boothId
        ? { ...list, ...(questions ? { questions } : {}), leads: list.leads.filter((l) => l.id !== id) }
        : list,
    );
}

/**
 * What any member of the team does reaches every member: the pushed record carries the lead as
 * GET /event/lead shows it, or says it was removed, or that the qualification questions changed
 * (each with the booth's questions now), and is patched into the list.
 */
export function useLeadsLive(eventId: number) {
  const client = useQueryClient();
  const put = usePutLead(eventId);
  const drop = useDropLead(eventId);
  const userId = useSession((s) => s.user?.id);
  const room = userId ? realtimeRoom.user(userId) : null;
  const onReady = useReloadOnReady(room, leadKeys.list(eventId));
  useRealtimeRoom<LeadChangedPayload>(
    room,
    (record) => {
      if (record.type !== RecordType.BoothLead || record.payload.eventId !== eventId) return;
      const change = record.payload;
      if (change.change === 'saved') put(change.lead, change.questions);
      else if (change.change === 'removed') drop(change.boothId, change.leadId, change.questions);
      else
        patchLeads(client, eventId, (list) =>
          list.boothId === change.boothId ? { ...list, questions: change.questions } : list,
        );
    },
    { onReady },
  );
}

export function useScanLead(eventId: number) {
  const put = usePutLead(eventId);
  return useMutation({
    mutationFn: (body: Omit<ScanLeadRequest, 'eventId'>) =>
      api<Lead>('/event/lead/scan', { method: 'POST', body: { eventId, ...body } }),
    onSuccess: (lead: Lead) => put(lead),
  });
}

export function useUpdateLead(eventId: number) {
  const put = usePutLead(eventId);
  return useMutation({
    mutationFn: ({ id, ...body }: Omit<UpdateLeadRequest, 'eventId'> & { id: number }) =>
      api<Lead>(`/event/lead/${id}`, { method: 'PUT', body: { eventId, ...body } }),
    onSuccess: (lead: Lead) => put(lead),
  });
}

export function useAddLeadNote(eventId: number) {
  const put = usePutLead(eventId);
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      api<Lead>(`/event/lead/${id}/note`, { method: 'POST', body: { eventId, note } }),
    onSuccess: (lead: Lead) => put(lead),
  });
}

/** DELETE /event/lead/:id (the booth's owner or an admin). */
export function useRemoveLead(eventId: number) {
  const drop = useDropLead(eventId);
  return useMutation({
    mutationFn: (lead: Pick<Lead, 'id' | 'boothId'>) =>
      api<null>(`/event/lead/${lead.id}`, { method: 'DELETE', query: { eventId } }),
    onSuccess: (_, lead) => drop(lead.boothId, lead.id),
  });
}

export function useSaveLeadQuestions(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (questions: SaveLeadQuestionsRequest['questions']) =>
      api<LeadQuestion[]>('/event/lead/questions', { method: 'PUT', body: { eventId, questions } }),
    onSuccess: () => client.invalidateQueries({ queryKey: leadKeys.list(eventId) }),
  });
}

/** E9.53: the booth report, one CSV part or the XLSX with all of them. */
export function downloadBoothReport(
  eventId: number,
  format: 'csv' | 'xlsx',
  part: BoothReportPart = 'leads',
) {
  const file = format === 'xlsx' ? BOOTH_REPORT_FILES.xlsx : BOOTH_REPORT_FILES[part];
  return downloadFile('/event/lead/report', file, { eventId, format, part });
}
