import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { hasDedupeKey, insertOutboxMessage } from './outbox.repository';

/** A file sent with a mail; with `cid`, an image the HTML shows inline (`<img src="cid:…">`). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  cid?: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** SMTP only: the outbox keeps the text (and HTML) of a mail, not its files. */
  attachments?: MailAttachment[];
  /**
   * Same key twice sends once. SMTP: checked before sending and recorded after, so a failed send is
   * retried; the one window left (a crash between the send and the record) can repeat a mail.
   */
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
        // Checked before sending, recorded after: a send that failed (or a crash before it) is
        // retried under the same key; one that went out is never sent again.
        if (mail.dedupeKey && (await hasDedupeKey(options.db, mail.dedupeKey))) return;
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.attachments ? { attachments: mail.attachments } : {}),
        });
        // Records the dedupe key in the outbox once the mail went out.
        if (mail.dedupeKey) {
          await insertOutboxMessage(options.db, {
            channel: 'email',
            recipient: mail.to,
            subject: mail.subject,
            bodyText: '(sent by SMTP)',
            dedupeKey: mail.dedupeKey,
          });
        }
      },
      async close() {
        transport.close();
      },
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      await insertOutboxMessage(options.db, {
        channel: 'email',
        recipient: mail.to,
        subject: mail.subject,
        bodyText: mail.text,
        bodyHtml: mail.html ?? null,
        dedupeKey: mail.dedupeKey ?? null,
      });
    },
    async close() {},
  };
}

/**
 * What the start-up log says about mail (docs/decisions/006): where the outbox can be read, and a
 * loud warning when a production server has no SMTP_URL (nobody can read its mail, so sign-up
 * codes and password resets never arrive; /api/v1/health then says `mail: 'outbox'`).
 */
export function mailStartupLines(
  config: Pick<Config, 'env' | 'devMailbox' | 'publicUrl'>,
  kind: Mailer['kind'],
): string[] {
  if (kind === 'smtp') return [];
  if (config.env === 'production') {
    const bar = '!'.repeat(78);
    return [
      bar,
      'WARNING: NODE_ENV=production without SMTP_URL. E-mail is NOT delivered: sign-up codes and password',
      'reset codes land in an outbox nobody can read. Set SMTP_URL=smtp://user:pass@host:port.',
      bar,
    ];
  }
  if (config.devMailbox === 'nobody')
    return ['Mail goes to the outbox; /dev/mailbox is off (DEV_MAILBOX=false).'];
  const where = `${config.publicUrl}/dev/mailbox`;
  return config.devMailbox === 'anyone'
    ? [`Outgoing mail is shown to anyone at ${where} (DEV_MAILBOX=true).`]
    : [`Outgoing mail is shown at ${where}, to requests from this machine only (loopback).`];
}
