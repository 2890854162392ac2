import {
  addBoothMemberRequest,
  assignBoothOwnerRequest,
  assignCheckInStaffRequest,
  consoleAreaParams,
  consoleBoothCategoryParams,
  consoleBoothMemberParams,
  consoleBoothParams,
  consoleEventParams,
  consolePeopleQuery,
  consoleStaffParams,
  createBoothCategoryRequest,
  createCheckInAreaRequest,
  createConsoleBoothRequest,
  updateBoothCategoryRequest,
  updateCheckInAreaRequest,
  updateConsoleBoothRequest,
} from '@foyer/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import * as door from './door.service';
import * as categories from './exhibitors.categories';
import * as booths from './exhibitors.service';
import * as team from './exhibitors.team';

const deps = (request: FastifyRequest): booths.ExhibitorsDeps => ({
  ctx: request.server.ctx,
  realtime: request.server.realtime,
});

/** The console's exhibitors area (issue 12, parts 5 and 6): booths, booth categories, the door. */
export const exhibitorsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/organizer/event/:eventId/booths', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    return { success: true, data: await booths.listConsoleBooths(app.ctx, userId, eventId) };
  });

  app.post('/organizer/event/:eventId/booths', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    const input = parse(createConsoleBoothRequest, request.body);
    return { success: true, data: await booths.createConsoleBooth(deps(request), userId, eventId, input) };
  });

  app.put('/organizer/event/:eventId/booths/:boothId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, boothId } = parse(consoleBoothParams, request.params);
    const input = parse(updateConsoleBoothRequest, request.body);
    // E7.79: attendees' open expo screens fetch the booth again (announced in its transaction).
    return {
      success: true,
      data: await booths.updateConsoleBooth(deps(request), userId, eventId, boothId, input),
    };
  });

  app.delete('/organizer/event/:eventId/booths/:boothId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, boothId } = parse(consoleBoothParams, request.params);
    return { success: true, data: await booths.deleteConsoleBooth(deps(request), userId, eventId, boothId) };
  });

  app.put('/organizer/event/:eventId/booths/:boothId/owner', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, boothId } = parse(consoleBoothParams, request.params);
    const input = parse(assignBoothOwnerRequest, request.body);
    return {
      success: true,
      data: await team.assignBoothOwner(deps(request), userId, eventId, boothId, input),
    };
  });

  app.post('/organizer/event/:eventId/booths/:boothId/members', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, boothId } = parse(consoleBoothParams, request.params);
    const input = parse(addBoothMemberRequest, request.body);
    return {
      success: true,
      data: await team.addBoothMember(deps(request), userId, eventId, boothId, input),
    };
  });

  app.delete('/organizer/event/:eventId/booths/:boothId/members/:participantId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, boothId, participantId } = parse(consoleBoothMemberParams, request.params);
    return {
      success: true,
      data: await team.removeBoothMember(deps(request), userId, eventId, boothId, participantId),
    };
  });

  app.get('/organizer/event/:eventId/booth-categories', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    return { success: true, data: await categories.listBoothCategories(app.ctx, userId, eventId) };
  });

  app.post('/organizer/event/:eventId/booth-categories', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    const input = parse(createBoothCategoryRequest, request.body);
    return { success: true, data: await categories.createBoothCategory(app.ctx, userId, eventId, input) };
  });

  app.put('/organizer/event/:eventId/booth-categories/:categoryId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, categoryId } = parse(consoleBoothCategoryParams, request.params);
    const { name } = parse(updateBoothCategoryRequest, request.body);
    return {
      success: true,
      data: await categories.renameBoothCategory(app.ctx, userId, eventId, categoryId, name),
    };
  });

  app.delete('/organizer/event/:eventId/booth-categories/:categoryId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, categoryId } = parse(consoleBoothCategoryParams, request.params);
    return {
      success: true,
      data: await categories.deleteBoothCategory(app.ctx, userId, eventId, categoryId),
    };
  });

  app.get('/organizer/event/:eventId/exhibitors/people', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    const query = parse(consolePeopleQuery, request.query);
    return { success: true, data: await team.consolePeople(app.ctx, userId, eventId, query) };
  });

  app.get('/organizer/event/:eventId/door/areas', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    return { success: true, data: await door.getDoor(app.ctx, userId, eventId) };
  });

  app.post('/organizer/event/:eventId/door/areas', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    const input = parse(createCheckInAreaRequest, request.body);
    return { success: true, data: await door.createArea(app.ctx, userId, eventId, input) };
  });

  app.put('/organizer/event/:eventId/door/areas/:areaId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, areaId } = parse(consoleAreaParams, request.params);
    const input = parse(updateCheckInAreaRequest, request.body);
    return { success: true, data: await door.updateArea(app.ctx, userId, eventId, areaId, input) };
  });

  app.delete('/organizer/event/:eventId/door/areas/:areaId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, areaId } = parse(consoleAreaParams, request.params);
    return { success: true, data: await door.deleteArea(app.ctx, userId, eventId, areaId) };
  });

  app.get('/organizer/event/:eventId/door/staff', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    return { success: true, data: await door.listStaff(app.ctx, userId, eventId) };
  });

  app.post('/organizer/event/:eventId/door/staff', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    const input = parse(assignCheckInStaffRequest, request.body);
    return { success: true, data: await door.assignStaff(app.ctx, userId, eventId, input) };
  });

  app.delete('/organizer/event/:eventId/door/staff/:participantId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, participantId } = parse(consoleStaffParams, request.params);
    return { success: true, data: await door.removeStaff(app.ctx, userId, eventId, participantId) };
  });
};
