import type {
  addBoothMemberRequest,
  assignBoothOwnerRequest,
  ConsoleBooth,
  ConsolePerson,
  consolePeopleQuery,
} from '@foyer/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { ParticipantRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { setMembership } from '../booths/booths.service';
import { findParticipant, lockParticipants } from '../participants/participants.service';
import * as repo from './exhibitors.repository';
import { boothOf, type ExhibitorsDeps, fieldError, leaving, present, tellMember } from './exhibitors.service';
import { requireConsole } from './organizer.access';

/**
 * The console's booth teams (issue 12, part 5): the person a request names, a booth's owner and
 * members, and the people picker.
 */

/** Which field named the person: the picker's participantId or a typed e-mail. */
const refField = (ref: { participantId?: number | undefined }) =>
  ref.participantId !== undefined ? 'participantId' : 'email';

/**
 * The participant a request names, by id or e-mail: a participant of this event, else a field
 * error (someone of another event, or nobody, is refused the same way).
 */
export async function resolvePerson(
  ctx: AppContext,
  eventId: number,
  ref: { participantId?: number | undefined; email?: string | undefined },
): Promise<ParticipantRow> {
  const person =
    ref.participantId !== undefined
      ? await findParticipant(ctx.db, eventId, ref.participantId)
      : await repo.findParticipantByEmail(ctx.db, eventId, ref.email ?? '');
  if (!person) throw notParticipant(refField(ref));
  return person;
}

const notParticipant = (field: string) =>
  fieldError(
    field,
    'organizer.exhibitors.error.notParticipant',
    'This person is not a participant of the event',
  );

/** Refuses to take an owner away from another booth: the organizer names that booth's new owner first. */
function checkNotOwnerElsewhere(person: ParticipantRow, boothId: number, field: string) {
  if (person.booth_role === 'owner' && person.booth_id !== null && person.booth_id !== boothId) {
    throw fieldError(field, 'organizer.exhibitors.error.ownsAnotherBooth', 'This person owns another booth');
  }
}

/** A person who can join the booth's team: not another booth's owner, not this booth's owner. */
function checkAddable(person: ParticipantRow, boothId: number, field: string) {
  checkNotOwnerElsewhere(person, boothId, field);
  if (person.booth_id === boothId && person.booth_role === 'owner') {
    throw fieldError('role', 'organizer.exhibitors.error.ownerRole', "The owner's role cannot change");
  }
}

/** The person's row as it is in the transaction; gone meanwhile (account deleted) is as never there. */
function stillThere(people: Map<number, ParticipantRow>, seen: ParticipantRow, field: string) {
  const person = people.get(seen.id);
  if (!person) throw notParticipant(field);
  return person;
}

/** PUT …/booths/:boothId/owner: the person owns the booth; a previous owner stays on the team as admin. */
export async function assignBoothOwner(
  deps: ExhibitorsDeps,
  userId: number,
  eventId: number,
  boothId: number,
  input: z.output<typeof assignBoothOwnerRequest>,
): Promise<ConsoleBooth> {
  const { ctx } = deps;
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  const seen = await resolvePerson(ctx, eventId, input);
  checkNotOwnerElsewhere(seen, boothId, refField(input));
  const booth = await ctx.db.transaction().execute(async (trx) => {
    const booth = await boothOf(eventId, boothId, trx);
    // The new owner and the present ones as they are now, held to the commit (the booth's row is
    // taken first, as every team change does): two organizers naming one person owner of two
    // booths at once leave one booth with that owner and the other as it was, never without one.
    const owners = (await repo.teamsOf(trx, [boothId])).filter((m) => m.booth_role === 'owner');
    const people = await lockParticipants(trx, eventId, [seen.id, ...owners.map((m) => m.id)]);
    const person = stillThere(people, seen, refField(input));
    checkNotOwnerElsewhere(person, boothId, refField(input));
    const now = ctx.now();
    const payload = { eventId, boothId, boothName: booth.name, change: 'owner' };
    for (const member of people.values()) {
      if (member.booth_id === boothId && member.booth_role === 'owner' && member.id !== person.id) {
        await setMembership(trx, member.id, { booth_role: 'admin', updated_at: now });
        await tellMember(deps, member, payload, trx);
      }
    }
    await setMembership(trx, person.id, {
      booth_id: boothId,
      booth_role: 'owner',
      booth_pending_role: null,
      updated_at: now,
    });
    await tellMember(deps, person, payload, trx);
    return repo.updateBooth(trx, boothId, { updated_at: now });
  });
  return present(ctx, booth);
}

/** POST …/booths/:boothId/members: joins the team at once (the organizer's word), from any other booth. */
export async function addBoothMember(
  deps: ExhibitorsDeps,
  userId: number,
  eventId: number,
  boothId: number,
  input: z.output<typeof addBoothMemberRequest>,
): Promise<ConsoleBooth> {
  const { ctx } = deps;
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  const seen = await resolvePerson(ctx, eventId, input);
  checkAddable(seen, boothId, refField(input));
  const booth = await ctx.db.transaction().execute(async (trx) => {
    const booth = await boothOf(eventId, boothId, trx);
    const people = await lockParticipants(trx, eventId, [seen.id]);
    const person = stillThere(people, seen, refField(input));
    checkAddable(person, boothId, refField(input));
    const now = ctx.now();
    await setMembership(trx, person.id, {
      booth_id: boothId,
      booth_role: input.role,
      booth_pending_role: null,
      updated_at: now,
    });
    await tellMember(deps, person, { eventId, boothId, boothName: booth.name, change: 'added' }, trx);
    return repo.updateBooth(trx, boothId, { updated_at: now });
  });
  return present(ctx, booth);
}

/** DELETE …/booths/:boothId/members/:participantId (the owner too: the booth then has none). */
export async function removeBoothMember(
  deps: ExhibitorsDeps,
  userId: number,
  eventId: number,
  boothId: number,
  participantId: number,
): Promise<ConsoleBooth> {
  const { ctx } = deps;
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  const seen = await findParticipant(ctx.db, eventId, participantId);
  if (!seen || seen.booth_id !== boothId) throw AppError.notFound('Member not found');
  const booth = await ctx.db.transaction().execute(async (trx) => {
    const booth = await boothOf(eventId, boothId, trx);
    // Moved to another booth meanwhile: they stay there.
    const person = (await lockParticipants(trx, eventId, [participantId])).get(participantId);
    if (person?.booth_id !== boothId) throw AppError.notFound('Member not found');
    const now = ctx.now();
    await setMembership(trx, person.id, leaving(now));
    await tellMember(deps, person, { eventId, boothId, boothName: booth.name, change: 'removed' }, trx);
    return repo.updateBooth(trx, boothId, { updated_at: now });
  });
  return present(ctx, booth);
}

/** GET /organizer/event/:eventId/exhibitors/people: the picker for owners, team members and staff. */
export async function consolePeople(
  ctx: AppContext,
  userId: number,
  eventId: number,
  query: z.output<typeof consolePeopleQuery>,
): Promise<ConsolePerson[]> {
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  const rows = await repo.searchPeople(ctx.db, eventId, query.query || null);
  return rows.map((r) => ({
    participantId: r.id,
    fullName: `${r.name} ${r.surname}`.trim(),
    email: r.email,
    company: r.company,
    boothId: r.booth_id,
    boothRole: r.booth_role,
    organizer: r.organizer,
    checkInAdmin: r.check_in_admin,
  }));
}
