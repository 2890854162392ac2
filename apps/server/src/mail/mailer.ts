import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { DB } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Same key twice sends once (reminders from several instances). */
  dedupeKey?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise every mail lands in the outbox table, which /dev/mailbox
 * shows outside production so a local user can finish a password reset.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; db: Kysely<DB> }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        if (mail.dedupeKey && !(await claimDedupe(options.db, mail))) return;
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      },
      async close() {
        transport.close();
      },
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      await options.db
        .insertInto('outbox')
        .values({
          channel: 'email',
          recipient: mail.to,
          subject: mail.subject,
          body_text: mail.text,
          body_html: mail.html ?? null,
          dedupe_key: mail.dedupeKey ?? null,
        })
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .execute();
    },
    async close() {},
  };
}

/** Records the dedupe key in the outbox; false when another instance already sent this mail. */
async function claimDedupe(db: Kysely<DB>, mail: Mail): Promise<boolean> {
  const row = await db
    .insertInto('outbox')
    .values({
      channel: 'email',
      recipient: mail.to,
      subject: mail.subject,
      body_text: '(sent by SMTP)',
      dedupe_key: mail.dedupeKey ?? null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
