import type { Contact, ContactDetails, ContactNote } from '@foyer/contract';
import { type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { ContactNotesTable, ContactsTable } from '../../db/schema';

type ContactRow = Selectable<ContactsTable>;
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

/** E3.28, with the events' names and the newest note already looked up. */
export function presentContact(
  row: ContactRow,
  eventNames: ReadonlyMap<number, string>,
  newestNote: string,
): Contact {
  const fullName = `${row.first_name} ${row.last_name}`.trim();
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName,
    ticketId: row.ticket_id,
    emails: row.emails,
    phones: row.phones,
    company: row.company,
    jobTitle: row.job_title,
    website: row.website,
    email: row.emails[0] ?? '',
    phone: row.phones[0] ?? '',
    profilePhotoPath: row.profile_photo,
    note: newestNote,
    eventObjects: row.event_ids.map((id) => ({ id, name: eventNames.get(id) ?? '' })),
    insertedAtStr: iso(row.created_at),
  };
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

export function findContact(db: Executor, ownerId: number, id: number): Promise<ContactRow | undefined> {
  return db
    .selectFrom('contacts')
    .selectAll()
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
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
  const [names, notes] = await Promise.all([
    eventNamesOf(db, rows),
    findNotes(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((row) => {
    const own = notes.filter((n) => n.contact_id === row.id);
    return {
      ...presentContact(row, names, own.at(-1)?.note ?? ''),
      notes: own.map(presentNote),
    };
  });
}
