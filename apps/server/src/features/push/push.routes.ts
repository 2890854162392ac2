import {
  emptyRequest,
  type PushSettings,
  type PushTopic,
  pushMuteRequest,
  pushSubscriptionRequest,
  pushTopics,
  pushUnsubscribeQuery,
} from '@foyer/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import { requireUser } from '../../http/auth';
import { AppError } from '../../http/errors';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { PUSH_TTL_SECONDS } from '../../push/push';
import { assertLiveSession, assertNotActing } from '../auth/session.service';
import { findUserById } from '../user/user.service';
import * as repo from './push.repository';

const HOUR_MS = 60 * 60 * 1000;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The server posts to a subscription's endpoint, so it must be a push service, not any address a
 * caller names (the server's own network included): https to a known push service's host, or
 * outside production a push service on loopback (tests, a local one).
 */
export function isPushServiceEndpoint(
  endpoint: string,
  config: Pick<Config, 'env' | 'pushServiceHosts'>,
): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (config.env !== 'production' && LOOPBACK.has(host))
    return url.protocol === 'http:' || url.protocol === 'https:';
  if (url.protocol !== 'https:') return false;
  return config.pushServiceHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

const known = (topics: string[]): PushTopic[] => pushTopics.filter((topic) => topics.includes(topic));

/** Web Push (issue 15): the key to subscribe with, this browser's subscription, muted topics. */
export const pushRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const settings = async (userId: number): Promise<PushSettings> => ({
    publicKey: ctx.config.vapid.publicKey,
    muted: known(await repo.mutedTopics(ctx.db, userId)),
  });

  app.get('/user/push', async (request) => {
    const claims = await requireUser(request);
    parse(emptyRequest, request.query);
    return { success: true, data: await settings(claims.userId) };
  });

  app.put('/user/push', { config: perMinute(60) }, async (request) => {
    const claims = await requireUser(request);
    assertNotActing(claims); // A6.08: the person's own settings, not a super user's acting as them
    const input = parse(pushMuteRequest, request.body);
    await repo.setMutedTopics(ctx.db, claims.userId, known(input.muted));
    return { success: true, data: await settings(claims.userId) };
  });

  app.put('/user/push/subscription', { config: perMinute(30) }, async (request) => {
    const claims = await requireUser(request);
    // A6.08: a browser subscribed while a super user acts as the person would be the super user's,
    // and would go on receiving the person's private pushes after acting ends.
    assertNotActing(claims);
    const input = parse(pushSubscriptionRequest, request.body);
    if (!isPushServiceEndpoint(input.endpoint, ctx.config)) {
      throw AppError.badRequest('endpoint: This browser’s push subscription is not valid', {
        endpoint: 'validation.error.push',
      });
    }
    await ctx.db.transaction().execute(async (trx) => {
      // A subscription outlives the request: the access token's session must still be live, or a
      // thief's token ended by a password change or a logout would keep the person's pushes coming
      // to their browser. Checked after the account's row, which a password change holds while it
      // ends the sessions (a deleted account has none: 401).
      if (!(await findUserById(trx, claims.userId, 'share'))) throw AppError.unauthenticated();
      await assertLiveSession(trx, claims, ctx.now());
      await repo.saveSubscription(trx, {
        userId: claims.userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        language: input.language ?? 'en',
      });
    });
    return { success: true, data: null };
  });

  app.delete('/user/push/subscription', { config: perMinute(30) }, async (request) => {
    const claims = await requireUser(request);
    const query = parse(pushUnsubscribeQuery, request.query);
    await repo.deleteSubscription(ctx.db, claims.userId, query.endpoint);
    return { success: true, data: null };
  });

  // The keys of pushes sent longer ago than a push lives cannot be retried any more.
  app.scheduler.every('push-sent-cleanup', HOUR_MS, () =>
    repo.forgetSentBefore(ctx.db, new Date(Date.now() - 2 * PUSH_TTL_SECONDS * 1000)),
  );
};
