import { z } from 'zod';
import { emailSchema } from './common';

/** GET /api/v1/dev/mailbox (docs/decisions/006): the local outbox, newest first. */
export const mailboxQuery = z.strictObject({
  to: emailSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const mailboxMessageSchema = z.object({
  id: z.number(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;
