import { z } from 'zod';
import { emptyRequest } from '../auth';
import { consoleEventParams, dashboardExportQuery, dashboardSchema } from '../organizer';
import { defineRoutes } from './route';

/** The organizer console's dashboard area (issue 12, part 7). */
export const organizerDashboardRoutes = defineRoutes('organizer', [
  {
    id: 'getDashboard',
    method: 'GET',
    path: '/organizer/event/:eventId/dashboard',
    summary:
      'Figures of the event: registrations, activity, meetings, session fill, check-ins, booths, polls',
    auth: 'user',
    params: consoleEventParams,
    query: emptyRequest,
    response: dashboardSchema,
  },
  {
    id: 'exportDashboardFigure',
    method: 'GET',
    path: '/organizer/event/:eventId/dashboard/export',
    summary: 'One dashboard figure as a CSV file',
    auth: 'user',
    params: consoleEventParams,
    query: dashboardExportQuery,
    response: z.string().describe('CSV'),
    produces: 'text/csv',
  },
]);
