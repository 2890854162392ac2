import { createHmac, timingSafeEqual } from 'node:crypto';
import { badgeCode, type MyTicket } from '@foyer/contract';
import type { AppContext } from '../../context';
import type { EventRow, ParticipantRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { requireMembership } from '../access/event-access';
import { findEvent, findTypeById } from './registration.repository';
import { findParticipantById } from './ticket.repository';

/** The QR code's text for a ticket: what the door scanner reads (E5.52). */
export function ticketCode(publicUrl: string, ticketId: string): string {
  return badgeCode(publicUrl, ticketId);
}

/** A participant's ticket as the "My ticket" view, the PDF and the e-mail show it. */
export async function presentTicket(
  ctx: Pick<AppContext, 'db' | 'config'>,
  event: EventRow,
  participant: ParticipantRow,
): Promise<MyTicket> {
  const type = participant.type_id ? await findTypeById(ctx.db, participant.type_id) : undefined;
  return {
    eventId: event.id,
    eventName: event.name,
    sdt: event.real_sdt.toISOString(),
    edt: event.real_edt.toISOString(),
    timezone: event.timezone,
    name: participant.name,
    surname: participant.surname,
    company: participant.company,
    ticketType: type ? (type.ticket_type ?? type.name) : null,
    ticketId: participant.ticket_id,
    code: participant.ticket_id ? ticketCode(ctx.config.publicUrl, participant.ticket_id) : null,
  };
}

/** GET /event/ticket (E2.61): the caller's own ticket; 404 unknown event, 403 not a participant. */
export async function myTicket(ctx: AppContext, userId: number, eventId: number): Promise<MyTicket> {
  const { event, me } = await requireMembership(ctx.db, eventId, userId);
  return presentTicket(ctx, event, me);
}

export interface TicketPdf {
  bytes: Uint8Array;
  ticketId: string;
}

async function pdfOf(ctx: AppContext, ticket: MyTicket): Promise<TicketPdf> {
  const { ticketId, code } = ticket;
  // E8.20: without a ticket id there is nothing to print.
  if (!ticketId || !code) throw AppError.notFound('You have no ticket ID for this event');
  // pdf-lib loads with the first PDF, not at start (bench/chat.ts prints the server's memory).
  const { renderTicketPdf } = await import('./ticket-pdf');
  return { bytes: await renderTicketPdf({ ...ticket, ticketId, code }, ctx.now()), ticketId };
}

/** GET /event/ticket/pdf: the caller's own ticket as a PDF; there is no way to name anyone else's. */
export async function myTicketPdf(ctx: AppContext, userId: number, eventId: number): Promise<TicketPdf> {
  return pdfOf(ctx, await myTicket(ctx, userId, eventId));
}

const KEY_LENGTH = 22; // 128 bits of the HMAC, base64url

/**
 * The key of a participant's PDF link: an HMAC of the participant and the ticket id under the
 * server's secret. A new ticket id makes the old link useless; the key reveals nothing else.
 */
export function ticketLinkKey(secret: string, participantId: number, ticketId: string): string {
  return createHmac('sha256', secret)
    .update(`ticket-pdf\n${participantId}\n${ticketId}`)
    .digest('base64url')
    .slice(0, KEY_LENGTH);
}

/** The PDF link of the registration e-mail, which opens without signing in. */
export function ticketPdfLink(
  config: { publicUrl: string; jwtSecret: string },
  participant: Pick<ParticipantRow, 'id' | 'ticket_id'>,
): string | null {
  if (!participant.ticket_id) return null;
  const key = ticketLinkKey(config.jwtSecret, participant.id, participant.ticket_id);
  return `${config.publicUrl}/api/v1/ticket/pdf?participantId=${participant.id}&key=${key}`;
}

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /ticket/pdf?participantId&key: the e-mail's link. A wrong key, an unknown or removed
 * participant and a changed ticket id all answer the same 404, so the link tells nothing.
 */
export async function linkedTicketPdf(
  ctx: AppContext,
  input: { participantId: number; key: string },
): Promise<TicketPdf> {
  const participant = await findParticipantById(ctx.db, input.participantId);
  const valid =
    participant?.ticket_id &&
    participant.state !== 'deleted' &&
    sameKey(input.key, ticketLinkKey(ctx.config.jwtSecret, participant.id, participant.ticket_id));
  const event = valid ? await findEvent(ctx.db, participant.event_id) : undefined;
  if (!participant || !event) throw AppError.notFound('Ticket not found');
  return pdfOf(ctx, await presentTicket(ctx, event, participant));
}
