import {
  badgePrintedRequest,
  badgeQuery,
  checkInAreasQuery,
  checkInListQuery,
  checkInLookupQuery,
  checkInRequest,
  checkInSnapshotQuery,
  checkInSyncRequest,
} from '@foyer/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../http/auth';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { lookup, snapshot } from './checkin.lookup.service';
import { registerCheckInRooms } from './checkin.processor';
import { checkIn, getBadge, listAreas, listGates, listInside, markBadgePrinted } from './checkin.service';
import { pruneSyncAnswers, syncScans } from './checkin.sync.service';

const HOUR_MS = 60 * 60_000;

/** Staff check-in at the door and badges (E7.04, E3.34, E4.65), offline sync and the live room (issue 14). */
export const checkInRoutes: FastifyPluginAsync = async (app) => {
  registerCheckInRooms(app);
  app.scheduler.every('checkin-sync-prune', HOUR_MS, () => pruneSyncAnswers(app.ctx));

  app.post('/event/participant/checkIn', { config: perMinute(600) }, async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await checkIn(app.ctx, userId, parse(checkInRequest, request.body), app.bus),
    };
  });

  app.post('/event/participant/checkIn/sync', { config: perMinute(120) }, async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await syncScans(app.ctx, userId, parse(checkInSyncRequest, request.body), app.bus),
    };
  });

  app.get('/event/participant/checkIn/lookup', { config: perMinute(600) }, async (request) => {
    const { userId } = await requireUser(request);
    return { success: true, data: await lookup(app.ctx, userId, parse(checkInLookupQuery, request.query)) };
  });

  app.get('/event/participant/checkIn/snapshot', { config: perMinute(300) }, async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await snapshot(app.ctx, userId, parse(checkInSnapshotQuery, request.query)),
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

  app.get('/event/participant/checkIn/gates', async (request) => {
    const { userId } = await requireUser(request);
    return { success: true, data: await listGates(app.ctx, userId, parse(checkInListQuery, request.query)) };
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
