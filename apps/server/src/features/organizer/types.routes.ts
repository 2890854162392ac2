import {
  categoryGroupInput,
  categoryParams,
  consoleEventParams,
  deleteTypeQuery,
  participantTypeInput,
  typeParams,
} from '@foyer/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import * as types from './types.service';

/** Console: participant types with rights and limits, and category groups (issue 12, part 1). */
export const typesRoutes: FastifyPluginAsync = async (app) => {
  app.get('/organizer/event/:eventId/types', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    return { success: true, data: await types.listTypesAndCategories(request.server.ctx, userId, eventId) };
  });

  app.post('/organizer/event/:eventId/types', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    const input = parse(participantTypeInput, request.body);
    return { success: true, data: await types.createType(request.server.ctx, userId, eventId, input) };
  });

  app.put('/organizer/event/:eventId/types/:typeId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, typeId } = parse(typeParams, request.params);
    const input = parse(participantTypeInput, request.body);
    return {
      success: true,
      data: await types.updateType(request.server.ctx, userId, eventId, typeId, input),
    };
  });

  app.delete('/organizer/event/:eventId/types/:typeId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, typeId } = parse(typeParams, request.params);
    const { moveTo } = parse(deleteTypeQuery, request.query);
    return {
      success: true,
      data: await types.deleteType(request.server.ctx, userId, eventId, typeId, moveTo),
    };
  });

  app.post('/organizer/event/:eventId/categories', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    const input = parse(categoryGroupInput, request.body);
    return { success: true, data: await types.createGroup(request.server.ctx, userId, eventId, input) };
  });

  app.put('/organizer/event/:eventId/categories/:categoryId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, categoryId } = parse(categoryParams, request.params);
    const input = parse(categoryGroupInput, request.body);
    return {
      success: true,
      data: await types.updateGroup(request.server.ctx, userId, eventId, categoryId, input),
    };
  });

  app.delete('/organizer/event/:eventId/categories/:categoryId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, categoryId } = parse(categoryParams, request.params);
    return { success: true, data: await types.deleteGroup(request.server.ctx, userId, eventId, categoryId) };
  });
};
