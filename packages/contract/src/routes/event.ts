import { emptyRequest } from '../auth';
import {
  domainLabelParams,
  domainLookupResultSchema,
  eventDetailsQuery,
  eventDetailsSchema,
  eventIdParams,
  eventListQuery,
  eventListResultSchema,
} from '../event';
import { defineRoutes } from './route';

/** Events: my list, one event's area, and the public page of an event by id or domain label. */
export const eventRoutes = defineRoutes('event', [
  {
    id: 'listEvents',
    method: 'GET',
    path: '/event',
    summary: 'My events (upcoming and past)',
    auth: 'user',
    query: eventListQuery,
    response: eventListResultSchema,
  },
  {
    id: 'getEvent',
    method: 'GET',
    path: '/event/:eventId',
    summary: 'An event with my rights in it; attendEvent=true joins an open event',
    auth: 'user',
    params: eventIdParams,
    query: eventDetailsQuery,
    response: eventDetailsSchema,
  },
  {
    id: 'getPublicEvent',
    method: 'GET',
    path: '/event/:eventId/public',
    summary: "An event's public page (branding, registration form)",
    auth: 'none',
    params: eventIdParams,
    query: emptyRequest,
    response: domainLookupResultSchema,
  },
  {
    id: 'getEventByDomain',
    method: 'GET',
    path: '/event/domain/:label',
    summary: "An event's public page by its domain label (demo in demo.localhost)",
    auth: 'none',
    params: domainLabelParams,
    query: emptyRequest,
    response: domainLookupResultSchema,
  },
]);
