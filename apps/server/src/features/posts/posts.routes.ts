import { createPostRequest, deletePostQuery, postsQuery, updatePostRequest } from '@foyer/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import {
  createPost,
  deletePost,
  listAnnouncements,
  type PostDeps,
  publishDueAnnouncements,
  updatePost,
} from './posts.service';

const deps = (request: FastifyRequest): PostDeps => ({
  ctx: request.server.ctx,
  realtime: request.server.realtime,
});

const DUE_CHECK_MS = 30_000;

/** Announcements and comments (E7.41–E7.44); live on newEvents/{eventId}. */
export const postRoutes: FastifyPluginAsync = async (app) => {
  app.get('/event/post', async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await listAnnouncements(deps(request), userId, parse(postsQuery, request.query)),
    };
  });

  app.post('/event/post', async (request) => {
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

  // Scheduled announcements (postAt) go out on time even when nobody lists them.
  if (app.ctx.config.env !== 'test') {
    const scheduled = { ctx: app.ctx, realtime: app.realtime };
    const timer = setInterval(() => {
      publishDueAnnouncements(scheduled).catch((err: unknown) =>
        app.log.error({ err }, 'scheduled announcements failed'),
      );
    }, DUE_CHECK_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
};
