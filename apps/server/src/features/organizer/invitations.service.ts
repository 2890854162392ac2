import { createHash, randomBytes } from 'node:crypto';
import {
  type acceptInvitationRequest,
  type addParticipantsRequest,
  canUseConsoleArea,
  ErrorCode,
  type EventInvitation,
  type inviteParticipantRequest,
  isEventFinished,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DB, ParticipantRow } from '../../db/schema';
import type { Bus, OutgoingMessage } from '../../events/bus';
import { AppError } from '../../http/errors';
import { findParticipation, hasRight, requireMembership } from '../access/event-access';
import { keepCategories } from '../participants/participants.service';
import { generateTicketId } from '../registration/ticket';
import { findUserById, findUserByUsername } from '../user/user.service';
import { consoleRole, requireConsole } from './organizer.access';
import * as repo from './people.repository';

export interface InvitationDeps {
  ctx: AppContext;
  bus: Pick<Bus, 'emit'>;
}

type EventInfo = NonNullable<Awaited<ReturnType<typeof repo.findEventName>>>;

/** The link's token: 256 random bits, URL-safe. Only its digest is stored. */
const newToken = () => randomBytes(32).toString('base64url');
export const inviteDigest = (token: string) => createHash('sha256').update(token).digest('hex');

const invalidInvitation = () =>
  AppError.badRequest('This invitation link is not valid or was already used', {
    token: 'organizer.people.error.invitation',
  });

/**
 * The type and categories must be the event's own (participant categories). In the writer's
 * transaction, before the people's rows: the types stay until it commits (keepTypes).
 */
export async function checkTypeAndCategories(
  db: Transaction<DB> | AppContext['db'],
  eventId: number,
  typeIds: number[],
  categoryIds: number[],
  prefix = '',
): Promise<void> {
  const types = [...new Set(typeIds)];
  if ((await repo.keepTypes(db, eventId, types)) !== types.length)
    throw AppError.badRequest('Unknown participant type', {
      [`${prefix}typeId`]: 'organizer.people.error.type',
    });
  const categories = [...new Set(categoryIds)];
  if ((await keepCategories(db, eventId, categories)) !== categories.length)
    throw AppError.badRequest('Unknown category', {
      [`${prefix}categories`]: 'organizer.people.error.category',
    });
}

export function invitationLink(ctx: AppContext, eventId: number, token: string): string {
  return `${ctx.config.publicUrl}/registration?eventId=${eventId}&invite=${token}`;
}

function invitationMail(
  ctx: AppContext,
  event: EventInfo,
  person: ParticipantRow,
  token: string,
): OutgoingMessage {
  const hello = person.name ? `Hello ${person.name},` : 'Hello,';
  const text = [
    hello,
    '',
    `you are invited to ${event.name}.`,
    'Register with this personal link (it works once):',
    invitationLink(ctx, event.id, token),
    '',
  ].join('\n');
  return { channel: 'email', to: person.email, subject: `Your invitation to ${event.name}`, text };
}

/**
 * A link issued this recently is not replaced: the same invitation asked for again at once (a double
 * click, two organizers, a resend on top of an invite) would kill the link just mailed.
 */
export const REISSUE_AFTER_MS = 10_000;

/**
 * Gives the person a fresh single-use link and returns the mail to send (the old link stops
 * working); null when their link was issued less than `REISSUE_AFTER_MS` ago and still works: that
 * mail carries it. `person` is the row as held by the caller's transaction (updated or read FOR
 * UPDATE in it), so two requests at once take turns and the second sees the first's link.
 */
export async function issueInvitation(
  trx: Transaction<DB>,
  ctx: AppContext,
  event: EventInfo,
  person: ParticipantRow,
): Promise<OutgoingMessage | null> {
  const issuedAt = person.invited_at ? new Date(person.invited_at).getTime() : null;
  const now = ctx.now().getTime();
  if (
    person.state === 'invited' &&
    person.invite_token_hash !== null &&
    issuedAt !== null &&
    issuedAt <= now &&
    now - issuedAt < REISSUE_AFTER_MS
  )
    return null;
  const token = newToken();
  await repo.updatePerson(trx, person.id, { invite_token_hash: inviteDigest(token), invited_at: ctx.now() });
  return invitationMail(ctx, event, person, token);
}

interface NewPerson {
  email: string;
  name?: string | undefined;
  surname?: string | undefined;
  phone?: string | undefined;
  company?: string | undefined;
  jobTitle?: string | undefined;
  typeId?: number | undefined;
  categories?: number[] | undefined;
  present?: 'venue' | 'online' | undefined;
}

/**
 * The invited record for the address: created, or the existing one (idempotent by e-mail per event).
 * A record that is somebody's live place stays as it is (`invitable` false); a deleted one is revived.
 * An attendee holding the inviteparticipant right (`byOrganizer` false) only creates: a record that
 * exists keeps what the organizers set (type, categories, details), and one they removed stays removed.
 */
async function upsertInvited(
  trx: Transaction<DB>,
  ctx: AppContext,
  eventId: number,
  p: NewPerson,
  byOrganizer = true,
) {
  await repo.lockEmail(trx, eventId, p.email);
  let existing = await repo.findByEmail(trx, eventId, p.email);
  const details = {
    ...(p.name ? { name: p.name } : {}),
    ...(p.surname ? { surname: p.surname } : {}),
    ...(p.phone ? { phone: p.phone } : {}),
    ...(p.company ? { company: p.company } : {}),
    ...(p.jobTitle ? { job_title: p.jobTitle } : {}),
    ...(p.typeId !== undefined ? { type_id: p.typeId } : {}),
    ...(p.categories !== undefined ? { category_ids: p.categories } : {}),
    ...(p.present !== undefined ? { present: p.present } : {}),
  };
  if (!existing) {
    const row = await repo.insertPersonIfNew(trx, {
      event_id: eventId,
      user_id: null,
      email: p.email,
      name: p.name ?? '',
      surname: p.surname ?? '',
      rights: '{}',
      fields: '{}',
      social_links: '{}',
      state: 'invited',
      ...details,
    });
    if (row) return { row, created: true, invitable: true };
    // A registration or import of the address committed meanwhile (they do not take the lock above).
    existing = await repo.findByEmail(trx, eventId, p.email);
    if (!existing) throw AppError.conflict('This address changed meanwhile; try again');
  }
  const live = existing.user_id !== null && existing.state !== 'deleted' && existing.state !== 'invited';
  if (live) return { row: existing, created: false, invitable: false };
  if (!byOrganizer) {
    if (existing.state === 'deleted')
      throw AppError.forbidden('Only the organizers of this event may invite this person again');
    return { row: existing, created: false, invitable: true };
  }
  const row = await repo.updatePerson(trx, existing.id, {
    ...details,
    ...(existing.state === 'deleted' ? { state: 'invited' as const, user_id: null } : {}),
    updated_at: ctx.now(),
  });
  return { row, created: existing.state === 'deleted', invitable: true };
}

/** POST /event/participant/invite (E7.66, E7.67): organizers and holders of the inviteparticipant right. */
export async function inviteParticipant(
  deps: InvitationDeps,
  userId: number,
  input: z.output<typeof inviteParticipantRequest>,
): Promise<{ participantId: number; created: boolean }> {
  const { ctx } = deps;
  const { event: eventRow, me } = await requireMembership(ctx.db, input.eventId, userId);
  const byOrganizer = canUseConsoleArea(consoleRole(me), 'people');
  if (me.state === 'deleted' || !hasRight(me, 'inviteparticipant'))
    throw AppError.forbidden('You may not invite participants to this event');
  if (eventRow.event_type === 'hybrid' && !input.present)
    throw AppError.badRequest('present: This field is required', { present: 'validation.error.required' }); // E5.61
  const event = (await repo.findEventName(ctx.db, input.eventId)) as EventInfo;
  return ctx.db.transaction().execute(async (trx) => {
    await checkTypeAndCategories(trx, event.id, input.typeId ? [input.typeId] : [], input.categories ?? []);
    const { row, created, invitable } = await upsertInvited(trx, ctx, event.id, input, byOrganizer);
    if (!invitable) throw AppError.conflict('This person already takes part in the event');
    const mail = await issueInvitation(trx, ctx, event, row);
    if (mail) await deps.bus.emit({ type: 'messages.send', eventId: event.id, messages: [mail] }, trx);
    return { participantId: row.id, created };
  });
}

/** POST /event/participant (E7.29): organizers add people directly; mail only when asked. */
export async function addParticipants(
  deps: InvitationDeps,
  userId: number,
  input: z.output<typeof addParticipantsRequest>,
) {
  const { ctx } = deps;
  await requireConsole(ctx.db, input.eventId, userId, 'people');
  const typeIds = input.participants.flatMap((p) => (p.typeId ? [p.typeId] : []));
  const categoryIds = input.participants.flatMap((p) => p.categories ?? []);
  const event = (await repo.findEventName(ctx.db, input.eventId)) as EventInfo;
  return ctx.db.transaction().execute(async (trx) => {
    await checkTypeAndCategories(trx, event.id, typeIds, categoryIds);
    let created = 0;
    let existing = 0;
    const ids: number[] = [];
    const mails: OutgoingMessage[] = [];
    const seen = new Set<string>();
    for (const person of input.participants) {
      if (seen.has(person.email)) continue;
      seen.add(person.email);
      const result = await upsertInvited(trx, ctx, event.id, person);
      if (result.created) created++;
      else existing++;
      ids.push(result.row.id);
      const mail =
        input.sendInvitation && result.invitable ? await issueInvitation(trx, ctx, event, result.row) : null;
      if (mail) mails.push(mail);
    }
    if (mails.length > 0)
      await deps.bus.emit({ type: 'messages.send', eventId: event.id, messages: mails }, trx);
    return { created, existing, participantIds: ids };
  });
}

async function findOpenInvitation(db: AppContext['db'] | Transaction<DB>, token: string, lock?: 'lock') {
  const row = await repo.findByInviteHash(db, inviteDigest(token), lock);
  return row?.state === 'invited' ? row : undefined;
}

/** GET /event/invitation/:token (public): what the registration page pre-fills. */
export async function getInvitation(ctx: AppContext, token: string): Promise<EventInvitation> {
  const row = await findOpenInvitation(ctx.db, token);
  if (!row) throw AppError.notFound('This invitation link is not valid or was already used');
  const event = (await repo.findEventName(ctx.db, row.event_id)) as EventInfo;
  return {
    eventId: event.id,
    eventName: event.name,
    email: row.email,
    name: row.name,
    surname: row.surname,
    hasAccount: (await findUserByUsername(ctx.db, row.email)) !== undefined,
  };
}

/**
 * Registration with a link (registration.service): the invited record of that event and address, or
 * a 400 on the `invite` field. The registration then takes the record and clears the token.
 */
export async function requireInvitationFor(
  db: Transaction<DB>,
  eventId: number,
  email: string,
  token: string,
): Promise<ParticipantRow> {
  // Held until the registration commits: the link works once, however often it is submitted.
  const row = await findOpenInvitation(db, token, 'lock');
  if (!row || row.event_id !== eventId || row.email !== email)
    throw AppError.badRequest('This invitation link is not valid or was already used', {
      invite: 'organizer.people.error.invitation',
    });
  return row;
}

/** POST /event/invitation/accept: the logged-in caller takes the invited record, whatever its address. */
export async function acceptInvitation(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof acceptInvitationRequest>,
): Promise<{ eventId: number; participantId: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    // The account first: its accepts take turns (two links to one event accepted at once, the
    // second finds the first's place). Then the link, held until the commit: two accounts accepting
    // one forwarded link at once, the second finds it spent.
    const user = await findUserById(trx, userId, 'lock');
    if (!user) throw AppError.unauthenticated('This account no longer exists');
    const row = await findOpenInvitation(trx, input.token, 'lock');
    if (!row) throw invalidInvitation();
    // As registering with the link: it opens a closed registration, never a finished event.
    const event = await repo.findEventName(trx, row.event_id);
    if (!event || isEventFinished({ isFinished: event.is_finished, realEdt: event.real_edt }, ctx.now()))
      throw new AppError(403, ErrorCode.RegistrationClosed, 'Registration is closed for this event');
    const own = await findParticipation(trx, row.event_id, userId, { withDeleted: true });
    if (own && own.state !== 'deleted' && own.state !== 'invited') {
      // Already in the event: the invitation is spent, the live record stays.
      await repo.updatePerson(trx, row.id, { invite_token_hash: null, state: 'deleted' });
      return { eventId: row.event_id, participantId: own.id };
    }
    if (own) await repo.updatePerson(trx, own.id, { user_id: null, state: 'deleted' });
    // The record takes the login address, unless another record of the event has it (the account's
    // removed place, or an open invitation to that address): the invited address stays then.
    const holder = await repo.findByEmail(trx, row.event_id, user.username);
    const saved = await repo.updatePerson(trx, row.id, {
      user_id: userId,
      email: holder && holder.id !== row.id ? row.email : user.username,
      name: row.name || user.name,
      surname: row.surname || user.surname,
      ticket_id: row.ticket_id ?? generateTicketId(),
      state: 'active',
      reg_type: 'invite',
      invite_token_hash: null,
      updated_at: ctx.now(),
    });
    return { eventId: saved.event_id, participantId: saved.id };
  });
}
