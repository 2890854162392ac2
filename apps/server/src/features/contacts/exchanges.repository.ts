import { type Selectable, sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { ContactExchangesTable, DB } from '../../db/schema';

/**
 * Contact exchanges (E4.62), and the few reads of the event's people and meetings the exchange
 * rules need. Those reads are SQL on the participants and meetings tables (as webhooks' and the
 * organizer dashboard's repositories do): neither feature's service has a lookup by e-mail or phone
 * or a list of held meetings, and contacts must not import their repositories (decision 014).
 */

export type ExchangeRow = Selectable<ContactExchangesTable>;

/** The pair's key: the lower user id first. */
export const pairOf = (a: number, b: number): [number, number] => (a < b ? [a, b] : [b, a]);

/** The other user of an exchange, seen from `userId`. */
export const otherUserOf = (row: ExchangeRow, userId: number) =>
  row.user_low === userId ? row.user_high : row.user_low;

/** The other person's participant id, seen from `userId`. */
export const otherParticipantOf = (row: ExchangeRow, userId: number) =>
  row.user_low === userId ? row.high_participant_id : row.low_participant_id;

export function findExchange(db: Executor, a: number, b: number): Promise<ExchangeRow | undefined> {
  const [low, high] = pairOf(a, b);
  return db
    .selectFrom('contact_exchanges')
    .selectAll()
    .where('user_low', '=', low)
    .where('user_high', '=', high)
    .executeTakeFirst();
}

/** The pair's exchange, its row locked until the transaction ends. */
export function lockExchange(trx: Transaction<DB>, a: number, b: number): Promise<ExchangeRow | undefined> {
  const [low, high] = pairOf(a, b);
  return trx
    .selectFrom('contact_exchanges')
    .selectAll()
    .where('user_low', '=', low)
    .where('user_high', '=', high)
    .forUpdate()
    .executeTakeFirst();
}

export function findExchangeById(db: Executor, id: number): Promise<ExchangeRow | undefined> {
  return db.selectFrom('contact_exchanges').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The exchanges between `userId` and these users. */
export function exchangesWith(
  db: Executor,
  userId: number,
  others: readonly number[],
): Promise<ExchangeRow[]> {
  if (others.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('contact_exchanges')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('user_low', '=', userId), eb('user_high', 'in', others)]),
        eb.and([eb('user_high', '=', userId), eb('user_low', 'in', others)]),
      ]),
    )
    .execute();
}

export interface NewExchange {
  eventId: number;
  requesterId: number;
  requesterParticipantId: number | null;
  recipientId: number;
  recipientParticipantId: number | null;
  state: ExchangeRow['state'];
  source: ExchangeRow['source'];
}

/** Adds the pair's exchange; undefined when the pair has one already (a racing scan added it). */
export function insertExchange(trx: Transaction<DB>, input: NewExchange): Promise<ExchangeRow | undefined> {
  const requesterLow = input.requesterId < input.recipientId;
  const [low, high] = pairOf(input.requesterId, input.recipientId);
  return trx
    .insertInto('contact_exchanges')
    .values({
      event_id: input.eventId,
      user_low: low,
      user_high: high,
      requester_id: input.requesterId,
      low_participant_id: requesterLow ? input.requesterParticipantId : input.recipientParticipantId,
      high_participant_id: requesterLow ? input.recipientParticipantId : input.requesterParticipantId,
      state: input.state,
      source: input.source,
    })
    .onConflict((oc) => oc.columns(['user_low', 'user_high']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function setExchangeState(
  trx: Transaction<DB>,
  id: number,
  set: { state: ExchangeRow['state']; source?: ExchangeRow['source']; at: Date },
): Promise<ExchangeRow> {
  return trx
    .updateTable('contact_exchanges')
    .set({ state: set.state, ...(set.source ? { source: set.source } : {}), updated_at: set.at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's waiting exchanges, newest first (at one event when given). */
export function pendingExchanges(db: Executor, userId: number, eventId?: number): Promise<ExchangeRow[]> {
  return db
    .selectFrom('contact_exchanges')
    .selectAll()
    .where('state', '=', 'pending')
    .where((eb) => eb.or([eb('user_low', '=', userId), eb('user_high', '=', userId)]))
    .$if(eventId !== undefined, (q) => q.where('event_id', '=', eventId as number))
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

// ---- the event's people ------------------------------------------------------------------------

/** What a contact may show of a participant; email and phone only once an exchange is accepted. */
const PERSON_COLUMNS = [
  'id',
  'event_id',
  'user_id',
  'name',
  'surname',
  'email',
  'phone',
  'company',
  'job_title',
  'website',
  'profile_photo',
  'ticket_id',
  'booth_id',
  'booth_role',
] as const;

export type EventPerson = Pick<Selectable<DB['participants']>, (typeof PERSON_COLUMNS)[number]>;

export function peopleByIds(db: Executor, ids: readonly number[]): Promise<EventPerson[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('participants').select(PERSON_COLUMNS).where('id', 'in', ids).execute();
}

/** The caller's participant row at the event. */
export function personOfUser(
  db: Executor,
  eventId: number,
  userId: number,
): Promise<EventPerson | undefined> {
  return db
    .selectFrom('participants')
    .select(PERSON_COLUMNS)
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .where('state', '!=', 'deleted')
    .executeTakeFirst();
}

/** E5.53: who holds the ticket at the event. */
export function personByTicket(
  db: Executor,
  eventId: number,
  ticketId: string,
): Promise<EventPerson | undefined> {
  return db
    .selectFrom('participants')
    .select(PERSON_COLUMNS)
    .where('event_id', '=', eventId)
    .where('ticket_id', '=', ticketId)
    .where('state', '!=', 'deleted')
    .executeTakeFirst();
}

/**
 * E4.64: the event's participant a scanned card is, by e-mail (trimmed, lowercased: E5.42) or by
 * phone (written as the scanner writes it: + → 00, no separators: E5.41). People with an account
 * first, then the oldest.
 */
export function personByCard(
  db: Executor,
  eventId: number,
  emails: readonly string[],
  phones: readonly string[],
): Promise<EventPerson | undefined> {
  if (emails.length === 0 && phones.length === 0) return Promise.resolve(undefined);
  const phone = sql<string>`regexp_replace(regexp_replace(phone, '[\\s().-]', '', 'g'), '^\\+', '00')`;
  return db
    .selectFrom('participants')
    .select(PERSON_COLUMNS)
    .where('event_id', '=', eventId)
    .where('state', '!=', 'deleted')
    .where((eb) =>
      eb.or([
        ...(emails.length ? [eb(sql`lower(trim(email))`, 'in', emails)] : []),
        ...(phones.length ? [eb.and([eb('phone', '!=', ''), eb(phone, 'in', phones)])] : []),
      ]),
    )
    .orderBy(sql`user_id IS NULL`)
    .orderBy('id')
    .executeTakeFirst();
}

// ---- held meetings -----------------------------------------------------------------------------

/**
 * Claims up to `limit` held meetings not linked yet: one-to-one meetings (not popup tables), not
 * cancelled, whose end has passed. The claim is the `contact_meeting_links` row, so each meeting is
 * linked once even with several processes running the job.
 */
export async function claimHeldMeetings(trx: Transaction<DB>, now: Date, limit: number): Promise<number[]> {
  const rows = await sql<{ meeting_id: number }>`
    INSERT INTO contact_meeting_links (meeting_id, linked_at)
    SELECT m.id, ${now} FROM meetings m
    WHERE m.kind = 'meeting' AND m.status <> 'cancelled' AND m.edt <= ${now}
      AND NOT EXISTS (SELECT 1 FROM contact_meeting_links l WHERE l.meeting_id = m.id)
    ORDER BY m.edt, m.id
    LIMIT ${limit}
    ON CONFLICT (meeting_id) DO NOTHING
    RETURNING meeting_id`.execute(trx);
  return rows.rows.map((r) => r.meeting_id);
}

/** The people who were in these meetings (active, with an account). */
export function meetingPartners(trx: Transaction<DB>, meetingIds: readonly number[]) {
  if (meetingIds.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('meeting_participants as mp')
    .innerJoin('meetings as m', 'm.id', 'mp.meeting_id')
    .innerJoin('participants as p', 'p.id', 'mp.participant_id')
    .select(['mp.meeting_id', 'm.event_id', 'p.id as participant_id', 'p.user_id'])
    .where('mp.meeting_id', 'in', meetingIds)
    .where('mp.active', '=', true)
    .where('p.state', '!=', 'deleted')
    .where('p.user_id', 'is not', null)
    .orderBy('mp.meeting_id')
    .orderBy('p.id')
    .execute();
}
