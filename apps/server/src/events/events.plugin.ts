import type { FastifyPluginAsync } from 'fastify';
import { onMeetingEvent } from '../features/meetings/meetings.events';
import { registerDeliveries } from './deliveries';

/**
 * Subscribes the e-mail/SMS deliveries and the bridges from features that already have their own
 * hook (meetings) to the app's bus (events/bus.plugin.ts starts, prunes and drains it).
 */
export const eventsPlugin: FastifyPluginAsync = async (app) => {
  const { bus } = app;
  registerDeliveries(app);

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
};
