import type { Config } from '../../config';
import type { EventRow, ParticipantRow } from '../../db/schema';
import type { Mail } from '../../mail/mailer';
import { ticketCode, ticketPdfLink } from './ticket.service';

/** The content id of the QR image the HTML part shows inline. */
export const TICKET_QR_CID = 'ticket-qr@foyer';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Names and event titles are what people typed: escaped wherever they go into HTML. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * The registration e-mail (A5.06 ff., issue 14): the ticket id in text, its QR code as an inline
 * image (a `cid:` attachment, so mail clients that block remote images still show it), and links
 * to the PDF ticket (signed, opens without signing in) and to "My ticket" in the app.
 */
export async function registrationMail(
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>,
  event: Pick<EventRow, 'id' | 'name'>,
  participant: Pick<ParticipantRow, 'id' | 'email' | 'name' | 'ticket_id'>,
): Promise<Mail> {
  const subject = `Your registration for ${event.name}`;
  const greeting = `Hello ${participant.name},\n\nThank you for registering for ${event.name}.\n`;
  const ticketId = participant.ticket_id;
  if (!ticketId) {
    return {
      to: participant.email,
      subject,
      text: `${greeting}The organizer will confirm your place.\n`,
    };
  }
  const pdf = ticketPdfLink(config, participant) ?? '';
  const inApp = `${config.publicUrl}/event/${event.id}/ticket`;
  const text = [
    `${greeting}Your ticket id is ${ticketId}. Show it at the entrance.`,
    '',
    `Your ticket as a PDF: ${pdf}`,
    `Your ticket in the app: ${inApp}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family: Arial, sans-serif; color: #111; background: #fff">
<p>Hello ${escapeHtml(participant.name)},</p>
<p>Thank you for registering for <strong>${escapeHtml(event.name)}</strong>.</p>
<p>Show this code at the entrance:</p>
<p><img src="cid:${TICKET_QR_CID}" width="240" height="240" alt="QR code for ticket ${escapeHtml(ticketId)}" style="display:block; background:#fff"></p>
<p>Your ticket id: <strong style="font-family: monospace; font-size: 20px; letter-spacing: 2px">${escapeHtml(ticketId)}</strong></p>
<p><a href="${escapeHtml(pdf)}">Download your ticket (PDF)</a> · <a href="${escapeHtml(inApp)}">Open it in the app</a></p>
</body></html>`;
  return {
    to: participant.email,
    subject,
    text,
    html,
    attachments: [
      {
        filename: `ticket-${ticketId}.png`,
        content: await (await import('./ticket-qr')).ticketQrPng(ticketCode(config.publicUrl, ticketId)),
        contentType: 'image/png',
        cid: TICKET_QR_CID,
      },
    ],
  };
}
