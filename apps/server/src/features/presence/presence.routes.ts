import { emptyRequest, eventIdParams, presenceRequest } from '@foyer/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../http/auth';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { confirmPresence, getPresence } from './presence.service';

/** Presence confirmation on hybrid events (A4.41–A4.45). */
export const presenceRoutes: FastifyPluginAsync = async (app) => {
  app.get('/event/:eventId/presence', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(eventIdParams, request.params);
    parse(emptyRequest, request.query);
    return { success: true, data: await getPresence(app.ctx, userId, eventId) };
  });

  app.put('/event/:eventId/presence', { config: perMinute(30) }, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(eventIdParams, request.params);
    const { present } = parse(presenceRequest, request.body);
    return { success: true, data: await confirmPresence(app.ctx, userId, eventId, present) };
  });
};
