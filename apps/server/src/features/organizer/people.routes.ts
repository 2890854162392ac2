import {
  acceptInvitationRequest,
  addParticipantsRequest,
  consoleEventParams,
  consoleParticipantParams,
  invitationParams,
  inviteParticipantRequest,
  participantAdminDetailsQuery,
  peopleBulkRequest,
  peopleExportQuery,
  peopleListQuery,
  updateConsoleParticipantRequest,
  XLSX_CONTENT_TYPE,
} from '@foyer/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import {
  acceptInvitation,
  addParticipants,
  getInvitation,
  type InvitationDeps,
  inviteParticipant,
} from './invitations.service';
import { bulkAction, exportPeople, getPersonForAdmin, listPeople, updatePerson } from './people.service';

const deps = (request: FastifyRequest): InvitationDeps => ({
  ctx: request.server.ctx,
  bus: request.server.bus,
});

/** The console's people area and invitations (issue 12, part 3). */
export const peopleRoutes: FastifyPluginAsync = async (app) => {
  app.get('/organizer/event/:eventId/participants', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    const query = parse(peopleListQuery, request.query);
    return { success: true, data: await listPeople(deps(request), userId, eventId, query) };
  });

  app.get(
    '/organizer/event/:eventId/participants/export',
    { config: perMinute(20) },
    async (request, reply) => {
      const { userId } = await requireUser(request);
      const { eventId } = parse(consoleEventParams, request.params);
      const query = parse(peopleExportQuery, request.query);
      const file = await exportPeople(deps(request), userId, eventId, query);
      reply.header('content-disposition', `attachment; filename="participants-${eventId}.${file.format}"`);
      if (file.format === 'xlsx') return reply.header('content-type', XLSX_CONTENT_TYPE).send(file.body);
      return reply.header('content-type', 'text/csv; charset=utf-8').send(`\uFEFF${file.body}`);
    },
  );

  app.post('/organizer/event/:eventId/participants/bulk', { config: perMinute(30) }, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    const input = parse(peopleBulkRequest, request.body);
    return { success: true, data: await bulkAction(deps(request), userId, eventId, input) };
  });

  app.put('/organizer/event/:eventId/participants/:participantId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, participantId } = parse(consoleParticipantParams, request.params);
    const input = parse(updateConsoleParticipantRequest, request.body);
    return { success: true, data: await updatePerson(deps(request), userId, eventId, participantId, input) };
  });

  app.get('/event/participant/adminDetails', async (request) => {
    const { userId } = await requireUser(request);
    const { id, eventId } = parse(participantAdminDetailsQuery, request.query);
    return { success: true, data: await getPersonForAdmin(deps(request), userId, eventId, id) };
  });

  app.post('/event/participant/invite', { config: perMinute(60) }, async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(inviteParticipantRequest, request.body);
    return { success: true, data: await inviteParticipant(deps(request), userId, input) };
  });

  app.post('/event/participant', { config: perMinute(30) }, async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(addParticipantsRequest, request.body);
    return { success: true, data: await addParticipants(deps(request), userId, input) };
  });

  app.get('/event/invitation/:token', { config: perMinute(30) }, async (request) => {
    const { token } = parse(invitationParams, request.params);
    return { success: true, data: await getInvitation(request.server.ctx, token) };
  });

  app.post('/event/invitation/accept', { config: perMinute(20) }, async (request) => {
    const { userId } = await requireUser(request);
    const { token } = parse(acceptInvitationRequest, request.body);
    return { success: true, data: await acceptInvitation(request.server.ctx, userId, { token }) };
  });
};
