import {
  AgendaErrorCode,
  addToSessionRequest,
  joinSessionRequest,
  participantOffDeleteRequest,
  participantOffRequest,
  scheduleLeaveRequest,
  sessionActionRequest,
  sessionRequestDecision,
} from '@foyer/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth';
import { AppError } from '../../http/errors';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { agendaEvents } from './agenda.events';
import { createOffTime, removeOffTime } from './agenda.service';
import {
  addToSession,
  checkInSession,
  decideSessionRequest,
  joinSession,
  leaveSession,
  pingSession,
  type ScheduleDeps,
} from './schedule.service';
import { runDelegates } from './schedule-delegates';

const field = (body: unknown, key: string): unknown =>
  body && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)[key]
    : undefined;

/** DELETE may carry its fields in a JSON body or, as most clients send DELETE, in the query. */
const deleteInput = (request: FastifyRequest) =>
  request.body && typeof request.body === 'object' && Object.keys(request.body).length > 0
    ? request.body
    : request.query;

/** The schedule calls of E7 that concern sessions and the agenda (E7.08, E7.10, E7.13–E7.15, E7.24, E7.25). */
export const scheduleRoutes: FastifyPluginAsync = async (app) => {
  const deps = (request: FastifyRequest): ScheduleDeps => ({
    events: agendaEvents(app),
    bus: app.bus,
    log: request.log,
  });

  app.post('/event/schedule/join', async (request) => {
    const { userId } = await requireUser(request);
    const delegated = await runDelegates('join', request);
    if (delegated.handled) return { success: true, data: delegated.data };
    if (field(request.body, 'toType') === 'participant') {
      throw new AppError(501, AgendaErrorCode.NotImplemented, 'Meeting invitations are not available yet');
    }
    const input = parse(joinSessionRequest, request.body);
    return { success: true, data: await joinSession(app.ctx, deps(request), userId, input) };
  });

  app.post('/event/schedule/leave', async (request) => {
    const { userId } = await requireUser(request);
    const delegated = await runDelegates('leave', request);
    if (delegated.handled) return { success: true, data: delegated.data };
    const input = parse(scheduleLeaveRequest, request.body);
    return { success: true, data: await leaveSession(app.ctx, deps(request), userId, input) };
  });

  app.post('/event/schedule/addToSession', async (request) => {
    const { userId } = await requireUser(request);
    const delegated = await runDelegates('addToSession', request);
    if (delegated.handled) return { success: true, data: delegated.data };
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
