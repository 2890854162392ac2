import {
  participantDetailsQuery,
  participantIdParams,
  participantTagRequest,
  recommendationsQuery,
  search2Request,
  updateEventProfileRequest,
} from '@foyer/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import {
  getOwnProfile,
  getParticipant,
  getWizard,
  listViewed,
  setParticipantTag,
  updateOwnProfile,
} from './participants.service';
import { recommendPeople } from './recommend.service';
import { search2Json } from './search.service';

const deps = (request: FastifyRequest) => ({
  ctx: request.server.ctx,
  realtime: request.server.realtime,
  searchCache: request.server.searchCache,
});

/** Attendee directory and the caller's own event profile (E7.28, E7.32). */
export const participantRoutes: FastifyPluginAsync = async (app) => {
  app.post('/event/participant/search2', async (request, reply) => {
    const { userId } = await requireUser(request);
    const input = parse(search2Request, request.body);
    // The answer is made as JSON already (search.service.ts): the envelope around it.
    const data = await search2Json(request.server.ctx, request.server.searchCache, userId, input);
    return reply.type('application/json; charset=utf-8').send(`{"success":true,"data":${data}}`);
  });

  app.get('/event/participant/me', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(participantDetailsQuery, request.query);
    return { success: true, data: await getOwnProfile(request.server.ctx, userId, eventId) };
  });

  app.put('/event/participant', async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(updateEventProfileRequest, request.body);
    return { success: true, data: await updateOwnProfile(request.server.ctx, userId, input) };
  });

  app.get('/event/participant/wizard', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(participantDetailsQuery, request.query);
    return { success: true, data: await getWizard(request.server.ctx, userId, eventId) };
  });

  app.post('/event/participant/tag', async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(participantTagRequest, request.body);
    return { success: true, data: await setParticipantTag(deps(request), userId, input) };
  });

  app.get('/event/participant/viewed', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(participantDetailsQuery, request.query);
    return { success: true, data: await listViewed(request.server.ctx, userId, eventId) };
  });

  app.get('/event/participant/recommendations', async (request) => {
    const { userId } = await requireUser(request);
    const query = parse(recommendationsQuery, request.query);
    return { success: true, data: await recommendPeople(request.server.ctx, userId, query) };
  });

  app.get('/event/participant/:participantId', async (request) => {
    const { userId } = await requireUser(request);
    const { participantId } = parse(participantIdParams, request.params);
    const { eventId } = parse(participantDetailsQuery, request.query);
    return { success: true, data: await getParticipant(request.server.ctx, userId, eventId, participantId) };
  });
};
