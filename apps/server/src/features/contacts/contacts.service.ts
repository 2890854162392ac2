import {
  type ContactDetails,
  type ContactLookup,
  type ContactNote,
  type ContactPage,
  type contactListQuery,
  type contactLookupQuery,
  contactsToCsv,
  type saveContactRequest,
  type saveNoteRequest,
  ticketIdFromCode,
} from '@foyer/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Bus } from '../../events/bus';
import { AppError } from '../../http/errors';
import { findParticipation, requireMembership } from '../access/event-access';
import {
  eventNamesOf,
  findContact,
  findContactByTicket,
  findContacts,
  findNotes,
  insertNote,
  linksOf,
  presentContact,
  presentNote,
  removeContact,
  removeNote,
  updateContact,
  updateNote,
  upsertContact,
  withNotes,
} from './contacts.repository';
import { findExchange, personByTicket } from './exchanges.repository';
import { contactForPerson } from './scan.repository';

const EXPORT_MAX = 10_000;

/** E2.49: my contacts, newest first, `length` at a time (A9.19: 10). */
export async function listContacts(
  ctx: AppContext,
  userId: number,
  query: z.output<typeof contactListQuery>,
): Promise<ContactPage> {
  const rows = await findContacts(ctx.db, {
    ownerId: userId,
    eventId: query.eventId,
    search: query.search || undefined,
    after: query.after,
    limit: query.length + 1,
  });
  const page = rows.slice(0, query.length);
  const [names, notes, links] = await Promise.all([
    eventNamesOf(ctx.db, page),
    findNotes(
      ctx.db,
      page.map((r) => r.id),
    ),
    linksOf(ctx.db, page),
  ]);
  const newest = new Map<number, string>();
  for (const note of notes) newest.set(note.contact_id, note.note); // ascending: the last one wins
  return {
    items: page.map((row) => presentContact(row, names, newest.get(row.id) ?? '', links.get(row.id))),
    nextCursor: rows.length > query.length ? (page.at(-1)?.id ?? null) : null,
  };
}

export async function getContact(ctx: AppContext, userId: number, id: number): Promise<ContactDetails> {
  const row = await findContact(ctx.db, userId, id);
  if (!row) throw AppError.notFound('Contact not found');
  const [details] = await withNotes(ctx.db, [row]);
  return details as ContactDetails;
}

/**
 * E7.50: adds a contact, or updates one (by id, or by the badge's ticket id so that scanning the
 * same badge twice keeps one contact even when two scans race). Only events I take part in.
 */
export async function saveContact(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof saveContactRequest>,
  bus?: Pick<Bus, 'emit'>,
): Promise<ContactDetails> {
  for (const eventId of input.events) {
    if (!(await findParticipation(ctx.db, eventId, userId))) {
      throw AppError.forbidden('You are not a participant of this event');
    }
  }
  const values = {
    first_name: input.firstName,
    last_name: input.lastName ?? '',
    emails: input.emails,
    phones: input.phones,
    company: input.company ?? '',
    job_title: input.jobTitle ?? '',
    website: input.website ?? '',
  };
  const id = await ctx.db.transaction().execute(async (trx) => {
    const contactId = input.id
      ? await updateContact(trx, userId, input.id, {
          values,
          ticketId: input.ticketId !== undefined ? input.ticketId || null : undefined,
          eventIds: input.events,
          at: ctx.now(),
        })
      : await upsertContact(trx, userId, {
          values,
          ticketId: input.ticketId || null,
          eventIds: input.events,
          at: ctx.now(),
        });
    if (contactId === null) throw AppError.notFound('Contact not found');
    if (input.note) await insertNote(trx, { contactId, note: input.note });
    const ticketId = input.ticketId || null;
    if (!input.id)
      for (const eventId of input.events)
        await bus?.emit({ type: 'contact.collected', eventId, contactId, userId, ticketId }, trx);
    return contactId;
  });
  return getContact(ctx, userId, id);
}

export async function deleteContact(ctx: AppContext, userId: number, id: number): Promise<void> {
  if (!(await removeContact(ctx.db, userId, id))) throw AppError.notFound('Contact not found');
}

/** E7.51: adds a note (no id) or edits one of the contact's notes (id). */
export async function saveNote(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof saveNoteRequest>,
): Promise<ContactNote> {
  if (!(await findContact(ctx.db, userId, input.contactId))) throw AppError.notFound('Contact not found');
  const row = input.id
    ? await updateNote(ctx.db, input.contactId, input.id, input.note, ctx.now())
    : await insertNote(ctx.db, {
        contactId: input.contactId,
        contactType: input.contactType,
        note: input.note,
      });
  if (!row) throw AppError.notFound('Note not found');
  return presentNote(row);
}

/** E7.52: deletes one of my notes. */
export async function deleteNote(ctx: AppContext, userId: number, id: number): Promise<void> {
  if (!(await removeNote(ctx.db, userId, id))) throw AppError.notFound('Note not found');
}

/** E1.13, E7.53, E9.53: my contacts (at one event, when given) as scanned_contacts.csv. */
export async function exportContacts(ctx: AppContext, userId: number, eventId?: number): Promise<string> {
  const rows = await findContacts(ctx.db, { ownerId: userId, eventId, limit: EXPORT_MAX });
  return contactsToCsv(await withNotes(ctx.db, rows));
}

/**
 * E4.64, E5.40, E5.53, E7.54: who a scanned badge (ticket id or badge link) belongs to at this
 * event, to prefill the contact form; 'Ticket not found' when nobody has it. Their e-mail and phone
 * only when our exchange is accepted (E4.62; see presentContact).
 */
export async function lookupContact(
  ctx: AppContext,
  userId: number,
  query: z.output<typeof contactLookupQuery>,
): Promise<ContactLookup> {
  await requireMembership(ctx.db, query.eventId, userId);
  const ticketId = ticketIdFromCode(query.code);
  if (!ticketId) throw AppError.badRequest('Invalid scan data', { code: 'contacts.error.scanData' });
  const person = await personByTicket(ctx.db, query.eventId, ticketId);
  if (!person) throw AppError.notFound('Ticket not found');
  const existing =
    (await findContactByTicket(ctx.db, userId, ticketId)) ??
    (await contactForPerson(ctx.db, userId, person.id));
  const exchange =
    person.user_id && person.user_id !== userId
      ? await findExchange(ctx.db, userId, person.user_id)
      : undefined;
  const shared = person.user_id === userId || exchange?.state === 'accepted';
  return {
    ticketId,
    firstName: person.name,
    lastName: person.surname,
    emails: shared && person.email ? [person.email] : [],
    phones: shared && person.phone ? [person.phone] : [],
    company: person.company,
    jobTitle: person.job_title,
    website: person.website,
    profilePhotoPath: person.profile_photo,
    existingContactId: existing?.id ?? null,
  };
}
