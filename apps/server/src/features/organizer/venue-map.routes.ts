import { consoleEventParams, venueMapImageRequest, venueMapPinsRequest } from '@foyer/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import type { EventSetupDeps } from './events.service';
import { removeVenueMap, saveVenueMapPins, uploadVenueMap } from './venue-map.service';

const deps = (request: FastifyRequest): EventSetupDeps => ({
  ctx: request.server.ctx,
  realtime: request.server.realtime,
});

/** Console: the event's venue map (A2.71). */
export const venueMapRoutes: FastifyPluginAsync = async (app) => {
  app.post('/organizer/event/:eventId/venue-map/image', { config: perMinute(30) }, async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    const input = parse(venueMapImageRequest, request.body);
    return { success: true, data: await uploadVenueMap(deps(request), userId, eventId, input) };
  });

  app.put('/organizer/event/:eventId/venue-map', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    const input = parse(venueMapPinsRequest, request.body);
    return { success: true, data: await saveVenueMapPins(deps(request), userId, eventId, input) };
  });

  app.delete('/organizer/event/:eventId/venue-map', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(consoleEventParams, request.params);
    return { success: true, data: await removeVenueMap(deps(request), userId, eventId) };
  });
};
