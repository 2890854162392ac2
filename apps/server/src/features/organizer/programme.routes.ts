import {
  meetingSlotsRequest,
  programmeParams,
  programmeRoomRequest,
  programmeSessionParams,
  programmeSessionRequest,
  programmeTrackRequest,
  roomParams,
  trackParams,
} from '@foyer/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../http/auth';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import {
  createRoom,
  createTrack,
  deleteRoom,
  deleteTrack,
  generateMeetingSlots,
  getProgramme,
  updateRoom,
  updateTrack,
} from './programme.service';
import { createSession, deleteSession, programmeDeps, updateSession } from './programme-sessions.service';

/** The console's programme area (issue 12, part 2): rooms, tracks, sessions, meeting slots. */
export const programmeRoutes: FastifyPluginAsync = async (app) => {
  app.get('/organizer/event/:eventId/programme', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(programmeParams, request.params);
    return { success: true, data: await getProgramme(request.server.ctx, userId, eventId) };
  });

  app.post('/organizer/event/:eventId/rooms', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(programmeParams, request.params);
    const input = parse(programmeRoomRequest, request.body);
    return { success: true, data: await createRoom(request.server.ctx, userId, eventId, input) };
  });

  app.put('/organizer/event/:eventId/rooms/:roomId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, roomId } = parse(roomParams, request.params);
    const input = parse(programmeRoomRequest, request.body);
    return { success: true, data: await updateRoom(request.server.ctx, userId, eventId, roomId, input) };
  });

  app.delete('/organizer/event/:eventId/rooms/:roomId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, roomId } = parse(roomParams, request.params);
    return { success: true, data: await deleteRoom(request.server.ctx, userId, eventId, roomId) };
  });

  app.post('/organizer/event/:eventId/tracks', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(programmeParams, request.params);
    const input = parse(programmeTrackRequest, request.body);
    return { success: true, data: await createTrack(request.server.ctx, userId, eventId, input) };
  });

  app.put('/organizer/event/:eventId/tracks/:trackId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, trackId } = parse(trackParams, request.params);
    const input = parse(programmeTrackRequest, request.body);
    return { success: true, data: await updateTrack(request.server.ctx, userId, eventId, trackId, input) };
  });

  app.delete('/organizer/event/:eventId/tracks/:trackId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, trackId } = parse(trackParams, request.params);
    return { success: true, data: await deleteTrack(request.server.ctx, userId, eventId, trackId) };
  });

  app.post('/organizer/event/:eventId/sessions', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(programmeParams, request.params);
    const input = parse(programmeSessionRequest, request.body);
    return {
      success: true,
      data: await createSession(programmeDeps(request.server), userId, eventId, input),
    };
  });

  app.put('/organizer/event/:eventId/sessions/:sessionId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, sessionId } = parse(programmeSessionParams, request.params);
    const input = parse(programmeSessionRequest, request.body);
    return {
      success: true,
      data: await updateSession(programmeDeps(request.server), userId, eventId, sessionId, input),
    };
  });

  app.delete('/organizer/event/:eventId/sessions/:sessionId', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId, sessionId } = parse(programmeSessionParams, request.params);
    return {
      success: true,
      data: await deleteSession(programmeDeps(request.server), userId, eventId, sessionId),
    };
  });

  app.post('/organizer/event/:eventId/meeting-slots', { config: perMinute(20) }, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(programmeParams, request.params);
    const input = parse(meetingSlotsRequest, request.body);
    return { success: true, data: await generateMeetingSlots(request.server.ctx, userId, eventId, input) };
  });
};
