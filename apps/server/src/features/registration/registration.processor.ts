import type { FastifyInstance } from 'fastify';
import { defineProcessor } from '../../events/bus.handlers';
import { findEvent } from './registration.repository';
import { findParticipantById } from './ticket.repository';
import { registrationMail } from './ticket-mail';

/**
 * The registration e-mail (issue 14, `registration.confirmed`): emitted in the registration's
 * transaction, so it is sent at least once after the commit, even when the process dies right after
 * it or the mail server refuses the first try (the bus retries this handler with backoff).
 *
 * The row carries ids only; the mail (ticket id, inline QR PNG, signed PDF link) is built here from
 * the participant as it is now, so the QR attachment never has to be stored: the mailer gets the
 * whole mail and sends the attachment by SMTP (the dev outbox keeps text and HTML, as for any mail).
 * Its dedupe key is the same across retries of this row and handler, so a retry after a send that
 * went out does not send it again (the mailer checks the key before sending, records it after).
 */
export function registrationProcessor(app: FastifyInstance) {
  const { ctx } = app;
  return defineProcessor({
    name: 'registration.mail',
    events: ['registration.confirmed'],
    async handle(event, meta) {
      const participant = await findParticipantById(ctx.db, event.participantId);
      // Removed (or moved away) before the mail went out: nobody to write to.
      if (!participant || participant.event_id !== event.eventId || participant.state === 'deleted') return;
      const registeredFor = await findEvent(ctx.db, event.eventId);
      if (!registeredFor) return;
      const mail = await registrationMail(ctx.config, registeredFor, participant);
      await ctx.mailer.send({ ...mail, dedupeKey: meta.key('email', participant.id) });
    },
  });
}
