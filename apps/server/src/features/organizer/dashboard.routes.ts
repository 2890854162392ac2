import type { FastifyPluginAsync } from 'fastify';

/** The console's dashboard (issue 12, part 7). */
export const dashboardRoutes: FastifyPluginAsync = async () => {};
