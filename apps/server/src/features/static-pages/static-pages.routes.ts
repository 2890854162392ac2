import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { AppError } from '../../http/errors';
import { isLocale, isStaticPage, readStaticPage } from './static-pages.service';

/**
 * GET /page/{page}/{lang}.html (A2.53, A2.56): legal and help text as an HTML fragment that the
 * SPA shows inside its static layout. The spec's path has no API prefix, so this plugin skips
 * encapsulation and registers at the root, ignoring the prefix it is given.
 */
async function staticPages(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { page: string; file: string } }>('/page/:page/:file', async (request, reply) => {
    const { page, file } = request.params;
    const lang = /^([a-z]{2})\.html$/.exec(file)?.[1] ?? '';
    if (!isStaticPage(page) || !isLocale(lang)) throw AppError.notFound('No such page');
    const html = await readStaticPage(page, lang);
    return reply
      .type('text/html; charset=utf-8')
      .header('content-language', lang)
      .header('cache-control', 'public, max-age=300')
      .send(html);
  });
}

export const staticPageRoutes = staticPages as FastifyPluginAsync;
