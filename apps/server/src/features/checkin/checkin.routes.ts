import {
  badgePrintedRequest,
  badgeQuery,
  CHECK_IN_RESPOND_ASYNC,
  type CheckInAnswer,
  checkInAreasQuery,
  checkInCommandQuery,
  checkInListQuery,
  checkInLookupQuery,
  checkInRequest,
  checkInSnapshotQuery,
  checkInSyncRequest,
  isCheckInCommand,
} from '@foyer/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../http/auth';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { checkInOnce, queueCheckIn, readCommand } from './checkin.command.service';
import { lookup, snapshot } from './checkin.lookup.service';
import { registerCheckInRooms } from './checkin.processor';
import { checkIn, getBadge, listAreas, listGates, listInside, markBadgePrinted } from './checkin.service';
import { pruneSyncAnswers, syncScans } from './checkin.sync.service';

const HOUR_MS = 60 * 60_000;

/** RFC 7240: `Prefer: respond-async` among the header's preferences. */
function prefersAsync(header: string | string[] | undefined): boolean {
  return (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .some((part) => part.split(';')[0]?.trim().toLowerCase() === CHECK_IN_RESPOND_ASYNC);
}

/** Staff check-in at the door and badges (E7.04, E3.34, E4.65), offline sync and the live room (issue 14). */
export const checkInRoutes: FastifyPluginAsync = async (app) => {
  registerCheckInRooms(app);
  app.scheduler.every('checkin-sync-prune', HOUR_MS, () => pruneSyncAnswers(app.ctx));

  // E4.77: a scan with a command id is applied once per device and id; `Prefer: respond-async`
  // answers 202 with the command and applies it after (checkin.command.service.ts).
  app.post('/event/participant/checkIn', { config: perMinute(600) }, async (request, reply) => {
    const { userId } = await requireUser(request);
    const input = parse(checkInRequest, request.body);
    let data: CheckInAnswer;
    if (prefersAsync(request.headers.prefer)) data = await queueCheckIn(app.ctx, userId, input, app.bus);
    else if (input.commandId)
      data = await checkInOnce(app.ctx, userId, { ...input, commandId: input.commandId }, app.bus);
    else data = await checkIn(app.ctx, userId, input, app.bus);
    if (isCheckInCommand(data)) {
      reply.code(data.executed ? 200 : 202);
      if (!data.executed) reply.header('preference-applied', CHECK_IN_RESPOND_ASYNC);
    }
    return { success: true, data };
  });

  app.get('/event/participant/checkIn/command', { config: perMinute(600) }, async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await readCommand(app.ctx, userId, parse(checkInCommandQuery, request.query)),
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
