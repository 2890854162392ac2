import { defineRoutes } from './route';

/** The organizer console's dashboard area (issue 12). */
export const organizerDashboardRoutes = defineRoutes('organizer', []);
