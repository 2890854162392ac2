import type { FastifyPluginAsync } from 'fastify';

/** The console's import area (issue 12). */
export const importRoutes: FastifyPluginAsync = async () => {};
