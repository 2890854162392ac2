import { type RegisterResult, registerRequest } from '@foyer/contract';
import type { FastifyPluginAsync } from 'fastify';
import { optionalUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { register } from './registration.service';

/** Per client IP: enough for a family at one desk, too few to script account creation. */
export const REGISTER_RATE_LIMIT = { max: 20, timeWindow: 60_000 };

export const registrationRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/event/register',
    { config: { rateLimit: REGISTER_RATE_LIMIT } },
    async (request): Promise<{ success: true; data: RegisterResult }> => {
      const input = parse(registerRequest, request.body);
      // Logged in, the caller may join its own account to the event (no password asked again).
      const caller = await optionalUser(request);
      const callerId = caller && caller.actorId === undefined ? caller.userId : null;
      return {
        success: true,
        data: await register(request.server.ctx, input, request.log, callerId, request.server.bus),
      };
    },
  );
};
