import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { eventsPlugin } from '../events/events.plugin';
import { agendaRoutes } from './agenda/agenda.routes';
import { authRoutes } from './auth/auth.routes';
import { badgeRoutes } from './badges/badges.routes';
import { boothRoutes } from './booths/booths.routes';
import { chatRoutes } from './chat/chat.routes';
import { checkInRoutes } from './checkin/checkin.routes';
import { contactRoutes } from './contacts/contacts.routes';
import { eventRoutes } from './event/event.routes';
import { eventFileRoutes } from './event/event-files.routes';
import { eventWordsRoutes } from './event-words/event-words.routes';
import { lobbyRoutes } from './lobby/lobby.routes';
import { mailboxRoutes } from './mailbox/mailbox.routes';
import { meetingRoutes } from './meetings/meetings.routes';
import { notificationRoutes } from './notifications/notifications.routes';
import { organizerRoutes } from './organizer/console.routes';
import { participantRoutes } from './participants/participants.routes';
import { pollRoutes } from './polls/polls.routes';
import { postRoutes } from './posts/posts.routes';
import { presenceRoutes } from './presence/presence.routes';
import { pushRoutes } from './push/push.routes';
import { registrationRoutes } from './registration/registration.routes';
import { ticketRoutes } from './registration/ticket.routes';
import { staticPageRoutes } from './static-pages/static-pages.routes';
import { userRoutes } from './user/user.routes';

/**
 * A feature as a named, encapsulated plugin (its decorators and hooks stay its own) that declares
 * the app-wide plugins it uses: Fastify refuses to start when one of them is not registered first.
 */
const feature = (
  name: string,
  plugin: FastifyPluginAsync,
  dependencies: string[] = [],
  options: { encapsulate?: boolean } = {},
) =>
  fp(plugin, {
    name: `feature-${name}`,
    dependencies,
    encapsulate: options.encapsulate ?? true,
    fastify: '5.x',
  });

/** Serves paths outside /api/v1 too, so it is not encapsulated: its routes land on the root. */
const atRoot = { encapsulate: false };

/** Every feature's routes, registered under /api/v1 after the app-wide plugins (app.ts). */
export const features: FastifyPluginAsync[] = [
  feature('event', eventRoutes),
  feature('event-files', eventFileRoutes, [], atRoot),
  feature('event-words', eventWordsRoutes, [], atRoot),
  feature('registration', registrationRoutes),
  feature('ticket', ticketRoutes),
  feature('mailbox', mailboxRoutes, [], atRoot),
  feature('auth', authRoutes, ['scheduler']),
  feature('user', userRoutes, [], atRoot),
  feature('push', pushRoutes, ['scheduler']),
  feature('participants', participantRoutes, ['search-cache']),
  feature('meetings', meetingRoutes, ['bus', 'scheduler']),
  feature('booths', boothRoutes, ['search-cache', 'bus']),
  feature('agenda', agendaRoutes, ['bus']),
  feature('presence', presenceRoutes),
  feature('static-pages', staticPageRoutes, [], atRoot),
  feature('events', eventsPlugin, ['bus', 'sms', 'push']),
  feature('notifications', notificationRoutes, ['bus']),
  feature('chat', chatRoutes, ['bus']),
  feature('posts', postRoutes, ['bus', 'scheduler']),
  feature('polls', pollRoutes, ['bus', 'scheduler']),
  feature('lobby', lobbyRoutes, ['bus']),
  feature('contacts', contactRoutes, ['bus', 'scheduler']),
  feature('checkin', checkInRoutes, ['bus', 'scheduler']),
  feature('badges', badgeRoutes, ['bus', 'scheduler']),
  feature('organizer', organizerRoutes, ['bus', 'search-cache']),
];
