import {
  type DiscoverEvent,
  type DomainLookupResult,
  discoverQuery,
  domainLabelParams,
  type EventCodeResult,
  type EventDetails,
  type EventListResult,
  emptyRequest,
  eventCodeParams,
  eventDetailsQuery,
  eventIdParams,
  eventListQuery,
} from '@foyer/contract';
import type { FastifyPluginAsync } from 'fastify';
import { optionalUser, requireUser } from '../../http/auth';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import {
  discoverEvents,
  findEventByCode,
  getEventByDomain,
  getEventDetails,
  getPublicEvent,
  listEvents,
} from './event.service';

type Ok<T> = Promise<{ success: true; data: T }>;

export const eventRoutes: FastifyPluginAsync = async (app) => {
  app.get('/event', async (request): Ok<EventListResult> => {
    const { userId } = await requireUser(request);
    const { query } = parse(eventListQuery, request.query);
    return { success: true, data: await listEvents(request.server.ctx, userId, query) };
  });

  app.get('/event/discover', { config: perMinute(120) }, async (request): Ok<DiscoverEvent[]> => {
    const { query } = parse(discoverQuery, request.query);
    const user = await optionalUser(request);
    return { success: true, data: await discoverEvents(request.server.ctx, user?.userId ?? null, query) };
  });

  app.get('/event/code/:code', { config: perMinute(60) }, async (request): Ok<EventCodeResult> => {
    const { code } = parse(eventCodeParams, request.params);
    parse(emptyRequest, request.query);
    return { success: true, data: await findEventByCode(request.server.ctx, code) };
  });

  app.get('/event/:eventId', async (request): Ok<EventDetails> => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(eventIdParams, request.params);
    const flags = parse(eventDetailsQuery, request.query);
    const attend = flags.attendEvent === true || flags.join === true;
    return { success: true, data: await getEventDetails(request.server.ctx, userId, eventId, { attend }) };
  });

  app.get('/event/:eventId/public', async (request): Ok<DomainLookupResult> => {
    const { eventId } = parse(eventIdParams, request.params);
    parse(emptyRequest, request.query);
    return { success: true, data: await getPublicEvent(request.server.ctx, eventId) };
  });

  app.get('/event/domain/:label', async (request): Ok<DomainLookupResult> => {
    const { label } = parse(domainLabelParams, request.params);
    parse(emptyRequest, request.query);
    return { success: true, data: await getEventByDomain(request.server.ctx, label) };
  });
};
