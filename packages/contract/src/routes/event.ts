import { z } from 'zod';
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
import { discoverEventSchema, discoverQuery, eventCodeParams, eventCodeResultSchema } from '../organizer';
import { defineRoutes } from './route';

/**
 * Events: my list, one event's area, the public page of an event by id or domain label, and the
 * discovery of public events (issue 12, part 9).
 */
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
  {
    id: 'discoverEvents',
    method: 'GET',
    path: '/event/discover',
    summary: 'Public events, upcoming and running, newest first (at most 50); a token marks those I joined',
    auth: 'optional',
    query: discoverQuery,
    response: z.array(discoverEventSchema),
  },
  {
    id: 'getEventByCode',
    method: 'GET',
    path: '/event/code/:code',
    summary: 'A public event by the code a newcomer types: its domain label or its number',
    auth: 'none',
    params: eventCodeParams,
    query: emptyRequest,
    response: eventCodeResultSchema,
  },
]);
