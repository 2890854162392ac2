import { defineRoutes } from './route';

/** The organizer console's programme area (issue 12). */
export const organizerProgrammeRoutes = defineRoutes('organizer', []);
