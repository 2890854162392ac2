import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';

export interface Sms {
  to: string;
  text: string;
  /** Same key twice sends once (several server instances). */
  dedupeKey?: string;
}

/** Where text messages go. Plug a real provider in with `setSmsGateway`. */
export interface SmsGateway {
  send(sms: Sms): Promise<void>;
}

/** The default: `channel = 'sms'` rows in the outbox, which /dev/mailbox shows outside production. */
export function outboxSmsGateway(db: Kysely<DB>): SmsGateway {
  return {
    async send(sms) {
      await db
        .insertInto('outbox')
        .values({
          channel: 'sms',
          recipient: sms.to,
          subject: '',
          body_text: sms.text,
          dedupe_key: sms.dedupeKey ?? null,
        })
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .execute();
    },
  };
}

const gateways = new WeakMap<AppContext, SmsGateway>();

export function setSmsGateway(ctx: AppContext, gateway: SmsGateway): void {
  gateways.set(ctx, gateway);
}

export function smsGatewayOf(ctx: AppContext): SmsGateway {
  return gateways.get(ctx) ?? outboxSmsGateway(ctx.db);
}
