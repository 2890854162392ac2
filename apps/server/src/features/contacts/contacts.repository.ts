import {
  type Contact,
  type ContactDetails,
  type ContactExchangeState,
  type ContactNote,
  exchangeStateFor,
  normalizePhone,
} from '@foyer/contract';
import { type Selectable, sql, type Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/errors';
import { type Executor, firstRow } from '../../db/executor';
import type { ContactNotesTable, ContactsTable, DB } from '../../db/schema';
import { type EventPerson, exchangesWith, otherUserOf, peopleByIds } from './exchanges.repository';

export type ContactRow = Selectable<ContactsTable>;
type NoteRow = Selectable<ContactNotesTable>;

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentNote(row: NoteRow): ContactNote {
  return {
    id: row.id,
    note: row.note,
    contactId: row.contact_id,
    contactType: row.contact_type,
    insertedAt: iso(row.created_at),
  };
}

/** The Foyer person a contact is, and the exchange with them as the contact's owner sees it. */
export interface ContactLink {
  person: EventPerson | undefined;
  /** null: the person has no account to exchange with (or is gone). */
  state: ContactExchangeState | null;
}

const unique = (list: readonly string[]) => [...new Set(list.filter(Boolean))];

/**
 * E3.28, with the events' names, the newest note and the contact's link already looked up.
 *
 * What a contact shows (E4.62): what its owner typed, and what the person handed over themselves in
 * a scanned vCard or MECARD, always. For a contact that is a Foyer participant (a badge, a card that
 * matched, a meeting partner), their attendee card's public fields (name, company, job title,
 * website, photo) fill the gaps at once; their profile's e-mail and phone only once the exchange is
 * accepted. So a one-sided contact (sent, received, rejected) of a scanned badge shows the name,
 * company and title but no way to reach them until they accept.
 */
export function presentContact(
  row: ContactRow,
  eventNames: ReadonlyMap<number, string>,
  newestNote: string,
  link?: ContactLink,
): Contact {
  const person = link?.person;
  const shared = link?.state === 'accepted' && person !== undefined;
  const emails = unique([...row.emails, ...(shared ? [person.email.trim().toLowerCase()] : [])]);
  const phones = unique([...row.phones, ...(shared && person.phone ? [normalizePhone(person.phone)] : [])]);
  const fullName = `${row.first_name} ${row.last_name}`.trim();
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName,
    ticketId: row.ticket_id,
    emails,
    phones,
    company: row.company || person?.company || '',
    jobTitle: row.job_title || person?.job_title || '',
    website: row.website || person?.website || '',
    email: emails[0] ?? '',
    phone: phones[0] ?? '',
    profilePhotoPath: row.profile_photo ?? person?.profile_photo ?? null,
    note: newestNote,
    eventObjects: row.event_ids.map((id) => ({ id, name: eventNames.get(id) ?? '' })),
    insertedAtStr: iso(row.created_at),
    participantId: row.participant_id,
    exchange: link?.state ?? null,
    source: row.source,
  };
}

/** The link of each contact that is a participant: the person and the owner's exchange with them. */
export async function linksOf(db: Executor, rows: readonly ContactRow[]): Promise<Map<number, ContactLink>> {
  const linked = rows.filter((r) => r.participant_id !== null);
  const links = new Map<number, ContactLink>();
  if (linked.length === 0) return links;
  const people = new Map(
    (await peopleByIds(db, [...new Set(linked.map((r) => r.participant_id as number))])).map((p) => [
      p.id,
      p,
    ]),
  );
  const byOwner = new Map<number, ContactRow[]>();
  for (const row of linked) byOwner.set(row.owner_id, [...(byOwner.get(row.owner_id) ?? []), row]);
  for (const [ownerId, own] of byOwner) {
    const users = own.flatMap((r) => {
      const userId = people.get(r.participant_id as number)?.user_id;
      return userId && userId !== ownerId ? [userId] : [];
    });
    const exchanges = new Map(
      (await exchangesWith(db, ownerId, [...new Set(users)])).map((e) => [otherUserOf(e, ownerId), e]),
    );
    for (const row of own) {
      const person = people.get(row.participant_id as number);
      const userId = person?.user_id;
      const exchange = userId ? exchanges.get(userId) : undefined;
      links.set(row.id, {
        person,
        state:
          userId && userId !== ownerId
            ? exchangeStateFor(
                ownerId,
                exchange && { requesterId: exchange.requester_id, state: exchange.state },
              )
            : null,
      });
    }
  }
  return links;
}

export interface ContactFilter {
  ownerId: number;
  eventId?: number;
  search?: string;
  after?: number;
  limit: number;
}

/** My contacts, newest first, optionally at one event and matching a search. */
export function findContacts(db: Executor, f: ContactFilter): Promise<ContactRow[]> {
  let query = db.selectFrom('contacts').selectAll().where('owner_id', '=', f.ownerId);
  if (f.eventId) query = query.where(sql<boolean>`${f.eventId} = ANY(event_ids)`);
  if (f.after) query = query.where('id', '<', f.after);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`first_name || ' ' || last_name`, 'ilike', like),
        eb('company', 'ilike', like),
        eb(sql`array_to_string(emails, ' ')`, 'ilike', like),
      ]),
    );
  }
  return query.orderBy('id', 'desc').limit(f.limit).execute();
}

/**
 * One of my contacts; `keep` holds it against a delete to the end of the transaction (FOR KEY SHARE,
 * what a note's foreign key takes): a delete in flight is waited for, and then it is gone.
 */
export function findContact(
  db: Executor,
  ownerId: number,
  id: number,
  keep?: 'keep',
): Promise<ContactRow | undefined> {
  return firstRow(
    db.selectFrom('contacts').selectAll().where('id', '=', id).where('owner_id', '=', ownerId),
    keep,
  );
}

export function findNotes(db: Executor, contactIds: readonly number[]): Promise<NoteRow[]> {
  if (contactIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('contact_notes')
    .selectAll()
    .where('contact_id', 'in', contactIds)
    .orderBy('id')
    .execute();
}

export async function eventNamesOf(db: Executor, rows: readonly ContactRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((r) => r.event_ids))];
  if (ids.length === 0) return new Map();
  const events = await db.selectFrom('events').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(events.map((e) => [e.id, e.name]));
}

/** Contacts with every note, in the order given (details and export). */
export async function withNotes(db: Executor, rows: readonly ContactRow[]): Promise<ContactDetails[]> {
  const [names, notes, links] = await Promise.all([
    eventNamesOf(db, rows),
    findNotes(
      db,
      rows.map((r) => r.id),
    ),
    linksOf(db, rows),
  ]);
  return rows.map((row) => {
    const own = notes.filter((n) => n.contact_id === row.id);
    return {
      ...presentContact(row, names, own.at(-1)?.note ?? '', links.get(row.id)),
      notes: own.map(presentNote),
    };
  });
}

/** The fields a contact form sets (E7.50). */
export interface ContactValues {
  first_name: string;
  last_name: string;
  emails: string[];
  phones: string[];
  company: string;
  job_title: string;
  website: string;
}

/** Updates my contact `id` (its events are merged, never dropped); null when it is not mine. */
export async function updateContact(
  trx: Transaction<DB>,
  ownerId: number,
  id: number,
  input: { values: ContactValues; ticketId: string | null | undefined; eventIds: number[]; at: Date },
): Promise<number | null | 'ticketTaken'> {
  const updated = await trx
    .updateTable('contacts')
    .set({
      ...input.values,
      ...(input.ticketId !== undefined ? { ticket_id: input.ticketId } : {}),
      event_ids: sql<
        number[]
      >`ARRAY(SELECT DISTINCT unnest(event_ids || ${input.eventIds}::int[]) ORDER BY 1)`,
      updated_at: input.at,
    })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .returning('id')
    .executeTakeFirst()
    .catch((error: unknown) => {
      // Another of my contacts has this badge (one contact per badge and owner).
      if (isUniqueViolation(error, 'contacts_owner_ticket')) return 'ticketTaken' as const;
      throw error;
    });
  return updated === 'ticketTaken' ? updated : (updated?.id ?? null);
}

/**
 * Adds a contact; with a ticket id I already have a contact for, updates that one instead (two
 * racing scans of one badge keep one contact). Returns its id.
 */
export async function upsertContact(
  trx: Transaction<DB>,
  ownerId: number,
  input: { values: ContactValues; ticketId: string | null; eventIds: number[]; at: Date },
): Promise<{ id: number; created: boolean }> {
  return (
    trx
      .insertInto('contacts')
      .values({
        ...input.values,
        owner_id: ownerId,
        ticket_id: input.ticketId,
        event_ids: [...new Set(input.eventIds)].sort((a, b) => a - b),
      })
      .onConflict((oc) =>
        oc
          .columns(['owner_id', 'ticket_id'])
          .where('ticket_id', 'is not', null)
          .doUpdateSet({
            ...input.values,
            event_ids: sql<
              number[]
            >`ARRAY(SELECT DISTINCT unnest(contacts.event_ids || excluded.event_ids) ORDER BY 1)`,
            updated_at: input.at,
          }),
      )
      // xmax is 0 on a row this statement inserted, the updating transaction's id on one it merged into.
      .returning(['id', sql<boolean>`xmax = 0`.as('created')])
      .executeTakeFirstOrThrow()
  );
}

/** Deletes my contact; false when there was none. */
export async function removeContact(db: Executor, ownerId: number, id: number): Promise<boolean> {
  const gone = await db
    .deleteFrom('contacts')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

/**
 * My contact saved from the badge `ticketId`, which `participantId` has now: not one linked to
 * someone else (whose badge it was when I saved them, before the ticket was handed on).
 */
export function findContactByTicket(db: Executor, ownerId: number, ticketId: string, participantId: number) {
  return db
    .selectFrom('contacts')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('ticket_id', '=', ticketId)
    .where((eb) => eb.or([eb('participant_id', 'is', null), eb('participant_id', '=', participantId)]))
    .executeTakeFirst();
}

export function insertNote(
  db: Executor,
  input: { contactId: number; note: string; contactType?: NoteRow['contact_type'] | undefined },
): Promise<NoteRow> {
  return db
    .insertInto('contact_notes')
    .values({
      contact_id: input.contactId,
      note: input.note,
      ...(input.contactType !== undefined ? { contact_type: input.contactType } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateNote(
  db: Executor,
  contactId: number,
  id: number,
  note: string,
  at: Date,
): Promise<NoteRow | undefined> {
  return db
    .updateTable('contact_notes')
    .set({ note, updated_at: at })
    .where('id', '=', id)
    .where('contact_id', '=', contactId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes one of my notes; false when there was none. */
export async function removeNote(db: Executor, ownerId: number, id: number): Promise<boolean> {
  const gone = await db
    .deleteFrom('contact_notes')
    .where('id', '=', id)
    .where('contact_id', 'in', (eb) => eb.selectFrom('contacts').select('id').where('owner_id', '=', ownerId))
    .executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}
