import type { MailboxMessage } from '@foyer/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The outbox, newest first. */
export async function listOutbox(
  db: Kysely<DB>,
  options: { to?: string | undefined; limit: number },
): Promise<MailboxMessage[]> {
  let query = db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(options.limit);
  if (options.to) query = query.where('recipient', '=', options.to);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    text: row.body_text,
    html: row.body_html,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
