import { agendaRoutes } from './agenda';
import { authRoutes, registrationRoutes } from './auth';
import { badgeRoutes } from './badges';
import { boothRoutes } from './booths';
import { chatRoutes } from './chat';
import { checkInRoutes } from './checkin';
import { contactRoutes } from './contacts';
import { eventRoutes } from './event';
import { leadRoutes } from './leads';
import { lobbyRoutes, notificationRoutes, pollRoutes, postRoutes, presenceRoutes } from './live';
import { meetingRoutes } from './meetings';
import { organizerEventRoutes } from './organizer';
import { organizerDashboardRoutes } from './organizer-dashboard';
import { organizerExhibitorsRoutes } from './organizer-exhibitors';
import { organizerImportRoutes } from './organizer-import';
import { organizerIntegrationsRoutes } from './organizer-integrations';
import { organizerPeopleRoutes } from './organizer-people';
import { organizerProgrammeRoutes } from './organizer-programme';
import { organizerTypesRoutes } from './organizer-types';
import { participantRoutes } from './participants';
import type { ApiRoute } from './route';
import { systemRoutes } from './system';
import { ticketRoutes } from './ticket';
import { userRoutes } from './user';

export type { ApiRoute, HttpMethod, RouteAuth } from './route';
export { noDataSchema } from './route';

/** Every route under /api/v1 (GET /api/v1/openapi.json and GET /api/docs document themselves). */
export const apiRoutes: readonly ApiRoute[] = [
  ...systemRoutes,
  ...authRoutes,
  ...registrationRoutes,
  ...userRoutes,
  ...eventRoutes,
  ...participantRoutes,
  ...meetingRoutes,
  ...agendaRoutes,
  ...boothRoutes,
  ...leadRoutes,
  ...chatRoutes,
  ...lobbyRoutes,
  ...postRoutes,
  ...pollRoutes,
  ...notificationRoutes,
  ...presenceRoutes,
  ...contactRoutes,
  ...checkInRoutes,
  ...badgeRoutes,
  ...ticketRoutes,
  ...organizerEventRoutes,
  ...organizerProgrammeRoutes,
  ...organizerPeopleRoutes,
  ...organizerImportRoutes,
  ...organizerDashboardRoutes,
  ...organizerTypesRoutes,
  ...organizerExhibitorsRoutes,
  ...organizerIntegrationsRoutes,
];
