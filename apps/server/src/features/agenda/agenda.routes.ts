import type { FastifyPluginAsync } from 'fastify';
import { registerAgendaRooms } from './agenda.realtime';
import { scheduleRoutes } from './schedule.routes';
import { sessionsRoutes } from './sessions.routes';

/** Agenda and sessions (issue "Agenda and sessions"): one plugin for features/index.ts. */
export const agendaRoutes: FastifyPluginAsync = async (app) => {
  registerAgendaRooms(app);
  await app.register(sessionsRoutes);
  await app.register(scheduleRoutes);
};
