import type { FastifyInstance } from 'fastify';
import { deliverPush, PushLaterError } from '../features/push/push.delivery';
import { defineProcessor } from './bus.handlers';

/**
 * Sends the e-mails, SMS and pushes of `messages.send` rows. Each message's idempotency key comes from the
 * outbox row, this handler and the message (recipient, channel, place in the row), so a retry after
 * a crash skips what was already sent: the mailer checks the key before sending and records it after.
 */
export function deliveriesProcessor(app: FastifyInstance) {
  const { ctx } = app;
  return defineProcessor({
    name: 'deliveries',
    events: ['messages.send'],
    async handle(event, meta) {
      let pushLater: PushLaterError | null = null;
      for (const [index, message] of event.messages.entries()) {
        const dedupeKey = meta.key(message.channel, message.to, index);
        if (message.channel === 'push') {
          // A push service that cannot take it now does not hold up the e-mails after it.
          await deliverPush(
            { db: ctx.db, push: app.push, log: app.log },
            Number(message.to),
            message.push,
            dedupeKey,
          ).catch((error: unknown) => {
            if (!(error instanceof PushLaterError)) throw error;
            pushLater = error;
          });
        } else if (message.channel === 'sms') {
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
      if (pushLater) throw pushLater;
    },
  });
}
