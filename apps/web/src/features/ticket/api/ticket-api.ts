import { type MyTicket, ticketPdfFilename } from '@foyer/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, downloadFile } from '../../../lib/api-client';

/** GET /event/ticket (E2.61): my ticket for the event, with the QR code's text. */
export const myTicketQuery = (eventId: number) =>
  queryOptions({
    queryKey: ['ticket', eventId],
    queryFn: () => api<MyTicket>('/event/ticket', { query: { eventId } }),
    enabled: Number.isInteger(eventId) && eventId > 0,
    retry: false,
  });

export function useMyTicket(eventId: number) {
  return useQuery(myTicketQuery(eventId));
}

/** GET /event/ticket/pdf: saves the wallet-style PDF of my ticket. */
export function downloadTicketPdf(eventId: number, ticketId: string): Promise<void> {
  return downloadFile('/event/ticket/pdf', ticketPdfFilename(ticketId), { eventId });
}
