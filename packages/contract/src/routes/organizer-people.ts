import { defineRoutes } from './route';

/** The organizer console's people area (issue 12). */
export const organizerPeopleRoutes = defineRoutes('organizer', []);
