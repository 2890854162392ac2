import {
  ErrorCode,
  isEventFinished,
  isRegistrationOpen,
  type RegisterRequest,
  type RegisterResult,
  type RegistrationFieldValue,
  validateRegistrationFields,
} from '@foyer/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import type { DB, EventRow, ParticipantRow, UserRow } from '../../db/schema';
import type { Bus } from '../../events/bus';
import { AppError } from '../../http/errors';
import { hashPassword } from '../auth/password';
import { sendSignupCode } from '../auth/signup-code.service';
import { requireInvitationFor } from '../organizer/invitations.service';
import { dropPendingEmail, findUserById, insertUser } from '../user/user.service';
import { categoryIdsFromFields } from './registration.categories';
import * as repo from './registration.repository';
import { generateTicketId, ticketCandidates } from './ticket';

export type RegistrationMode = NonNullable<RegisterRequest['regType']>;

const STANDARD_FIELDS = ['phone', 'company', 'jobTitle', 'city'] as const;

/** Item 2 of issue 10: an existing account is joined to an event only by its logged-in owner. */
export const loginToRegister = () =>
  new AppError(
    409,
    ErrorCode.LoginToRegister,
    'You already have an account with this e-mail. Log in to register for this event.',
  );

export const emailRegistered = () =>
  new AppError(409, ErrorCode.UsernameExists, 'This e-mail is already registered'); // A8.08

const formInvalid = (fields: Record<string, string>) =>
  new AppError(400, ErrorCode.RegistrationFormInvalid, 'Please check the registration form', fields); // A8.06

/** The mode the form was in: regType is sent only by simplereg and prereg (A3.16). */
export function modeOf(input: RegisterRequest): RegistrationMode {
  return input.regType ?? (input.ticketId ? 'ticket' : 'standard');
}

/**
 * POST /event/register (A3.14–A3.20, A5.06–A5.15): creates the account when the e-mail has none
 * and the participant record, in one transaction. A new account is unconfirmed: with a password it
 * gets a sign-up code by mail and logs in after confirming it; without one (simple form,
 * pre-registration) a password reset confirms it later. An existing account is never modified and
 * is joined to the event only when its owner is the logged-in caller (`callerId`).
 *
 * The registration e-mail (ticket, QR, PDF link) leaves through the bus: `registration.confirmed`
 * commits with the registration, and the registration processor sends it (registration.processor.ts),
 * so a crash after the commit delays it and a failing mail server is retried; neither loses it.
 */
export async function register(
  ctx: AppContext,
  input: RegisterRequest,
  log: FastifyBaseLogger,
  callerId: number | null,
  bus: Pick<Bus, 'emit'>,
): Promise<RegisterResult> {
  const mode = modeOf(input);
  const now = ctx.now();
  // An early answer for a closed event or a bad form, before the slow hashing; the transaction
  // decides again on the event as it is then (a change of it may commit while the password hashes).
  checkEvent(await repo.findEvent(ctx.db, input.eventId), input, mode, now);

  // Hashing is slow on purpose; do it before the transaction holds a connection.
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  let outcome: Awaited<ReturnType<typeof registerInTransaction>>;
  try {
    outcome = await ctx.db.transaction().execute(async (trx) => {
      // Held FOR SHARE to the commit: an organizer closing registration meanwhile either waits for
      // this registration or commits first, and then this one reads it closed and takes no one in.
      const event = checkEvent(await repo.shareEvent(trx, input.eventId), input, mode, now);
      const done = await registerInTransaction(trx, event, input, mode, { passwordHash, callerId }, now);
      const participantId = done.participant.id;
      await bus.emit({ type: 'participant.registered', eventId: event.id, participantId, mode }, trx);
      await bus.emit({ type: 'registration.confirmed', eventId: event.id, participantId }, trx);
      return done;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailRegistered();
    throw error;
  }
  // The invitation link proved the address (docs/decisions/015): no code to confirm.
  const confirmationRequired = !outcome.hadUser && passwordHash !== null && !input.invite;
  if (confirmationRequired) {
    try {
      await sendSignupCode(ctx, outcome.user);
    } catch (error) {
      // The account exists; "send the code again" on the confirm step recovers.
      log.error({ err: error }, 'sign-up code mail failed');
    }
  }
  return {
    ticketId: outcome.participant.ticket_id,
    ticketType: outcome.ticketType,
    hasUserId: outcome.hadUser,
    confirmationRequired,
  };
}

/** The event takes this registration (open, the form filled in as it asks): the event, or an error. */
function checkEvent(
  event: EventRow | undefined,
  input: RegisterRequest,
  mode: RegistrationMode,
  now: Date,
): EventRow {
  if (!event) throw AppError.notFound('Event not found');
  // A personal invitation opens a closed registration (not a finished event); the token is checked later.
  checkOpen(event, input.invite ? 'prereg' : mode, now);
  const fieldErrors = validateDynamicFields(event, input);
  if (Object.keys(fieldErrors).length > 0) throw formInvalid(fieldErrors);
  return event;
}

function checkOpen(event: EventRow, mode: RegistrationMode, now: Date): void {
  const state = {
    registrationOpen: event.registration_open,
    isFinished: event.is_finished,
    realEdt: event.real_edt,
  };
  // Pre-registration exists for events that do not take registrations yet; a finished event takes neither.
  const open = mode === 'prereg' ? !isEventFinished(state, now) : isRegistrationOpen(state, now);
  if (!open) throw new AppError(403, ErrorCode.RegistrationClosed, 'Registration is closed for this event');
}

function validateDynamicFields(event: EventRow, input: RegisterRequest): Record<string, string> {
  const form = event.registration_form ?? [];
  const values: Record<string, RegistrationFieldValue> = { ...input.fields };
  // A form may ask for a standard field (e.g. company) that the payload carries at the top level.
  for (const field of form) {
    const name = field.fieldName as (typeof STANDARD_FIELDS)[number];
    if (values[name] === undefined && STANDARD_FIELDS.includes(name)) values[name] = input[name];
  }
  const errors = validateRegistrationFields(form, values);
  return Object.fromEntries(Object.entries(errors).map(([name, key]) => [`fields.${name}`, key]));
}

async function registerInTransaction(
  trx: Transaction<DB>,
  event: EventRow,
  input: RegisterRequest,
  mode: RegistrationMode,
  account: { passwordHash: string | null; callerId: number | null },
  now: Date,
) {
  let participant: ParticipantRow | undefined;
  let email: string;
  if (mode === 'ticket' && input.ticketId) {
    participant = await findTicket(trx, event.id, input.ticketId);
    if (!participant) throw formInvalid({ ticketId: 'registration.error.ticket' });
    // The link opened a closed registration (checkOpen): it must be this record's own.
    if (input.invite) await requireInvitationFor(trx, event.id, participant.email, input.invite);
    // A removed place stays its account's (meetings, chats): only that account, logged in, takes it back.
    if (
      participant.user_id !== null &&
      (participant.state !== 'deleted' || participant.user_id !== account.callerId)
    ) {
      throw AppError.conflict('This ticket is already registered');
    }
    email = input.username ?? input.email ?? participant.email;
    const holder = await repo.findParticipantByEmail(trx, event.id, email, 'lock');
    if (holder && holder.id !== participant.id) throw emailRegistered();
  } else {
    // The schema guarantees an address in every mode but ticket-with-ticketId.
    email = (input.email ?? input.username)!;
    participant = input.invite
      ? await requireInvitationFor(trx, event.id, email, input.invite)
      : await repo.findParticipantByEmail(trx, event.id, email, 'lock');
  }
  if (participant && participant.user_id !== null && participant.state !== 'deleted') throw emailRegistered();

  const existingUser = await repo.findUserByEmail(trx, email);
  if (existingUser && existingUser.id !== account.callerId) {
    // A concurrent submit of the same form may have committed between the reads above: then this
    // address is registered here already, which is what the user should hear, not "log in".
    const joined = await repo.findParticipantByUser(trx, event.id, existingUser.id);
    throw joined && joined.state !== 'deleted' ? emailRegistered() : loginToRegister();
  }
  // Someone's unconfirmed claim on the address reserves nothing; the new account takes it.
  if (!existingUser) await dropPendingEmail(trx, email);
  const user: UserRow =
    existingUser ??
    (await insertUser(trx, {
      username: email,
      name: input.name,
      surname: input.surname,
      passwordHash: account.passwordHash,
      timezone: null,
      verified: input.invite !== undefined,
    }));
  if (existingUser) participant = await resolveOwnRecord(trx, event.id, user.id, participant);

  const type = participant?.type_id
    ? await repo.findTypeById(trx, participant.type_id)
    : await repo.findRegistrationType(trx, event.id);
  const profile = {
    user_id: user.id,
    type_id: type?.id ?? null,
    email,
    name: input.name,
    surname: input.surname,
    ...(input.company !== undefined ? { company: input.company } : {}),
    ...(input.jobTitle !== undefined ? { job_title: input.jobTitle } : {}),
    ...(input.city !== undefined ? { city: input.city } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    fields: JSON.stringify({ ...(participant?.fields ?? {}), ...input.fields }),
    category_ids: await categoryIdsFromFields(
      trx,
      event.id,
      event.registration_form ?? [],
      input.fields,
      participant?.category_ids ?? [],
    ),
    ticket_id: participant?.ticket_id ?? (mode === 'prereg' ? null : generateTicketId()),
    // A pre-registration waits for the organizer; it is not yet a place at the event.
    state: mode === 'prereg' ? ('inactive' as const) : ('active' as const),
    reg_type: mode,
    // An invitation link works once: registering takes the invited record and spends its token.
    invite_token_hash: null,
    updated_at: now,
  };
  const saved = participant
    ? await repo.updateParticipant(trx, participant.id, profile)
    : await repo.insertParticipant(trx, { event_id: event.id, ...profile });
  return { participant: saved, user, hadUser: existingUser !== undefined, ticketType: ticketTypeOf(type) };
}

async function findTicket(trx: Transaction<DB>, eventId: number, ticketId: string) {
  for (const candidate of ticketCandidates(ticketId)) {
    const found = await repo.findParticipantByTicket(trx, eventId, candidate, 'lock');
    if (found) return found;
  }
  return undefined;
}

/**
 * An account may already hold a record in this event under another of its addresses: a live one
 * means "already registered"; a deleted one is reused, so the (event, user) index stays unique.
 */
async function resolveOwnRecord(
  trx: Transaction<DB>,
  eventId: number,
  userId: number,
  byEmail: ParticipantRow | undefined,
): Promise<ParticipantRow | undefined> {
  const own = await repo.findParticipantByUser(trx, eventId, userId, 'lock');
  if (!own || own.id === byEmail?.id) return byEmail;
  if (own.state !== 'deleted') throw emailRegistered();
  if (!byEmail) return own;
  await repo.updateParticipant(trx, own.id, { user_id: null });
  return byEmail;
}

function ticketTypeOf(type: { name: string; ticket_type: string | null } | undefined): string | null {
  return type ? (type.ticket_type ?? type.name) : null;
}

/**
 * A7.21 attendEvent: a logged-in user joins a public event with open registration as an attendee.
 * Returns the live record, or null when the event does not take the user.
 */
export async function joinPublicEvent(
  ctx: AppContext,
  eventId: number,
  userId: number,
): Promise<ParticipantRow | null> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      // FOR SHARE, as a registration holds it: closing registration meanwhile is waited for and read.
      const event = await repo.shareEvent(trx, eventId);
      const user = await findUserById(trx, userId);
      if (!event || !user || !event.public_event) return null;
      const state = {
        registrationOpen: event.registration_open,
        isFinished: event.is_finished,
        realEdt: event.real_edt,
      };
      if (!isRegistrationOpen(state, ctx.now())) return null;
      const own = await repo.findParticipantByUser(trx, eventId, userId, 'lock');
      if (own && own.state !== 'deleted') return own;
      // The record with the login address, if it is not the account's own (removed) one.
      const found = await repo.findParticipantByEmail(trx, eventId, user.username, 'lock');
      const listed = found && found.id !== own?.id ? found : undefined;
      if (listed && listed.user_id !== null && listed.state !== 'deleted') return null;
      // An organizer may have listed the address before the account joined (or since it changed
      // to it): that record is theirs, and a removed place of theirs lets go of them, as at
      // registration. Else the removed place comes back, keeping its address if another record
      // (someone else's removed place) has the login address.
      const takesListed = listed !== undefined && (!own || listed.user_id === null);
      if (own && takesListed) await repo.updateParticipant(trx, own.id, { user_id: null });
      const target = takesListed ? listed : own;
      const type = target?.type_id ? undefined : await repo.findRegistrationType(trx, eventId);
      const values = {
        user_id: user.id,
        type_id: target?.type_id ?? type?.id ?? null,
        email: target && listed && target !== listed ? target.email : user.username,
        name: user.name,
        surname: user.surname,
        ticket_id: target?.ticket_id ?? generateTicketId(),
        state: 'active' as const,
        reg_type: 'join',
        updated_at: ctx.now(),
      };
      return target
        ? repo.updateParticipant(trx, target.id, values)
        : repo.insertParticipant(trx, { event_id: eventId, ...values });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A second tab joined at the same moment: its record is the caller's too.
    const own = await repo.findParticipantByUser(ctx.db, eventId, userId);
    return own && own.state !== 'deleted' ? own : null;
  }
}
