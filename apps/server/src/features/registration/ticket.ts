import { randomBytes } from 'node:crypto';

// 32 symbols without 0/O and 1/I, so a ticket read aloud or typed from paper survives.
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const TICKET_LENGTH = 10; // 50 random bits: unguessable, still short enough for a badge

/** A short, unguessable ticket code, e.g. `K7Q2MZ9D4H`. */
export function generateTicketId(): string {
  const bytes = randomBytes(TICKET_LENGTH);
  let id = '';
  // 256 is a multiple of 32, so masking keeps every symbol equally likely.
  for (const byte of bytes) id += ALPHABET[byte & 31];
  return id;
}

/** Tickets printed by this server are upper case; people type them in either case. */
export function ticketCandidates(input: string): string[] {
  const trimmed = input.trim();
  const upper = trimmed.toUpperCase();
  return upper === trimmed ? [trimmed] : [trimmed, upper];
}
