import type { FastifyPluginAsync } from 'fastify';

/** The console's people area (issue 12). */
export const peopleRoutes: FastifyPluginAsync = async () => {};
