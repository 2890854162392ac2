import {
  badgeBatchParams,
  badgeBatchRequest,
  badgeConsoleParams,
  badgeJobsQuery,
  badgePdfQuery,
  badgePrintRequest,
  badgeRetryRequest,
  badgeSetupQuery,
  badgeTemplateInput,
  badgeTemplateParams,
  digestQuery,
  digestTemplateRequest,
  printerInput,
  printerParams,
  printJobParams,
  printJobQuery,
  RoomPattern,
} from '@foyer/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../http/auth';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { idParam } from '../../realtime/realtime.policy';
import { badgesProcessor } from './badges.processor';
import { getJob, requestPrint } from './badges.queue';
import { getBatch, listJobs, retryJob, startBatch, testPrint } from './badges.queue.console';
import { sweepPrintJobs } from './badges.queue.sending';
import {
  badgePdf,
  digest,
  digestTemplate,
  getConsole,
  getSetup,
  removePrinter,
  removeTemplate,
  requireBadgeStaff,
  savePrinter,
  saveTemplate,
} from './badges.service';

const base = '/organizer/event/:eventId/badges';
/** How often the sweep looks for due retries and jobs a dead process left behind. */
const SWEEP_EVERY_MS = 2_000;

/**
 * Badge printing (issue 14, part 3): the desk's print queue (E7.62), digest (E7.05, E7.06), a badge
 * as PDF, and the console's printers (with a test print), templates, queue (with a retry of a
 * failed job) and batches. Registers its processor, its
 * sweep and who may hear newEvents/{eventId}/badges (check-in staff and organizers, E7.74).
 */
export const badgeRoutes: FastifyPluginAsync = async (app) => {
  app.bus.register(badgesProcessor(app));
  app.scheduler.every('badge-prints', SWEEP_EVERY_MS, () => sweepPrintJobs(app.ctx, app.realtime));
  app.realtime.registerRoomPolicy(RoomPattern.EventBadges, async (userId, params) => {
    const eventId = idParam(params.eventId);
    if (eventId === null) return false;
    return requireBadgeStaff(app.ctx, eventId, userId).then(
      () => true,
      () => false,
    );
  });
  const deps = { bus: app.bus, realtime: app.realtime };

  // ---- the desk
  app.get('/event/badges/setup', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(badgeSetupQuery, request.query);
    return { success: true, data: await getSetup(app.ctx, userId, eventId) };
  });

  app.post('/event/participant/badge/printQueue', { config: perMinute(600) }, async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await requestPrint(app.ctx, deps, userId, parse(badgePrintRequest, request.body)),
    };
  });

  app.get('/event/participant/badge/printQueue/job', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, jobId } = parse(printJobQuery, request.query);
    return { success: true, data: await getJob(app.ctx, userId, eventId, jobId) };
  });

  app.get('/event/participant/badge/pdf', { config: perMinute(120) }, async (request, reply) => {
    const { userId } = await requireUser(request);
    const { pdf, fileName } = await badgePdf(app.ctx, userId, parse(badgePdfQuery, request.query));
    reply.header('content-disposition', `inline; filename="${fileName}"`);
    return reply.header('content-type', 'application/pdf').send(Buffer.from(pdf));
  });

  app.post('/digest/template', async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await digestTemplate(app.ctx, userId, parse(digestTemplateRequest, request.body)),
    };
  });

  app.get('/digest', async (request) => {
    const { userId } = await requireUser(request);
    return { success: true, data: await digest(app.ctx, userId, parse(digestQuery, request.query)) };
  });

  // ---- the console
  app.get(base, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(badgeConsoleParams, request.params);
    return { success: true, data: await getConsole(app.ctx, userId, eventId) };
  });

  app.post(`${base}/printers`, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(badgeConsoleParams, request.params);
    const input = parse(printerInput, request.body);
    return { success: true, data: await savePrinter(app.ctx, app.realtime, userId, eventId, null, input) };
  });

  app.put(`${base}/printers/:printerId`, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, printerId } = parse(printerParams, request.params);
    const input = parse(printerInput, request.body);
    return {
      success: true,
      data: await savePrinter(app.ctx, app.realtime, userId, eventId, printerId, input),
    };
  });

  app.delete(`${base}/printers/:printerId`, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, printerId } = parse(printerParams, request.params);
    await removePrinter(app.ctx, app.realtime, userId, eventId, printerId);
    return { success: true, data: null };
  });

  // A test label is sent while the organizer waits (at most the printer timeout).
  app.post(`${base}/printers/:printerId/test`, { config: perMinute(30) }, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, printerId } = parse(printerParams, request.params);
    return { success: true, data: await testPrint(app.ctx, userId, eventId, printerId) };
  });

  app.post(`${base}/templates`, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(badgeConsoleParams, request.params);
    const input = parse(badgeTemplateInput, request.body);
    return { success: true, data: await saveTemplate(app.ctx, app.realtime, userId, eventId, null, input) };
  });

  app.put(`${base}/templates/:templateId`, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, templateId } = parse(badgeTemplateParams, request.params);
    const input = parse(badgeTemplateInput, request.body);
    return {
      success: true,
      data: await saveTemplate(app.ctx, app.realtime, userId, eventId, templateId, input),
    };
  });

  app.delete(`${base}/templates/:templateId`, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, templateId } = parse(badgeTemplateParams, request.params);
    await removeTemplate(app.ctx, app.realtime, userId, eventId, templateId);
    return { success: true, data: null };
  });

  app.get(`${base}/jobs`, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(badgeConsoleParams, request.params);
    return {
      success: true,
      data: await listJobs(app.ctx, userId, eventId, parse(badgeJobsQuery, request.query)),
    };
  });

  app.post(`${base}/jobs/:jobId/retry`, { config: perMinute(120) }, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, jobId } = parse(printJobParams, request.params);
    const input = parse(badgeRetryRequest, request.body ?? {});
    return { success: true, data: await retryJob(app.ctx, deps, userId, eventId, jobId, input) };
  });

  app.post(`${base}/batch`, { config: perMinute(20) }, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(badgeConsoleParams, request.params);
    const input = parse(badgeBatchRequest, request.body);
    return { success: true, data: await startBatch(app.ctx, deps, userId, eventId, input) };
  });

  app.get(`${base}/batch/:batchId`, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, batchId } = parse(badgeBatchParams, request.params);
    return { success: true, data: await getBatch(app.ctx, userId, eventId, batchId) };
  });
};
