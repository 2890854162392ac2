import {
  type ContactDetails,
  type ContactLookup,
  type ContactNote,
  type ContactPage,
  type ContactsEditedPayload,
  type contactListQuery,
  type contactLookupQuery,
  contactsToCsv,
  RecordType,
  realtimeRoom,
  type saveContactRequest,
  type saveNoteRequest,
  ticketIdFromCode,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { Bus } from '../../events/bus';
import { AppError } from '../../http/errors';
import type { Realtime } from '../../realtime/realtime';
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

/** What my contact edits need: they are announced to my other tabs and devices (E7.82). */
export interface ContactEditDeps {
  ctx: AppContext;
  realtime: Pick<Realtime, 'publish'>;
  bus?: Pick<Bus, 'emit'>;
}

/**
 * E7.82: my other tabs and devices hear of my own contact and note edits (`contactId` null: fetch
 * the list again). Written in the edit's transaction: a crash after the commit cannot lose it.
 */
function edited(deps: ContactEditDeps, userId: number, contactId: number | null, trx: Transaction<DB>) {
  const payload: ContactsEditedPayload = { contactId };
  return deps.realtime.publish(realtimeRoom.user(userId), RecordType.ContactsEdited, payload, trx);
}

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
  deps: ContactEditDeps,
  userId: number,
  input: z.output<typeof saveContactRequest>,
): Promise<ContactDetails> {
  const { ctx, bus } = deps;
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
    const { contactId, created } = input.id
      ? {
          contactId: await updateContact(trx, userId, input.id, {
            values,
            ticketId: input.ticketId !== undefined ? input.ticketId || null : undefined,
            eventIds: input.events,
            at: ctx.now(),
          }),
          created: false,
        }
      : await upsertContact(trx, userId, {
          values,
          ticketId: input.ticketId || null,
          eventIds: input.events,
          at: ctx.now(),
        }).then((row) => ({ contactId: row.id, created: row.created }));
    if (contactId === null) throw AppError.notFound('Contact not found');
    if (contactId === 'ticketTaken') throw AppError.conflict('Another of your contacts has this badge');
    if (input.note) await insertNote(trx, { contactId, note: input.note });
    const ticketId = input.ticketId || null;
    // Collected once: a badge saved again merges into its contact (as a scan does) and says nothing.
    if (created)
      for (const eventId of input.events)
        await bus?.emit({ type: 'contact.collected', eventId, contactId, userId, ticketId }, trx);
    await edited(deps, userId, contactId, trx);
    return contactId;
  });
  return getContact(ctx, userId, id);
}

export async function deleteContact(deps: ContactEditDeps, userId: number, id: number): Promise<void> {
  await deps.ctx.db.transaction().execute(async (trx) => {
    if (!(await removeContact(trx, userId, id))) throw AppError.notFound('Contact not found');
    await edited(deps, userId, null, trx);
  });
}

/** E7.51: adds a note (no id) or edits one of the contact's notes (id). */
export async function saveNote(
  deps: ContactEditDeps,
  userId: number,
  input: z.output<typeof saveNoteRequest>,
): Promise<ContactNote> {
  const { ctx } = deps;
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await findContact(trx, userId, input.contactId, 'keep')))
      throw AppError.notFound('Contact not found');
    const row = input.id
      ? await updateNote(trx, input.contactId, input.id, input.note, ctx.now())
      : await insertNote(trx, {
          contactId: input.contactId,
          contactType: input.contactType,
          note: input.note,
        });
    if (!row) throw AppError.notFound('Note not found');
    await edited(deps, userId, input.contactId, trx);
    return presentNote(row);
  });
}

/** E7.52: deletes one of my notes. */
export async function deleteNote(deps: ContactEditDeps, userId: number, id: number): Promise<void> {
  await deps.ctx.db.transaction().execute(async (trx) => {
    if (!(await removeNote(trx, userId, id))) throw AppError.notFound('Note not found');
    await edited(deps, userId, null, trx);
  });
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
    (await findContactByTicket(ctx.db, userId, ticketId, person.id)) ??
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
