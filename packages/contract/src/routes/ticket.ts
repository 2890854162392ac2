import { z } from 'zod';
import { myTicketQuery, myTicketSchema, ticketPdfLinkQuery } from '../ticket';
import { defineRoutes } from './route';

const pdf = z.string().describe('A one-page PDF ticket, card sized, with the QR code');

/** The participant's own ticket: on screen (E2.61) and as a PDF (issue 14). */
export const ticketRoutes = defineRoutes('ticket', [
  {
    id: 'myTicket',
    method: 'GET',
    path: '/event/ticket',
    summary: 'My ticket for an event: the QR code text, the ticket id and who and what it is for',
    auth: 'user',
    query: myTicketQuery,
    response: myTicketSchema,
  },
  {
    id: 'myTicketPdf',
    method: 'GET',
    path: '/event/ticket/pdf',
    summary: 'My ticket for an event as a PDF (404 without a ticket id)',
    auth: 'user',
    query: myTicketQuery,
    response: pdf,
    produces: 'application/pdf',
  },
  {
    id: 'ticketPdfLink',
    method: 'GET',
    path: '/ticket/pdf',
    summary: "A ticket PDF from the registration e-mail's link: the signed key is the only credential",
    auth: 'none',
    query: ticketPdfLinkQuery,
    response: pdf,
    produces: 'application/pdf',
  },
]);
