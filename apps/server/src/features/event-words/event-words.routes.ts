import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { perMinute } from '../../http/rate-limit';
import { getEventWordsFile } from './event-words.service';

/** How long browsers and proxies may keep an event's words (the organizer may change them). */
const WORDS_MAX_AGE_S = 60;

/**
 * GET /messagesForEvent/{eventId}.json (A7.27, A7.28): the app's texts an event words its own way,
 * per language, by key. Public, with no API prefix (the app fetches it beside its own catalogues), so
 * this plugin skips encapsulation and registers at the root, ignoring the prefix it is given. A name
 * that is no event id, or an event that is missing, archived or has no words, answers 404 in the
 * API's error envelope.
 */
async function eventWords(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>(
    '/messagesForEvent/:file',
    { config: perMinute(600) },
    async (request, reply) => {
      const words = await getEventWordsFile(app.ctx, request.params.file);
      return reply
        .type('application/json; charset=utf-8')
        .header('cache-control', `public, max-age=${WORDS_MAX_AGE_S}`)
        .send(words);
    },
  );
}

export const eventWordsRoutes = eventWords as FastifyPluginAsync;
