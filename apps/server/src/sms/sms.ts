import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { insertOutboxMessage } from '../mail/outbox.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where text messages go (sms/sms.ts). */
    sms: SmsGateway;
  }
}

export interface Sms {
  to: string;
  text: string;
  /** Same key twice sends once (several server instances). */
  dedupeKey?: string;
}

/** Where text messages go. Plug a real provider in with the plugin's `gateway` option. */
export interface SmsGateway {
  send(sms: Sms): Promise<void>;
}

/** The default: `channel = 'sms'` rows in the outbox, which /dev/mailbox shows outside production. */
export function outboxSmsGateway(db: Kysely<DB>): SmsGateway {
  return {
    async send(sms) {
      await insertOutboxMessage(db, {
        channel: 'sms',
        recipient: sms.to,
        subject: '',
        bodyText: sms.text,
        dedupeKey: sms.dedupeKey ?? null,
      });
    },
  };
}

/** Decorates `app.sms`: the given gateway, else the outbox one. */
export const smsPlugin = fp<{ gateway?: SmsGateway }>(
  async (app, options) => {
    app.decorate('sms', options.gateway ?? outboxSmsGateway(app.ctx.db));
  },
  { name: 'sms', fastify: '5.x', decorators: { fastify: ['ctx'] } },
);
