import {
  createPostRequest,
  deletePostQuery,
  hidePostRequest,
  postsQuery,
  updatePostRequest,
} from '@foyer/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import type { PostDeps } from './posts.events';
import { deletePost, hidePost } from './posts.removal';
import { forgetAnnouncementWritesBefore } from './posts.repository';
import { createPost, listAnnouncements, publishDueAnnouncements, updatePost } from './posts.service';

const deps = (request: FastifyRequest): PostDeps => ({
  ctx: request.server.ctx,
  realtime: request.server.realtime,
  bus: request.server.bus,
});

const DUE_CHECK_MS = 30_000;
const POST_REQUESTS_PER_MINUTE = 300;

/** Announcements and comments (E7.41–E7.44); live on newEvents/{eventId}. */
export const postRoutes: FastifyPluginAsync = async (app) => {
  app.get('/event/post', async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await listAnnouncements(deps(request), userId, parse(postsQuery, request.query)),
    };
  });

  // Per address, a flood guard only: a venue's attendees may share one. Each participant's cap on
  // announcements is counted per person in the service (E1.08).
  app.post('/event/post', { config: perMinute(POST_REQUESTS_PER_MINUTE) }, async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await createPost(deps(request), userId, parse(createPostRequest, request.body)),
    };
  });

  app.put('/event/post', async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await updatePost(deps(request), userId, parse(updatePostRequest, request.body)),
    };
  });

  app.delete('/event/post', async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await deletePost(deps(request), userId, parse(deletePostQuery, request.query)),
    };
  });

  app.post('/event/post/hide', async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await hidePost(deps(request), userId, parse(hidePostRequest, request.body)),
    };
  });

  // Scheduled announcements (postAt) go out on time even when nobody lists them.
  app.scheduler.every('scheduled-announcements', DUE_CHECK_MS, () =>
    publishDueAnnouncements({ ctx: app.ctx, realtime: app.realtime, bus: app.bus }),
  );
  // The posting cap looks back an hour: older writes count for nothing.
  app.scheduler.every('announcement-writes-cleanup', HOUR_MS, () =>
    forgetAnnouncementWritesBefore(app.ctx.db, new Date(app.ctx.now().getTime() - HOUR_MS)),
  );
};

const HOUR_MS = 60 * 60 * 1000;
