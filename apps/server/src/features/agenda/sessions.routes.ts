import {
  agendaExportRequest,
  agendaQuery,
  calendarLinkRequest,
  emptyRequest,
  eventIdQuery,
  eventParams,
  sessionParams,
  sessionRoomQuery,
  sessionsListQuery,
  speakerParams,
} from '@foyer/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { requireUser, requireUserReadingOwnRow } from '../../http/auth';
import { nameBody } from '../../http/compression';
import { AppError } from '../../http/errors';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { getAgendaOf, getMyAgenda } from './agenda.service';
import { exportAgendaByMail } from './agenda-export.service';
import {
  agendaDownload,
  calendarFeed,
  calendarLink,
  FEED_TOKEN_PATTERN,
  sessionDownload,
} from './calendar.service';
import { sessionRoom } from './room.service';
import { createSessionPageCache } from './sessions.cache';
import { listSessionsJson } from './sessions.list';
import { getSession, listSessionRequests, sessionFacets } from './sessions.service';
import { getSpeaker, listSpeakers } from './speakers.service';

function sendCalendar(reply: FastifyReply, body: string, download: string | null) {
  reply
    .type('text/calendar; charset=utf-8')
    // A feed must always show the current agenda; never let a cache hold an old copy.
    .header('cache-control', 'no-store');
  if (download) reply.header('content-disposition', `attachment; filename="${download}"`);
  return reply.send(body);
}

/** Reading sessions, speakers and the agenda; calendar link, feed and downloads. */
export const sessionsRoutes: FastifyPluginAsync = async (app) => {
  // This app's (process's) shared list pages; always on: versions keep them exact (sessions.cache.ts).
  const pages = createSessionPageCache();

  app.get('/event/:eventId/sessions', async (request, reply) => {
    // The list's one query answers 401 for a deleted account (sessions.list.ts).
    const { userId } = await requireUserReadingOwnRow(request);
    const { eventId } = parse(eventParams, request.params);
    const query = parse(sessionsListQuery, request.query);
    // The envelope is built as JSON already (sessions.list.ts): the same bytes, less work.
    const { json, name } = await listSessionsJson(app.ctx, userId, eventId, query, pages);
    return nameBody(reply, name).type('application/json; charset=utf-8').send(json);
  });

  app.get('/event/:eventId/sessions/facets', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(eventParams, request.params);
    parse(emptyRequest, request.query);
    return { success: true, data: await sessionFacets(app.ctx, userId, eventId) };
  });

  app.get('/event/:eventId/sessions/:sessionId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, sessionId } = parse(sessionParams, request.params);
    parse(emptyRequest, request.query);
    return { success: true, data: await getSession(app.ctx, userId, eventId, sessionId) };
  });

  app.get('/event/:eventId/sessions/:sessionId/requests', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, sessionId } = parse(sessionParams, request.params);
    parse(emptyRequest, request.query);
    return { success: true, data: await listSessionRequests(app.ctx, userId, eventId, sessionId) };
  });

  app.get('/event/:eventId/sessions/:sessionId/room', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, sessionId } = parse(sessionParams, request.params);
    const query = parse(sessionRoomQuery, request.query);
    return { success: true, data: await sessionRoom(app.ctx, userId, eventId, sessionId, query) };
  });

  app.get('/event/:eventId/sessions/:sessionId/calendar.ics', async (request, reply) => {
    const { userId } = await requireUser(request);
    const { eventId, sessionId } = parse(sessionParams, request.params);
    parse(emptyRequest, request.query);
    const { filename, body } = await sessionDownload(app.ctx, userId, eventId, sessionId);
    return sendCalendar(reply, body, filename);
  });

  app.get('/event/:eventId/speakers', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(eventParams, request.params);
    parse(emptyRequest, request.query);
    return { success: true, data: await listSpeakers(app.ctx, userId, eventId) };
  });

  app.get('/event/:eventId/speakers/:speakerId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, speakerId } = parse(speakerParams, request.params);
    parse(emptyRequest, request.query);
    return { success: true, data: await getSpeaker(app.ctx, userId, eventId, speakerId) };
  });

  app.get('/event/agenda', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, participantId } = parse(agendaQuery, request.query);
    if (eventId !== undefined && participantId !== undefined) {
      return { success: true, data: await getAgendaOf(app.ctx, userId, eventId, participantId) };
    }
    return { success: true, data: await getMyAgenda(app.ctx, userId, eventId) };
  });

  app.post('/event/agenda/export', { config: perMinute(10) }, async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(agendaExportRequest, request.body);
    return { success: true, data: await exportAgendaByMail(app.ctx, app.bus, userId, input) };
  });

  app.post('/event/participant/calendar', { config: perMinute(30) }, async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(calendarLinkRequest, request.body);
    return { success: true, data: await calendarLink(app.ctx, userId, input) };
  });

  app.get('/event/participant/calendar', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(eventIdQuery, request.query);
    return { success: true, data: await calendarLink(app.ctx, userId, { eventId }) };
  });

  app.get('/event/participant/calendar.ics', async (request, reply) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(eventIdQuery, request.query);
    const { filename, body } = await agendaDownload(app.ctx, userId, eventId);
    return sendCalendar(reply, body, filename);
  });

  // Public: calendar apps cannot send a bearer token; the secret is the URL itself.
  app.get('/calendar/:file', { config: perMinute(120) }, async (request, reply) => {
    const { file } = request.params as { file: string };
    const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
    if (!FEED_TOKEN_PATTERN.test(token)) throw AppError.notFound('Calendar not found');
    return sendCalendar(reply, await calendarFeed(app.ctx, token), null);
  });
};
