import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  addEmailRequest,
  confirmEmailRequest,
  deleteAccountRequest,
  ErrorCode,
  emptyRequest,
  removeEmailQuery,
  setPrimaryEmailRequest,
  updateProfileRequest,
} from '@foyer/contract';
import type { FastifyPluginAsync } from 'fastify';
import { optionalUser, requireUser, requireUserReadingOwnRow } from '../../http/auth';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { clearRefreshCookie } from '../auth/refresh-cookie';
import { deleteAccount } from './account.service';
import { addEmail, confirmEmail, listEmails, makePrimary, removeEmail } from './email.service';
import { UPLOADS_URL_PREFIX } from './photo';
import { getProfile, updateProfile } from './profile.service';

/** Account: profile, photo, notification preferences, device tokens, connected e-mails, deletion. */
const accountRoutes: FastifyPluginAsync = async (app) => {
  app.get('/user/profile', async (request) => {
    // getProfile reads the caller's row and answers 401 when the account is gone.
    const claims = await requireUserReadingOwnRow(request);
    parse(emptyRequest, request.query);
    return { success: true, data: await getProfile(app.ctx, claims) };
  });

  app.put('/user/profile', { config: perMinute(60) }, async (request) => {
    const claims = await requireUser(request);
    const input = parse(updateProfileRequest, request.body);
    // A7.42, A7.43: the person's other tabs and devices hear of it (in the change's transaction).
    return {
      success: true,
      data: await updateProfile({ ctx: app.ctx, realtime: app.realtime }, claims, input),
    };
  });

  app.get('/user/email', async (request) => {
    const claims = await requireUser(request);
    parse(emptyRequest, request.query);
    return { success: true, data: await listEmails(app.ctx, claims) };
  });

  app.post('/user/email', { config: perMinute(10) }, async (request) => {
    const claims = await requireUser(request);
    const input = parse(addEmailRequest, request.body);
    return { success: true, data: await addEmail(app.ctx, claims, input.email) };
  });

  app.post('/user/email/confirm', { config: perMinute(10) }, async (request) => {
    // Signed out (the mailed link) any account's code works; signed in, only the caller's own.
    const claims = await optionalUser(request);
    const input = parse(confirmEmailRequest, request.body);
    return { success: true, data: await confirmEmail(app.ctx, input, claims?.userId) };
  });

  app.post('/user/username', { config: perMinute(10) }, async (request) => {
    const claims = await requireUser(request);
    const input = parse(setPrimaryEmailRequest, request.body);
    return { success: true, data: await makePrimary(app.ctx, claims, input.username) };
  });

  app.delete('/user/email', { config: perMinute(30) }, async (request) => {
    const claims = await requireUser(request);
    const query = parse(removeEmailQuery, request.query);
    return { success: true, data: await removeEmail(app.ctx, claims, query.email) };
  });

  app.delete('/user', { config: perMinute(10) }, async (request, reply) => {
    const claims = await requireUser(request);
    const input = parse(deleteAccountRequest, request.body);
    await deleteAccount(app.ctx, app.realtime, claims, input.password);
    clearRefreshCookie(reply, app.ctx.config);
    return { success: true, data: null };
  });
};

/**
 * The account routes under the API prefix, plus the stored photos at /uploads/* (A7.46: the
 * client loads {host}/{profilePhotoPath}). Photo URLs live outside /api/v1, so this plugin opts
 * out of encapsulation to register at the root and applies the given prefix to its routes itself.
 */
export const userRoutes: FastifyPluginAsync<{ prefix?: string }> = async (app, options) => {
  await app.register(accountRoutes, { prefix: options.prefix ?? '' });
  const root = join(app.ctx.config.dataDir, 'uploads');
  mkdirSync(root, { recursive: true });
  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root,
        decorateReply: false, // the SPA's static plugin owns reply.sendFile
        index: false,
        list: false,
        dotfiles: 'deny',
        // Names are random and never reused, so a photo can be cached for good.
        maxAge: '365d',
        immutable: true,
      });
      // A missing photo is a 404, not the SPA's index page.
      scope.setNotFoundHandler((_request, reply) =>
        reply.status(404).send({ success: false, error: { code: ErrorCode.NotFound, msg: 'No such file' } }),
      );
    },
    { prefix: UPLOADS_URL_PREFIX.replace(/\/$/, '') },
  );
};
