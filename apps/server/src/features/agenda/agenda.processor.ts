import type { FastifyInstance } from 'fastify';
import { defineProcessor } from '../../events/bus.handlers';
import { type AgendaEvents, refreshAgendas } from './agenda.events';

/** The rest of a large audience's agenda refreshes, a part per transaction (`refreshAgendas`). */
export function agendaProcessor(app: FastifyInstance, events: AgendaEvents) {
  const { ctx, bus } = app;
  return defineProcessor({
    name: 'agenda.refresh',
    events: ['agenda.refresh'],
    async handle(event, meta) {
      await ctx.db.transaction().execute(async (trx) => {
        const people = event.people.map((p) => ({ id: p.id, user_id: p.userId }));
        await refreshAgendas({ events, bus }, trx, event.eventId, people);
        await meta.doneWith(trx);
      });
    },
  });
}
