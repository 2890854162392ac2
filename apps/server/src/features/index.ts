import type { FastifyPluginAsync } from 'fastify';

/** Every feature's routes, registered under /api/v1. Add a feature here in one line. */
export const features: FastifyPluginAsync[] = [];
