import {
  addToSessionRequest,
  participantOffDeleteRequest,
  participantOffRequest,
  sessionActionRequest,
  sessionRequestDecision,
} from '@foyer/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { agendaEvents } from './agenda.events';
import { createOffTime, removeOffTime } from './agenda.service';
import {
  addToSession,
  checkInSession,
  decideSessionRequest,
  pingSession,
  scheduleDeps,
} from './schedule.service';

/** DELETE may carry its fields in a JSON body or, as most clients send DELETE, in the query. */
const deleteInput = (request: FastifyRequest) =>
  request.body && typeof request.body === 'object' && Object.keys(request.body).length > 0
    ? request.body
    : request.query;

/**
 * The schedule calls of E7 that concern only sessions and the agenda (E7.13–E7.15, E7.24, E7.25).
 * /event/schedule/join and /leave serve sessions and 1:1 meetings alike: meetings/schedule.routes.ts.
 */
export const scheduleRoutes: FastifyPluginAsync = async (app) => {
  const deps = (request: FastifyRequest) => scheduleDeps(app, request.log);

  app.post('/event/schedule/addToSession', async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(addToSessionRequest, request.body);
    return { success: true, data: await addToSession(app.ctx, deps(request), userId, input) };
  });

  app.post('/event/schedule/ping', { config: perMinute(30) }, async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(sessionActionRequest, request.body);
    return { success: true, data: await pingSession(app.ctx, deps(request), userId, input) };
  });

  app.post('/event/schedule/checkIn', async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(sessionActionRequest, request.body);
    return { success: true, data: await checkInSession(app.ctx, deps(request), userId, input) };
  });

  app.post('/event/schedule/sessionRequest', async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(sessionRequestDecision, request.body);
    return { success: true, data: await decideSessionRequest(app.ctx, deps(request), userId, input) };
  });

  app.post('/event/schedule/participantOff', { config: perMinute(60) }, async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(participantOffRequest, request.body);
    return { success: true, data: await createOffTime(app.ctx, agendaEvents(app), userId, input) };
  });

  app.delete('/event/schedule/participantOff', { config: perMinute(60) }, async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(participantOffDeleteRequest, deleteInput(request));
    return { success: true, data: await removeOffTime(app.ctx, agendaEvents(app), userId, input) };
  });
};
