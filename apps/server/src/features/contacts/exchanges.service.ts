import { type ContactRequest, type ContactRequestList, exchangeStateFor } from '@foyer/contract';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import type { Bus } from '../../events/bus';
import { AppError } from '../../http/errors';
import {
  claimHeldMeetings,
  type EventPerson,
  type ExchangeRow,
  findExchangeById,
  insertExchange,
  lockExchange,
  meetingPartners,
  otherParticipantOf,
  pendingExchanges,
  peopleByIds,
  setExchangeState,
} from './exchanges.repository';
import { collectLinked, contactForPerson, holdContactBooks } from './scan.repository';

/**
 * E4.62: contact exchanges between two Foyer users, one per pair, whoever asked first.
 *
 * - Scanning someone's badge (or a card that matches them, E4.64) asks them: `sent` for me,
 *   `received` for them. They accept or reject it.
 * - Scanning back someone who asked me accepts (both want it), and so does scanning someone whose
 *   request I rejected earlier (I changed my mind). Scanning again someone who rejected me changes
 *   nothing: no nagging.
 * - Meeting partners (a one-to-one meeting, not cancelled, whose end has passed) become each
 *   other's contacts: their exchange is accepted, unless one of them rejected it before (a refusal
 *   stands), and each gets a contact for the other.
 * - Every change emits `contact.exchange.changed` in its transaction; the contacts processor pushes
 *   each side what it now sees (contacts.processor.ts).
 * What a contact shows in each state: contacts.repository.ts, `presentContact`.
 */

export interface Side {
  userId: number;
  participantId: number | null;
}

/** The exchange after `me` scanned `them`, and whether it changed (so it is pushed). */
export async function requestExchange(
  trx: Transaction<DB>,
  at: Date,
  eventId: number,
  me: Side,
  them: Side,
): Promise<{ row: ExchangeRow; changed: boolean }> {
  const inserted = await insertExchange(trx, {
    eventId,
    requesterId: me.userId,
    requesterParticipantId: me.participantId,
    recipientId: them.userId,
    recipientParticipantId: them.participantId,
    state: 'pending',
    source: 'scan',
  });
  if (inserted) return { row: inserted, changed: true };
  const row = await lockExchange(trx, me.userId, them.userId);
  if (!row) throw new Error('contact exchange vanished'); // rows are only deleted with a user
  const theyAsked = row.requester_id !== me.userId;
  if (theyAsked && (row.state === 'pending' || row.state === 'rejected')) {
    return { row: await setExchangeState(trx, row.id, { state: 'accepted', at }), changed: true };
  }
  return { row, changed: false };
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** The public card of a person: what an attendee card shows (no e-mail, no phone). */
export function publicValues(person: EventPerson) {
  return {
    first_name: person.name,
    last_name: person.surname,
    emails: [] as string[],
    phones: [] as string[],
    company: person.company,
    job_title: person.job_title,
    website: person.website,
  };
}

/** The exchange as `userId` sees it. */
export async function presentRequest(
  db: Executor,
  row: ExchangeRow,
  userId: number,
  people?: ReadonlyMap<number, EventPerson>,
): Promise<ContactRequest> {
  const participantId = otherParticipantOf(row, userId);
  const person =
    participantId === null
      ? undefined
      : (people?.get(participantId) ?? (await peopleByIds(db, [participantId]))[0]);
  const contact = participantId === null ? undefined : await contactForPerson(db, userId, participantId);
  return {
    id: row.id,
    eventId: row.event_id,
    state: exchangeStateFor(userId, { requesterId: row.requester_id, state: row.state }),
    person: {
      participantId,
      name: person?.name ?? 'Deleted',
      surname: person?.surname ?? '',
      fullName: person ? `${person.name} ${person.surname}`.trim() : 'Deleted',
      company: person?.company ?? '',
      jobTitle: person?.job_title ?? '',
      profilePhoto: person?.profile_photo ?? null,
    },
    contactId: contact?.id ?? null,
    updatedAt: iso(row.updated_at),
  };
}

/** GET /contact/requests: my waiting exchanges, split by who has to answer. */
export async function listRequests(
  ctx: AppContext,
  userId: number,
  eventId?: number,
): Promise<ContactRequestList> {
  const rows = await pendingExchanges(ctx.db, userId, eventId);
  const people = new Map(
    (
      await peopleByIds(
        ctx.db,
        rows.flatMap((r) => {
          const id = otherParticipantOf(r, userId);
          return id === null ? [] : [id];
        }),
      )
    ).map((p) => [p.id, p]),
  );
  const presented = [];
  for (const row of rows) presented.push(await presentRequest(ctx.db, row, userId, people));
  return {
    received: presented.filter((r) => r.state === 'received'),
    sent: presented.filter((r) => r.state === 'sent'),
  };
}

/** POST /contact/requests/:id: the person asked accepts (both get each other's details) or rejects. */
export async function answerRequest(
  deps: { ctx: AppContext; bus: Pick<Bus, 'emit'> },
  userId: number,
  id: number,
  accept: boolean,
): Promise<ContactRequest> {
  const { ctx } = deps;
  const found = await findExchangeById(ctx.db, id);
  if (!found || (found.user_low !== userId && found.user_high !== userId)) {
    throw AppError.notFound('Contact request not found');
  }
  const row = await ctx.db.transaction().execute(async (trx) => {
    await holdContactBooks(trx, [userId]); // before the exchange, as a scan takes them
    const current = await lockExchange(trx, found.user_low, found.user_high);
    if (current?.state !== 'pending' || current.requester_id === userId) {
      throw AppError.conflict('This contact request is not waiting for your answer');
    }
    const updated = await setExchangeState(trx, current.id, {
      state: accept ? 'accepted' : 'rejected',
      at: ctx.now(),
    });
    const requesterParticipant = otherParticipantOf(updated, userId);
    if (accept && requesterParticipant !== null) {
      const [person] = await peopleByIds(trx, [requesterParticipant]);
      if (person) {
        await collectLinked(trx, userId, {
          participantId: person.id,
          ticketId: null,
          photo: person.profile_photo,
          values: publicValues(person),
          eventIds: [updated.event_id],
          source: 'exchange',
          at: ctx.now(),
        });
      }
    }
    await deps.bus.emit(
      { type: 'contact.exchange.changed', eventId: updated.event_id, exchangeId: updated.id },
      trx,
    );
    return updated;
  });
  return presentRequest(ctx.db, row, userId);
}

const MEETINGS_PER_RUN = 200;

/**
 * Held meetings' partners join each other's contacts (see above). Idempotent: each meeting is
 * claimed once (contact_meeting_links), an accepted exchange stays accepted, and a contact I have
 * is merged, not added twice. Returns how many meetings were linked.
 */
export async function linkHeldMeetings(ctx: AppContext, bus: Pick<Bus, 'emit'>): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const meetings = await claimHeldMeetings(trx, now, MEETINGS_PER_RUN);
    if (meetings.length === 0) return 0;
    const partners = await meetingPartners(trx, meetings);
    // Every book this run writes to, in owner order, before the first exchange: no wait mid-way on a
    // book that a scan (holding it, and asking for the exchange held here) or another run holds.
    await holdContactBooks(
      trx,
      partners.flatMap((p) => (p.user_id === null ? [] : [p.user_id])),
    );
    const people = new Map(
      (await peopleByIds(trx, [...new Set(partners.map((p) => p.participant_id))])).map((p) => [p.id, p]),
    );
    for (const meetingId of meetings) {
      const here = partners.filter((p) => p.meeting_id === meetingId);
      for (let i = 0; i < here.length; i++) {
        for (let j = i + 1; j < here.length; j++) {
          const a = here[i] as (typeof here)[number];
          const b = here[j] as (typeof here)[number];
          if (a.user_id === null || b.user_id === null || a.user_id === b.user_id) continue;
          await linkPartners(trx, bus, now, a.event_id, [a, b], people);
        }
      }
    }
    return meetings.length;
  });
}

async function linkPartners(
  trx: Transaction<DB>,
  bus: Pick<Bus, 'emit'>,
  now: Date,
  eventId: number,
  pair: { participant_id: number; user_id: number | null }[],
  people: ReadonlyMap<number, EventPerson>,
) {
  const [a, b] = pair as [
    { participant_id: number; user_id: number },
    { participant_id: number; user_id: number },
  ];
  let row = await insertExchange(trx, {
    eventId,
    requesterId: a.user_id,
    requesterParticipantId: a.participant_id,
    recipientId: b.user_id,
    recipientParticipantId: b.participant_id,
    state: 'accepted',
    source: 'meeting',
  });
  let changed = row !== undefined;
  if (!row) {
    row = await lockExchange(trx, a.user_id, b.user_id);
    if (!row || row.state === 'rejected') return; // a refusal stands
    if (row.state === 'pending') {
      row = await setExchangeState(trx, row.id, { state: 'accepted', source: 'meeting', at: now });
      changed = true;
    }
  }
  for (const [owner, other] of [
    [a, b],
    [b, a],
  ] as const) {
    const person = people.get(other.participant_id);
    if (!person) continue;
    const { created } = await collectLinked(trx, owner.user_id, {
      participantId: person.id,
      ticketId: null,
      photo: person.profile_photo,
      values: publicValues(person),
      eventIds: [eventId],
      source: 'meeting',
      at: now,
    });
    changed ||= created;
  }
  if (changed) await bus.emit({ type: 'contact.exchange.changed', eventId, exchangeId: row.id }, trx);
}

const LINK_EVERY_MS = 5 * 60_000;

/** Every five minutes, by the scheduler (tests call linkHeldMeetings directly). */
export function scheduleMeetingContacts(app: FastifyInstance): void {
  app.scheduler.every('meeting-contacts', LINK_EVERY_MS, () => linkHeldMeetings(app.ctx, app.bus));
}
