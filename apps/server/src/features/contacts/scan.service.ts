import {
  parseScannedCode,
  type ScanContactResult,
  type ScannedCard,
  type ScannedCode,
  type scanContactRequest,
} from '@foyer/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import type { Bus } from '../../events/bus';
import { AppError } from '../../http/errors';
import { requireMembership } from '../access/event-access';
import type { ContactValues } from './contacts.repository';
import { insertNote } from './contacts.repository';
import { getContact } from './contacts.service';
import { type EventPerson, personByCard, personByTicket } from './exchanges.repository';
import { publicValues, requestExchange } from './exchanges.service';
import { collectCard, collectLinked } from './scan.repository';

/** What a scanned code is at the event: a participant (by badge, or a card matched: E4.64), and the card. */
export interface ScanMatch {
  code: ScannedCode;
  person: EventPerson | undefined;
  card: ScannedCard | undefined;
  source: 'badge' | 'vcard' | 'mecard';
}

/**
 * Reads a scanned code (E1.11) and finds who it is at the event. E5.43: empty text is ignored by
 * the scanner and refused here (400, nothing changes); E5.40: a badge code with # $ [ ] quotes or ?
 * is refused; a badge nobody at the event holds is 'Ticket not found' (404).
 */
export async function matchScan(db: Executor, eventId: number, text: string): Promise<ScanMatch> {
  const parsed = parseScannedCode(text);
  if (!parsed) throw AppError.badRequest('Nothing was scanned', { code: 'validation.error.required' });
  if (!parsed.ok) throw AppError.badRequest('Invalid scan data', { code: parsed.error });
  const { code } = parsed;
  if (code.kind === 'badge') {
    const person = await personByTicket(db, eventId, code.ticketId);
    if (!person) throw AppError.notFound('Ticket not found');
    return { code, person, card: undefined, source: 'badge' };
  }
  const person = await personByCard(db, eventId, code.card.emails, code.card.phones);
  return { code, person, card: code.card, source: code.kind };
}

function cardValues(card: ScannedCard): ContactValues {
  return {
    first_name: card.firstName,
    last_name: card.lastName,
    emails: card.emails,
    phones: card.phones,
    company: card.company,
    job_title: card.jobTitle,
    website: card.website,
  };
}

/**
 * POST /contact/scan (E1.11, E4.62, E4.64): a scanned badge, vCard or MECARD becomes my contact at
 * the event. A participant (the badge's holder, or the one a card's e-mail or phone matches) is
 * asked for an exchange (exchanges.service.ts); a card that matches nobody is a contact with its
 * own fields. A second scan merges into the contact I have. The card's NOTE and the note typed
 * with the scan are the contact's notes.
 */
export async function scanContact(
  deps: { ctx: AppContext; bus: Pick<Bus, 'emit'> },
  userId: number,
  input: z.output<typeof scanContactRequest>,
): Promise<ScanContactResult> {
  const { ctx, bus } = deps;
  const { me } = await requireMembership(ctx.db, input.eventId, userId);
  const match = await matchScan(ctx.db, input.eventId, input.code);
  const { person, card } = match;
  if (person && (person.id === me.id || person.user_id === userId)) {
    throw AppError.badRequest('This is your own badge', { code: 'contacts.error.self' });
  }
  const at = ctx.now();
  const { id, created } = await ctx.db.transaction().execute(async (trx) => {
    const collect = {
      values: card ? cardValues(card) : publicValues(person as EventPerson),
      eventIds: [input.eventId],
      source: match.source,
      at,
    };
    const saved = person
      ? await collectLinked(trx, userId, {
          ...collect,
          participantId: person.id,
          ticketId: match.code.kind === 'badge' ? match.code.ticketId : null,
          photo: person.profile_photo,
        })
      : await collectCard(trx, userId, collect);
    // The card's own NOTE once, with the new contact; the scanner's note with every scan.
    for (const note of [saved.created ? card?.note : undefined, input.note]) {
      if (note) await insertNote(trx, { contactId: saved.id, note });
    }
    if (person?.user_id) {
      const exchange = await requestExchange(
        trx,
        at,
        input.eventId,
        { userId, participantId: me.id },
        { userId: person.user_id, participantId: person.id },
      );
      if (exchange.changed) {
        await bus.emit(
          { type: 'contact.exchange.changed', eventId: input.eventId, exchangeId: exchange.row.id },
          trx,
        );
      }
    }
    if (saved.created) {
      await bus.emit(
        {
          type: 'contact.collected',
          eventId: input.eventId,
          contactId: saved.id,
          userId,
          ticketId: person?.ticket_id ?? null,
        },
        trx,
      );
    }
    return saved;
  });
  return { contact: await getContact(ctx, userId, id), matched: person !== undefined, created };
}
