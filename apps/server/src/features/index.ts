import type { FastifyPluginAsync } from 'fastify';
import { eventsPlugin } from '../events/events.plugin';
import { agendaRoutes } from './agenda/agenda.routes';
import { authRoutes } from './auth/auth.routes';
import { boothRoutes } from './booths/booths.routes';
import { chatRoutes } from './chat/chat.routes';
import { checkInRoutes } from './checkin/checkin.routes';
import { contactRoutes } from './contacts/contacts.routes';
import { eventRoutes } from './event/event.routes';
import { lobbyRoutes } from './lobby/lobby.routes';
import { mailboxRoutes } from './mailbox/mailbox.routes';
import { meetingRoutes } from './meetings/meetings.routes';
import { notificationRoutes } from './notifications/notifications.routes';
import { participantRoutes } from './participants/participants.routes';
import { pollRoutes } from './polls/polls.routes';
import { postRoutes } from './posts/posts.routes';
import { presenceRoutes } from './presence/presence.routes';
import { registrationRoutes } from './registration/registration.routes';
import { staticPageRoutes } from './static-pages/static-pages.routes';
import { userRoutes } from './user/user.routes';

/** Every feature's routes, registered under /api/v1. Add a feature here in one line. */
export const features: FastifyPluginAsync[] = [
  eventRoutes,
  registrationRoutes,
  mailboxRoutes,
  authRoutes,
  userRoutes,
  participantRoutes,
  meetingRoutes,
  boothRoutes,
  agendaRoutes,
  presenceRoutes,
  staticPageRoutes,
  eventsPlugin,
  notificationRoutes,
  chatRoutes,
  postRoutes,
  pollRoutes,
  lobbyRoutes,
  contactRoutes,
  checkInRoutes,
];
