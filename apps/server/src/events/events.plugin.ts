import type { FastifyPluginAsync } from 'fastify';
import { agendaEvents } from '../features/agenda/agenda.events';
import { agendaProcessor } from '../features/agenda/agenda.processor';
import { leadsProcessor } from '../features/booths/leads.processor';
import { chatSystemProcessor } from '../features/chat/chat.system';
import { checkInCommandProcessor } from '../features/checkin/checkin.command.service';
import { checkInLiveProcessor } from '../features/checkin/checkin.processor';
import { contactsProcessor } from '../features/contacts/contacts.processor';
import { meetingsProcessor } from '../features/meetings/meetings.processor';
import { notificationsProcessor } from '../features/notifications/notifications.processor';
import { webhooksProcessor } from '../features/organizer/webhooks.processor';
import { registrationProcessor } from '../features/registration/registration.processor';
import { deliveriesProcessor } from './deliveries';

/**
 * Registers the app's processors with its bus (events/bus.plugin.ts starts, prunes and drains it):
 * one per concern, each declaring the events it handles. The realtime processor is registered by
 * the realtime service, which owns the sockets.
 *
 * The way out of every write: the feature emits in its transaction (`app.bus.emit(event, trx)`),
 * and after the commit these processors notify, write chat cards, push and send e-mail/SMS.
 */
export const eventsPlugin: FastifyPluginAsync = async (app) => {
  // Handlers of one event run in this order.
  app.bus.register(meetingsProcessor(app));
  app.bus.register(chatSystemProcessor(app));
  app.bus.register(notificationsProcessor(app));
  app.bus.register(deliveriesProcessor(app));
  app.bus.register(webhooksProcessor(app));
  app.bus.register(contactsProcessor(app));
  app.bus.register(leadsProcessor(app));
  app.bus.register(checkInLiveProcessor(app));
  app.bus.register(checkInCommandProcessor(app));
  app.bus.register(registrationProcessor(app));
  app.bus.register(agendaProcessor(app, agendaEvents(app)));
};
