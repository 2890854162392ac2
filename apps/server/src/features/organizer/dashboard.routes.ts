import { consoleEventParams, dashboardExportQuery, emptyRequest } from '@foyer/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../http/auth';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { exportDashboardFigure, getDashboard } from './dashboard.service';

/** The console's dashboard (issue 12, part 7): figures, and each one as a CSV file. */
export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  app.get('/organizer/event/:eventId/dashboard', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    parse(emptyRequest, request.query);
    return { success: true, data: await getDashboard(request.server.ctx, userId, eventId) };
  });

  app.get('/organizer/event/:eventId/dashboard/export', { config: perMinute(60) }, async (request, reply) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    const { figure } = parse(dashboardExportQuery, request.query);
    const file = await exportDashboardFigure(request.server.ctx, userId, eventId, figure);
    reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${file.filename}"`);
    return file.csv;
  });
};
