import { consoleEventParams, importFileRequest, importJobParams, importMappedRequest } from '@foyer/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../http/auth';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { commitImport, getImportJob, importsIdle, previewImport, validateImport } from './import.service';
import { programmeDeps } from './programme-sessions.service';

/**
 * The body of a 10 MB file in base64 (13.4 MB) with room for the JSON around it. Fastify refuses a
 * larger body from its Content-Length before reading it (413 in the envelope, app.ts), and stops
 * reading a chunked one at this size: a 100 MB upload is never buffered.
 */
export const IMPORT_BODY_LIMIT = 14 * 1024 * 1024;

/** The console's import area (issue 12, part 4; decision 016): attendees, sessions, speakers. */
export const importRoutes: FastifyPluginAsync = async (app) => {
  const options = { bodyLimit: IMPORT_BODY_LIMIT, config: perMinute(60) };
  app.addHook('onClose', () => importsIdle());

  app.post('/organizer/event/:eventId/import/preview', options, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    const input = parse(importFileRequest, request.body);
    return { success: true, data: await previewImport(request.server.ctx, userId, eventId, input) };
  });

  app.post('/organizer/event/:eventId/import/validate', options, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    const input = parse(importMappedRequest, request.body);
    return { success: true, data: await validateImport(request.server.ctx, userId, eventId, input) };
  });

  app.post('/organizer/event/:eventId/import/commit', options, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    const input = parse(importMappedRequest, request.body);
    const deps = { ctx: request.server.ctx, log: request.log, programme: programmeDeps(request.server) };
    return { success: true, data: await commitImport(deps, userId, eventId, input) };
  });

  app.get('/organizer/event/:eventId/import/:jobId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, jobId } = parse(importJobParams, request.params);
    return { success: true, data: await getImportJob(request.server.ctx, userId, eventId, jobId) };
  });
};
