import { myTicketQuery, ticketPdfFilename, ticketPdfLinkQuery } from '@foyer/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { requireUser } from '../../http/auth';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { linkedTicketPdf, myTicket, myTicketPdf, type TicketPdf } from './ticket.service';

function sendPdf(reply: FastifyReply, pdf: TicketPdf) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${ticketPdfFilename(pdf.ticketId)}"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(pdf.bytes));
}

/** The participant's own ticket: on screen (E2.61) and as a wallet-style PDF (issue 14). */
export const ticketRoutes: FastifyPluginAsync = async (app) => {
  app.get('/event/ticket', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(myTicketQuery, request.query);
    return { success: true, data: await myTicket(app.ctx, userId, eventId) };
  });

  // Drawing a PDF costs a few milliseconds: a person needs a handful a minute, a script no more.
  app.get('/event/ticket/pdf', { config: perMinute(30) }, async (request, reply) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(myTicketQuery, request.query);
    return sendPdf(reply, await myTicketPdf(app.ctx, userId, eventId));
  });

  app.get('/ticket/pdf', { config: perMinute(30) }, async (request, reply) => {
    const input = parse(ticketPdfLinkQuery, request.query);
    return sendPdf(reply, await linkedTicketPdf(app.ctx, input));
  });
};
