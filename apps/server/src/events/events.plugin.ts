import type { FastifyPluginAsync } from 'fastify';
import { onMeetingEvent } from '../features/meetings/meetings.events';
import { busOf } from './bus';

/**
 * Starts the app's event bus: its logger, the bridges from features that already have their own
 * hook (meetings), and a drain on shutdown so pending e-mails and pushes are not cut off.
 */
export const eventsPlugin: FastifyPluginAsync = async (app) => {
  const bus = busOf(app.ctx);
  bus.setLogger(app.log);

  // meetings calls its listeners inside the write's transaction: hand the trx on, so the
  // processors run after that commits.
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

  app.addHook('onClose', () => bus.idle());
};
