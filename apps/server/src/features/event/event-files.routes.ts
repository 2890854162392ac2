import { DOMAIN_FILE_PATH, domainFileParams, emptyRequest, eventIdParams } from '@foyer/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { getDomainFile, getEventBannerUrl } from './event.service';

/** How long browsers and proxies may keep a domain file or banner redirect (the organizer may change them). */
const PUBLIC_FILE_MAX_AGE_S = 300;

/**
 * The public files the spec names outside the API base (access-shell-account.md §7), so this plugin
 * skips encapsulation and registers at the root, ignoring the prefix it is given:
 * - GET /public/domain/{label}.json (A7.24): the domain details of a host label, as a JSON file;
 * - GET /public/event/images/{eventId}/banner.png (A7.47, E7.91): a redirect to the stored banner.
 * Failures answer in the API's error envelope (400 for a malformed label or id, 404 when unknown).
 */
async function eventFiles(app: FastifyInstance): Promise<void> {
  app.get(`${DOMAIN_FILE_PATH}:file`, { config: perMinute(120) }, async (request, reply) => {
    const { file: label } = parse(domainFileParams, request.params);
    parse(emptyRequest, request.query);
    const details = await getDomainFile(app.ctx, label);
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', `public, max-age=${PUBLIC_FILE_MAX_AGE_S}`)
      .send(details);
  });

  app.get('/public/event/images/:eventId/banner.png', { config: perMinute(600) }, async (request, reply) => {
    const { eventId } = parse(eventIdParams, request.params);
    const banner = await getEventBannerUrl(app.ctx, eventId);
    // The stored banner keeps its own type (png, jpeg, svg): the browser follows to it.
    return reply.header('cache-control', `public, max-age=${PUBLIC_FILE_MAX_AGE_S}`).redirect(banner, 302);
  });
}

export const eventFileRoutes = eventFiles as FastifyPluginAsync;
