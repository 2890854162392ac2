import { defineRoutes } from './route';

/** The organizer console's import area (issue 12). */
export const organizerImportRoutes = defineRoutes('organizer', []);
