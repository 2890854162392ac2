import type { FastifyInstance } from 'fastify';
import { defineProcessor } from './bus';

/**
 * Sends the e-mails and SMS of `messages.send` rows. Each message's idempotency key comes from the
 * outbox row, this handler and the message (recipient, channel, place in the row), so a retry after
 * a crash skips what was already sent: the mailer checks the key before sending and records it after.
 */
export function deliveriesProcessor(app: FastifyInstance) {
  const { ctx } = app;
  return defineProcessor({
    name: 'deliveries',
    events: ['messages.send'],
    async handle(event, meta) {
      for (const [index, message] of event.messages.entries()) {
        const dedupeKey = meta.key(message.channel, message.to, index);
        if (message.channel === 'sms') {
          await app.sms.send({ to: message.to, text: message.text, dedupeKey });
        } else {
          await ctx.mailer.send({
            to: message.to,
            subject: message.subject,
            text: message.text,
            ...(message.html ? { html: message.html } : {}),
            dedupeKey,
          });
        }
      }
    },
  });
}
