import {
  markAllNotificationsReadRequest,
  markAsSeenRequest,
  markNotificationsReadRequest,
  markNotificationsSeenRequest,
  notificationsQuery,
} from '@foyer/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationsRead,
  markNotificationsSeen,
  markSeenInEvent,
  type NotificationDeps,
  notificationCounts,
} from './notifications.service';

const deps = (request: FastifyRequest): NotificationDeps => ({
  ctx: request.server.ctx,
  realtime: request.server.realtime,
});

/** The notifications drawer and page (A4.35–A4.38, A9.37–A9.39) (their processor: notifications.processor.ts). */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  app.get('/notifications', async (request) => {
    const { userId } = await requireUser(request);
    const query = parse(notificationsQuery, request.query);
    return { success: true, data: await listNotifications(request.server.ctx, userId, query) };
  });

  app.get('/notifications/counts', async (request) => {
    const { userId } = await requireUser(request);
    return { success: true, data: await notificationCounts(request.server.ctx, userId) };
  });

  app.post('/notifications/read', async (request) => {
    const { userId } = await requireUser(request);
    const { ids } = parse(markNotificationsReadRequest, request.body);
    return { success: true, data: await markNotificationsRead(deps(request), userId, ids) };
  });

  app.post('/notifications/read-all', async (request) => {
    const { userId } = await requireUser(request);
    parse(markAllNotificationsReadRequest, request.body);
    return { success: true, data: await markAllNotificationsRead(deps(request), userId) };
  });

  app.post('/notifications/seen', async (request) => {
    const { userId } = await requireUser(request);
    const { until } = parse(markNotificationsSeenRequest, request.body);
    return { success: true, data: await markNotificationsSeen(deps(request), userId, until) };
  });

  app.post('/event/markAsSeen', async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(markAsSeenRequest, request.body);
    return { success: true, data: await markSeenInEvent(deps(request), userId, input) };
  });
};
