import {
  badgePrintedRequest,
  badgeQuery,
  checkInAreasQuery,
  checkInListQuery,
  checkInRequest,
} from '@foyer/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../http/auth';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { checkIn, getBadge, listAreas, listInside, markBadgePrinted } from './checkin.service';

/** Staff check-in at the door and badges (E7.04, E3.34, E4.65). */
export const checkInRoutes: FastifyPluginAsync = async (app) => {
  app.post('/event/participant/checkIn', { config: perMinute(600) }, async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await checkIn(app.ctx, userId, parse(checkInRequest, request.body), app.bus),
    };
  });

  app.get('/event/participant/checkIn/areas', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(checkInAreasQuery, request.query);
    return { success: true, data: await listAreas(app.ctx, userId, eventId) };
  });

  app.get('/event/participant/checkIn/list', async (request) => {
    const { userId } = await requireUser(request);
    return { success: true, data: await listInside(app.ctx, userId, parse(checkInListQuery, request.query)) };
  });

  app.get('/event/participant/badge', async (request) => {
    const { userId } = await requireUser(request);
    return { success: true, data: await getBadge(app.ctx, userId, parse(badgeQuery, request.query)) };
  });

  app.post('/event/participant/badge/printed', async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await markBadgePrinted(app.ctx, userId, parse(badgePrintedRequest, request.body)),
    };
  });
};
