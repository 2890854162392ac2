import {
  BOOTH_REPORT_FILES,
  boothReportQuery,
  leadListQuery,
  leadNoteRequest,
  leadParams,
  saveLeadQuestionsRequest,
  scanLeadRequest,
  updateLeadRequest,
  XLSX_CONTENT_TYPE,
} from '@foyer/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { boothReport } from './leads.report';
import {
  addLeadNote,
  type LeadDeps,
  listLeads,
  removeLead,
  saveQuestions,
  scanLead,
  updateLead,
} from './leads.service';

const deps = (request: FastifyRequest): LeadDeps => ({ ctx: request.server.ctx, bus: request.server.bus });

/** Booth leads, their questions and the booth report (registered by booths.routes.ts). */
export function leadRoutes(app: FastifyInstance): void {
  app.get('/event/lead', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(leadListQuery, request.query);
    return { success: true, data: await listLeads(request.server.ctx, userId, eventId) };
  });

  app.post('/event/lead/scan', { config: perMinute(120) }, async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await scanLead(deps(request), userId, parse(scanLeadRequest, request.body)),
    };
  });

  app.put('/event/lead/questions', async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(saveLeadQuestionsRequest, request.body);
    return { success: true, data: await saveQuestions(deps(request), userId, input) };
  });

  app.get('/event/lead/report', async (request, reply) => {
    const { userId } = await requireUser(request);
    const input = parse(boothReportQuery, request.query);
    const { body } = await boothReport(request.server.ctx, userId, input);
    const file = input.format === 'xlsx' ? BOOTH_REPORT_FILES.xlsx : BOOTH_REPORT_FILES[input.part];
    reply
      .type(input.format === 'xlsx' ? XLSX_CONTENT_TYPE : 'text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${file}"`);
    return body;
  });

  app.put('/event/lead/:id', async (request) => {
    const { userId } = await requireUser(request);
    const { id } = parse(leadParams, request.params);
    const input = parse(updateLeadRequest, request.body);
    return { success: true, data: await updateLead(deps(request), userId, id, input) };
  });

  app.post('/event/lead/:id/note', async (request) => {
    const { userId } = await requireUser(request);
    const { id } = parse(leadParams, request.params);
    const input = parse(leadNoteRequest, request.body);
    return { success: true, data: await addLeadNote(deps(request), userId, id, input) };
  });

  app.delete('/event/lead/:id', async (request) => {
    const { userId } = await requireUser(request);
    const { id } = parse(leadParams, request.params);
    const { eventId } = parse(leadListQuery, request.query);
    await removeLead(deps(request), userId, eventId, id);
    return { success: true, data: null };
  });
}
