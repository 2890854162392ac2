import type { FastifyPluginAsync } from 'fastify';
import { onMeetingEvent } from '../features/meetings/meetings.events';
import { busOf, pruneOutbox } from './bus';
import { registerDeliveries } from './deliveries';

const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Starts the app's event bus: its logger, the e-mail/SMS deliveries, the bridges from features that
 * already have their own hook (meetings), the sweep for rows left by a crashed process, the hourly
 * pruning of done rows, and a drain on shutdown so running e-mails and pushes are not cut off.
 */
export const eventsPlugin: FastifyPluginAsync = async (app) => {
  const bus = busOf(app.ctx);
  bus.setLogger(app.log);
  registerDeliveries(app.ctx);

  // meetings calls its listeners inside the write's transaction: hand the trx on, so the row
  // commits with the change.
  onMeetingEvent(app.ctx, (event, trx) =>
    bus.emit(
      {
        type: 'meeting.changed',
        kind: event.type,
        eventId: event.eventId,
        recipients: event.recipients,
        actorId: event.actorId,
        invitationId: event.invitationId ?? null,
        meetingId: event.meetingId ?? null,
        message: event.message ?? null,
      },
      trx,
    ),
  );

  app.addHook('onReady', async () => bus.start());
  if (app.ctx.config.env !== 'test') {
    // Like the other hourly jobs: never in tests, which call pruneOutbox directly.
    const prune = () =>
      pruneOutbox(app.ctx).catch((err: unknown) => app.log.error({ err }, 'outbox prune failed'));
    const timer = setInterval(prune, PRUNE_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  app.addHook('onClose', () => bus.stop());
};
