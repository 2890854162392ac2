import { type ContactChangedPayload, RecordType, realtimeRoom } from '@foyer/contract';
import type { FastifyInstance } from 'fastify';
import { defineProcessor } from '../../events/bus.handlers';
import { eventNamesOf, findNotes, linksOf, presentContact } from './contacts.repository';
import { findExchangeById, otherParticipantOf } from './exchanges.repository';
import { presentRequest } from './exchanges.service';
import { contactForPerson } from './scan.repository';

/**
 * The live side of a contact exchange (E4.62, `contact.exchange.changed`): ONE `contact.changed`
 * record to each of its two users on userRooms/{userId}, carrying the exchange and their contact
 * for the other person as their GET routes show them, so both screens follow a request, an answer
 * or a held meeting without reloading. The records and this processor's progress commit together.
 */
export function contactsProcessor(app: FastifyInstance) {
  const { ctx } = app;
  return defineProcessor({
    name: 'contacts.live',
    events: ['contact.exchange.changed'],
    async handle(event, meta) {
      await ctx.db.transaction().execute(async (trx) => {
        const row = await findExchangeById(trx, event.exchangeId);
        if (!row) {
          await meta.doneWith(trx);
          return;
        }
        const records = [];
        for (const userId of [row.user_low, row.user_high]) {
          const request = await presentRequest(trx, row, userId);
          const participantId = otherParticipantOf(row, userId);
          const contactRow =
            participantId === null ? undefined : await contactForPerson(trx, userId, participantId);
          let contact: ContactChangedPayload['contact'] = null;
          if (contactRow) {
            const names = await eventNamesOf(trx, [contactRow]);
            const notes = await findNotes(trx, [contactRow.id]);
            const links = await linksOf(trx, [contactRow]);
            contact = presentContact(contactRow, names, notes.at(-1)?.note ?? '', links.get(contactRow.id));
          }
          const payload: ContactChangedPayload = { request, contact };
          records.push({ room: realtimeRoom.user(userId), type: RecordType.ContactChanged, payload });
        }
        // Together: the two rooms' turns in one order (realtime/README.md), not in user id order.
        await app.realtime.publishAll(records, trx);
        await meta.doneWith(trx);
      });
    },
  });
}
