import type { Executor } from '../db/executor';

/**
 * The `outbox` table: e-mails and SMS kept instead of sent (no SMTP_URL; /dev/mailbox shows them),
 * and the dedupe keys of messages that went out, so that the same key never sends twice.
 */
export async function insertOutboxMessage(
  db: Executor,
  message: {
    channel: 'email' | 'sms';
    recipient: string;
    subject: string;
    bodyText: string;
    bodyHtml?: string | null;
    dedupeKey: string | null;
  },
): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject,
      body_text: message.bodyText,
      ...(message.bodyHtml !== undefined ? { body_html: message.bodyHtml } : {}),
      dedupe_key: message.dedupeKey,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

export async function hasDedupeKey(db: Executor, dedupeKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('outbox')
    .select('id')
    .where('dedupe_key', '=', dedupeKey)
    .executeTakeFirst();
  return row !== undefined;
}
