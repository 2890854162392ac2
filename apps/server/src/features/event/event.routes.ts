import {
  type DomainLookupResult,
  domainLabelParams,
  type EventDetails,
  type EventListResult,
  emptyRequest,
  eventDetailsQuery,
  eventIdParams,
  eventListQuery,
} from '@foyer/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { getEventByDomain, getEventDetails, getPublicEvent, listEvents } from './event.service';

type Ok<T> = Promise<{ success: true; data: T }>;

export const eventRoutes: FastifyPluginAsync = async (app) => {
  app.get('/event', async (request): Ok<EventListResult> => {
    const { userId } = await requireUser(request);
    const { query } = parse(eventListQuery, request.query);
    return { success: true, data: await listEvents(request.server.ctx, userId, query) };
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
