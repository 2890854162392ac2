import { sql, type Transaction } from 'kysely';
import { holdLock } from '../../db/advisory-locks';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import type { ContactRow, ContactValues } from './contacts.repository';

/** Writes of a scan (E1.11): a contact is added once, and a second scan merges into it. */

type Source = ContactRow['source'];

export interface CollectInput {
  values: ContactValues;
  eventIds: number[];
  source: Source;
  at: Date;
}

const unique = (list: readonly string[]) => [...new Set(list.filter(Boolean))];

/**
 * A second scan (or an exchange, or a meeting) adds to what I have and changes nothing I wrote:
 * new e-mails and phones are appended, empty fields filled, events merged.
 */
function merge(row: ContactRow, input: CollectInput) {
  const v = input.values;
  return {
    last_name: row.last_name || v.last_name,
    emails: unique([...row.emails, ...v.emails]).slice(0, 10),
    phones: unique([...row.phones, ...v.phones]).slice(0, 10),
    company: row.company || v.company,
    job_title: row.job_title || v.job_title,
    website: row.website || v.website,
    event_ids: [...new Set([...row.event_ids, ...input.eventIds])].sort((a, b) => a - b),
    updated_at: input.at,
  };
}

/**
 * One owner's scans one after another, to the end of the transaction: a contact is unique by
 * participant AND by ticket (and merged by e-mail), and an upsert can name only one of those
 * indexes, so two racing scans of one badge could otherwise still collide on the other (a 500).
 */
async function lockContactBook(trx: Transaction<DB>, ownerId: number): Promise<void> {
  await holdLock(trx, 'contactBook', ownerId);
}

/**
 * The contact books a change will write to, held in owner order before anything else of it (the
 * exchange between two people included): a scan holds its book and then asks for the exchange, so
 * an answer or the meeting-contacts job that held the exchange first and then a book deadlocked it.
 */
export async function holdContactBooks(trx: Transaction<DB>, ownerIds: readonly number[]): Promise<void> {
  for (const id of [...new Set(ownerIds)].sort((a, b) => a - b)) await lockContactBook(trx, id);
}

/**
 * My contact for the participant: the one I have (by participant, or by the badge's ticket for
 * contacts saved before they were linked), merged; else a new one. Two racing scans of one badge
 * keep one contact (the owner's lock, then the unique index on owner and participant).
 */
export async function collectLinked(
  trx: Transaction<DB>,
  ownerId: number,
  input: CollectInput & { participantId: number; ticketId: string | null; photo: string | null },
): Promise<{ id: number; created: boolean }> {
  await lockContactBook(trx, ownerId);
  const existing = await trx
    .selectFrom('contacts')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where((eb) =>
      eb.or([
        eb('participant_id', '=', input.participantId),
        ...(input.ticketId
          ? [eb.and([eb('ticket_id', '=', input.ticketId), eb('participant_id', 'is', null)])]
          : []),
      ]),
    )
    .orderBy(sql`participant_id IS NULL`)
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (existing) {
    await trx
      .updateTable('contacts')
      .set({
        ...merge(existing, input),
        participant_id: input.participantId,
        profile_photo: existing.profile_photo ?? input.photo,
      })
      .where('id', '=', existing.id)
      .execute();
    return { id: existing.id, created: false };
  }
  // The badge was someone else's when I saved them from it (a ticket handed on): it is theirs now.
  if (input.ticketId)
    await trx
      .updateTable('contacts')
      .set({ ticket_id: null })
      .where('owner_id', '=', ownerId)
      .where('ticket_id', '=', input.ticketId)
      .execute();
  const row = await trx
    .insertInto('contacts')
    .values({
      ...input.values,
      owner_id: ownerId,
      participant_id: input.participantId,
      ticket_id: input.ticketId,
      profile_photo: input.photo,
      source: input.source,
      event_ids: [...new Set(input.eventIds)].sort((a, b) => a - b),
    })
    .onConflict((oc) =>
      oc.columns(['owner_id', 'participant_id']).where('participant_id', 'is not', null).doUpdateSet({
        event_ids: sql<
          number[]
        >`ARRAY(SELECT DISTINCT unnest(contacts.event_ids || excluded.event_ids) ORDER BY 1)`,
        updated_at: input.at,
      }),
    )
    .returning(['id', sql<boolean>`xmax = 0`.as('created')])
    .executeTakeFirstOrThrow();
  return { id: row.id, created: row.created };
}

/** A card that is nobody at the event: merged into my contact with one of its e-mails, else added. */
export async function collectCard(
  trx: Transaction<DB>,
  ownerId: number,
  input: CollectInput,
): Promise<{ id: number; created: boolean }> {
  await lockContactBook(trx, ownerId);
  const existing =
    input.values.emails.length > 0
      ? await trx
          .selectFrom('contacts')
          .selectAll()
          .where('owner_id', '=', ownerId)
          .where('participant_id', 'is', null)
          .where(sql<boolean>`emails && ${sql.val(input.values.emails)}::text[]`)
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .executeTakeFirst()
      : undefined;
  if (existing) {
    await trx.updateTable('contacts').set(merge(existing, input)).where('id', '=', existing.id).execute();
    return { id: existing.id, created: false };
  }
  const row = await trx
    .insertInto('contacts')
    .values({
      ...input.values,
      owner_id: ownerId,
      source: input.source,
      event_ids: [...new Set(input.eventIds)].sort((a, b) => a - b),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true };
}

/** My contact for the participant (an exchange's other side), if any. */
export function contactForPerson(
  db: Executor,
  ownerId: number,
  participantId: number,
): Promise<ContactRow | undefined> {
  return db
    .selectFrom('contacts')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
}
