import { lobbyQuery } from '@foyer/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { getLobby } from './lobby.service';

/** The lobby tab (A2.26). */
export const lobbyRoutes: FastifyPluginAsync = async (app) => {
  app.get('/event/lobby', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(lobbyQuery, request.query);
    const deps = { ctx: request.server.ctx, realtime: request.server.realtime, bus: request.server.bus };
    return { success: true, data: await getLobby(deps, userId, eventId) };
  });
};
