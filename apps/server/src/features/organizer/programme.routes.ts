import type { FastifyPluginAsync } from 'fastify';

/** The console's programme area (issue 12). */
export const programmeRoutes: FastifyPluginAsync = async () => {};
