import {
  consoleEventParams,
  createEventRequest,
  duplicateEventRequest,
  eventImageRequest,
  updateEventRequest,
} from '@foyer/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import {
  createEvent,
  duplicateEvent,
  type EventSetupDeps,
  getConsoleEvent,
  listConsoleEvents,
  setArchived,
  updateEvent,
  uploadEventImage,
} from './events.service';

const deps = (request: FastifyRequest): EventSetupDeps => ({
  ctx: request.server.ctx,
  realtime: request.server.realtime,
});

/** Console: create, edit, duplicate and archive events (issue 12, part 1). */
export const eventSetupRoutes: FastifyPluginAsync = async (app) => {
  app.get('/organizer/event', async (request) => {
    const { userId } = await requireUser(request);
    return { success: true, data: await listConsoleEvents(request.server.ctx, userId) };
  });

  app.post('/organizer/event', { config: perMinute(10) }, async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(createEventRequest, request.body);
    return { success: true, data: await createEvent(request.server.ctx, userId, input) };
  });

  app.get('/organizer/event/:eventId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    return { success: true, data: await getConsoleEvent(request.server.ctx, userId, eventId) };
  });

  app.put('/organizer/event/:eventId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    const input = parse(updateEventRequest, request.body);
    return { success: true, data: await updateEvent(deps(request), userId, eventId, input) };
  });

  app.post('/organizer/event/:eventId/image', { config: perMinute(30) }, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    const input = parse(eventImageRequest, request.body);
    return { success: true, data: await uploadEventImage(deps(request), userId, eventId, input) };
  });

  app.post('/organizer/event/:eventId/duplicate', { config: perMinute(10) }, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    const input = parse(duplicateEventRequest, request.body);
    return { success: true, data: await duplicateEvent(request.server.ctx, userId, eventId, input) };
  });

  app.post('/organizer/event/:eventId/archive', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    return { success: true, data: await setArchived(deps(request), userId, eventId, true) };
  });

  app.post('/organizer/event/:eventId/restore', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    return { success: true, data: await setArchived(deps(request), userId, eventId, false) };
  });
};
