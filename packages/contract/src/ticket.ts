import { z } from 'zod';
import { idSchema } from './common';

/**
 * The participant's own ticket (E2.61, issue 14): the "My ticket" view, its wallet-style PDF and the
 * QR in the registration e-mail. The QR says `badgeCode(publicUrl, ticketId)` (checkin.ts), what the
 * door scanner reads (E5.52).
 */

export const myTicketQuery = z.strictObject({ eventId: idSchema });

export const myTicketSchema = z.object({
  eventId: z.number(),
  eventName: z.string(),
  /** The event's real start and end (ISO) and its zone, for the dates on the ticket. */
  sdt: z.string(),
  edt: z.string(),
  timezone: z.string(),
  name: z.string(),
  surname: z.string(),
  company: z.string(),
  /** The participant type's ticket type, else its name (A3.17); null without a type. */
  ticketType: z.string().nullable(),
  /** Null: this person has no ticket id (E8.20, "user has no ticket ID"). */
  ticketId: z.string().nullable(),
  /** The QR code's text; null without a ticket id. */
  code: z.string().nullable(),
});
export type MyTicket = z.infer<typeof myTicketSchema>;

/**
 * The link in the registration e-mail: the participant and a key the server signed for that
 * participant's current ticket, so the PDF opens without signing in and only for its owner.
 */
export const ticketPdfLinkQuery = z.strictObject({
  participantId: idSchema,
  key: z
    .string()
    .trim()
    .regex(/^[\w-]{22}$/, 'validation.error.type'),
});

/** The name a downloaded ticket PDF gets. */
export function ticketPdfFilename(ticketId: string): string {
  return `ticket-${ticketId.replace(/[^\w-]/g, '')}.pdf`;
}
