import {
  addMemberRequest,
  boothDetailsQuery,
  boothListQuery,
  boothParams,
  confirmMemberRequest,
  memberCandidatesQuery,
  memberListQuery,
  RoomPattern,
  removeMemberQuery,
  tableRequest,
  updateBoothRequest,
  updateMemberRequest,
  uploadBoothDocumentRequest,
  uploadBoothImageRequest,
} from '@foyer/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import type { RoomPolicy } from '../../realtime/realtime.policy';
import { findParticipation } from '../access/event-access';
import { sweepBoothDocuments } from './booths.documents';
import {
  type BoothEditDeps,
  getBooth,
  listBooths,
  updateBooth,
  uploadBoothDocument,
  uploadBoothImage,
} from './booths.service';
import { leadRoutes } from './leads.routes';
import { recordBoothVisit } from './leads.service';
import {
  addMember,
  type BoothDeps,
  confirmMembership,
  listMembers,
  memberCandidates,
  removeMember,
  updateMember,
} from './members.service';
import { tableEventOf } from './tables.repository';
import { joinTable, leaveTable, tableHeartbeat } from './tables.service';

/** The largest body POST /event/booth/document/file reads (A5.42). */
export const BOOTH_DOCUMENT_BODY_LIMIT = 8 * 1024 * 1024;

/** How often files no booth lists are looked for (sweepBoothDocuments). */
const DOCUMENT_SWEEP_EVERY_MS = 60 * 60_000;

const deps = (request: FastifyRequest): BoothDeps & BoothEditDeps => ({
  ctx: request.server.ctx,
  realtime: request.server.realtime,
});

/** videoRooms/{roomId}/participantState (E7.87): the people of the popup table's event. */
export const tableRoomPolicy: RoomPolicy = async (userId, params, db) => {
  const roomId = params.roomId ?? '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(roomId)) return false;
  const eventId = await tableEventOf(db, roomId);
  return eventId !== null && (await findParticipation(db, eventId, userId)) !== undefined;
};

function registerTableRooms(app: FastifyInstance): void {
  const realtime = (app as { realtime?: FastifyInstance['realtime'] }).realtime;
  if (realtime && !realtime.hasRoomPolicy(RoomPattern.VideoRoomParticipantState)) {
    realtime.registerRoomPolicy(RoomPattern.VideoRoomParticipantState, tableRoomPolicy);
  }
}

/** Exhibitor booths and their teams (E7.34–E7.40). */
export const boothRoutes: FastifyPluginAsync = async (app) => {
  registerTableRooms(app);
  app.scheduler.every('booth-document-sweep', DOCUMENT_SWEEP_EVERY_MS, () =>
    sweepBoothDocuments(app.ctx.db, app.ctx.config.dataDir, app.ctx.now()),
  );

  app.get('/event/booth', async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await listBooths(request.server.ctx, userId, parse(boothListQuery, request.query)),
    };
  });

  app.get('/event/booth/:boothId', async (request) => {
    const { userId } = await requireUser(request);
    const { boothId } = parse(boothParams, request.params);
    const { eventId } = parse(boothDetailsQuery, request.query);
    const booth = await getBooth(request.server.ctx, userId, eventId, boothId);
    await recordBoothVisit(request.server.ctx, userId, eventId, boothId); // the booth report's visitors
    return { success: true, data: booth };
  });

  // E2.56, E7.87: a booth's popup meeting tables; a seat is kept by heartbeats (A9.35). No per-IP
  // limit: a venue's attendees share one address, and each sends a heartbeat every 25 s.
  app.post('/event/booth/table/join', async (request) => {
    const { userId } = await requireUser(request);
    return { success: true, data: await joinTable(deps(request), userId, parse(tableRequest, request.body)) };
  });

  app.post('/event/booth/table/heartbeat', async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(tableRequest, request.body);
    return { success: true, data: await tableHeartbeat(deps(request), userId, input) };
  });

  app.post('/event/booth/table/leave', async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await leaveTable(deps(request), userId, parse(tableRequest, request.body)),
    };
  });

  app.put('/event/booth', async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await updateBooth(deps(request), userId, parse(updateBoothRequest, request.body)),
    };
  });

  app.post('/event/booth/image', { config: perMinute(30) }, async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(uploadBoothImageRequest, request.body);
    return { success: true, data: await uploadBoothImage(deps(request), userId, input) };
  });

  // A5.42: a 5,000,000-byte file is 6.7 MB in base64. Bodies up to 8 MB are read so that a file a
  // little over the limit gets the clear message (expo.form.error.attachmentSize), not a bare 413.
  app.post(
    '/event/booth/document/file',
    { config: perMinute(30), bodyLimit: BOOTH_DOCUMENT_BODY_LIMIT },
    async (request) => {
      const { userId } = await requireUser(request);
      const input = parse(uploadBoothDocumentRequest, request.body);
      return { success: true, data: await uploadBoothDocument(request.server.ctx, userId, input) };
    },
  );

  app.get('/event/member', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(memberListQuery, request.query);
    return { success: true, data: await listMembers(request.server.ctx, userId, eventId) };
  });

  app.get('/event/member/candidates', async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(memberCandidatesQuery, request.query);
    return {
      success: true,
      data: await memberCandidates(request.server.ctx, request.server.searchCache, userId, input),
    };
  });

  app.post('/event/member', async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await addMember(deps(request), userId, parse(addMemberRequest, request.body)),
    };
  });

  app.put('/event/member', async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await updateMember(deps(request), userId, parse(updateMemberRequest, request.body)),
    };
  });

  app.delete('/event/member', async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await removeMember(deps(request), userId, parse(removeMemberQuery, request.query)),
    };
  });

  leadRoutes(app);

  app.post('/event/member/confirm', async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(confirmMemberRequest, request.body);
    return { success: true, data: await confirmMembership(deps(request), userId, input) };
  });
};
