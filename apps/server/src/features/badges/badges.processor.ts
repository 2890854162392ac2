import type { FastifyInstance } from 'fastify';
import { defineProcessor } from '../../events/bus.handlers';
import { sendQueued } from './badges.queue.sending';

/**
 * `badges.print` (docs/decisions/013): after a print request or a console batch committed, sends
 * the queued jobs to their printers. Unordered (a printer that does not answer holds up nothing
 * else of the event); at least once, and idempotent: a job is claimed before it is sent, so a
 * retried outbox row finds its jobs printed or in another attempt's hands and sends nothing twice.
 */
export function badgesProcessor(app: FastifyInstance) {
  return defineProcessor({
    name: 'badges.print',
    events: ['badge.print'],
    async handle(event) {
      await sendQueued(app.ctx, app.realtime, event);
    },
  });
}
