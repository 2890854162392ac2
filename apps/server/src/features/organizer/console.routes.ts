import type { FastifyPluginAsync } from 'fastify';
import { dashboardRoutes } from './dashboard.routes';
import { eventSetupRoutes } from './events.routes';
import { exhibitorsRoutes } from './exhibitors.routes';
import { importRoutes } from './import.routes';
import { integrationsRoutes } from './integrations.routes';
import { peopleRoutes } from './people.routes';
import { programmeRoutes } from './programme.routes';
import { typesRoutes } from './types.routes';
import { venueMapRoutes } from './venue-map.routes';

/**
 * The organizer console (issue 12): set up, fill and run an event. Each area is its own plugin and
 * file set (events, programme, people, import, dashboard); every route authorizes through
 * `requireConsole` (organizer.access.ts).
 */
export const organizerRoutes: FastifyPluginAsync = async (app) => {
  await app.register(eventSetupRoutes);
  await app.register(programmeRoutes);
  await app.register(peopleRoutes);
  await app.register(importRoutes);
  await app.register(dashboardRoutes);
  await app.register(typesRoutes);
  await app.register(exhibitorsRoutes);
  await app.register(integrationsRoutes);
  await app.register(venueMapRoutes);
};
