import {
  type addBoothMemberRequest,
  type assignBoothOwnerRequest,
  type BoothRoleName,
  type ConsoleBooth,
  type ConsoleBoothCategory,
  type ConsolePerson,
  type consolePeopleQuery,
  type createBoothCategoryRequest,
  type createConsoleBoothRequest,
  RecordType,
  realtimeRoom,
  type updateConsoleBoothRequest,
} from '@foyer/contract';
import type { Transaction, Updateable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { BoothsTable, DB, ParticipantRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Realtime } from '../../realtime/realtime';
import { boothChanged, type MembershipUpdate, setMembership } from '../booths/booths.service';
import { findParticipant, lockParticipants } from '../participants/participants.service';
import * as repo from './exhibitors.repository';
import { requireConsole } from './organizer.access';

/** The console's exhibitors area (issue 12, part 5): booths, their owner and team, booth categories. */

export interface ExhibitorsDeps {
  ctx: AppContext;
  realtime: Realtime;
}

type BoothInput = z.output<typeof updateConsoleBoothRequest>;

const fieldError = (field: string, key: string, message: string) =>
  AppError.badRequest(message, { [field]: key });

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

function toBooth(booth: repo.ConsoleBoothRow, team: repo.TeamRow[]): ConsoleBooth {
  const members = team.filter((m) => m.booth_id === booth.id);
  return {
    id: booth.id,
    name: booth.name,
    boothType: booth.booth_type,
    description: booth.description,
    website: booth.website,
    location: booth.location,
    categoryIds: booth.category_ids,
    rate: booth.rate,
    logo: booth.images.logo ?? null,
    ownerParticipantId: members.find((m) => m.booth_role === 'owner')?.id ?? null,
    members: members.map((m) => ({
      participantId: m.id,
      fullName: `${m.name} ${m.surname}`.trim(),
      email: m.email,
      company: m.company,
      role: (m.booth_role ?? 'user') as BoothRoleName,
    })),
    updatedAt: booth.updated_at.toISOString(),
  };
}

async function present(ctx: AppContext, booth: repo.ConsoleBoothRow): Promise<ConsoleBooth> {
  return toBooth(booth, await repo.teamsOf(ctx.db, [booth.id]));
}

/** The person's open screens refetch their booth (the attendee side listens on their own feed). */
async function tellMember(
  deps: ExhibitorsDeps,
  person: { user_id: number | null },
  payload: { eventId: number; boothId: number; boothName: string; change: string },
  trx: Transaction<DB>,
) {
  if (person.user_id) {
    await deps.realtime.publish(realtimeRoom.user(person.user_id), RecordType.BoothTeam, payload, trx);
  }
}

/** In the booth's save's transaction, before the booth's row (the order a category's delete takes). */
async function checkCategories(trx: Transaction<DB>, eventId: number, ids: number[] | undefined) {
  if (!ids?.length) return;
  const known = await repo.knownBoothCategories(trx, eventId, [...new Set(ids)]);
  if (known.length !== new Set(ids).size) {
    throw fieldError('categoryIds', 'validation.error.option', 'categoryIds: unknown booth category');
  }
}

function boothChanges(input: BoothInput, now: Date): Updateable<BoothsTable> {
  const set: Updateable<BoothsTable> = { updated_at: now };
  if (input.name !== undefined) set.name = input.name;
  if (input.boothType !== undefined) set.booth_type = input.boothType;
  if (input.description !== undefined) set.description = input.description;
  if (input.website !== undefined) set.website = input.website || null;
  if (input.location !== undefined) set.location = input.location || null;
  if (input.categoryIds !== undefined) set.category_ids = [...new Set(input.categoryIds)];
  if (input.rate !== undefined) set.rate = input.rate;
  return set;
}

async function boothOf(eventId: number, boothId: number, trx: Transaction<DB>) {
  const booth = await repo.lockBooth(trx, eventId, boothId);
  if (!booth) throw AppError.notFound('Booth not found');
  return booth;
}

/** GET /organizer/event/:eventId/booths. */
export async function listConsoleBooths(ctx: AppContext, userId: number, eventId: number) {
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  const booths = await repo.listBooths(ctx.db, eventId);
  const team = await repo.teamsOf(
    ctx.db,
    booths.map((b) => b.id),
  );
  return booths.map((booth) => toBooth(booth, team));
}

/** POST /organizer/event/:eventId/booths. */
export async function createConsoleBooth(
  deps: ExhibitorsDeps,
  userId: number,
  eventId: number,
  input: z.output<typeof createConsoleBoothRequest>,
): Promise<ConsoleBooth> {
  const { ctx } = deps;
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  const booth = await ctx.db.transaction().execute(async (trx) => {
    await checkCategories(trx, eventId, input.categoryIds);
    const booth = await repo.insertBooth(trx, {
      event_id: eventId,
      name: input.name,
      booth_type: input.boothType,
      description: input.description ?? '',
      website: input.website || null,
      location: input.location || null,
      category_ids: [...new Set(input.categoryIds ?? [])],
      ...(input.rate === undefined ? {} : { rate: input.rate }),
      images: '{}',
      documents: '[]',
      social_links: '{}',
    });
    await boothChanged(deps.realtime, eventId, booth.id, trx);
    return booth;
  });
  return present(ctx, booth);
}

/** PUT /organizer/event/:eventId/booths/:boothId. */
export async function updateConsoleBooth(
  deps: ExhibitorsDeps,
  userId: number,
  eventId: number,
  boothId: number,
  input: BoothInput,
): Promise<ConsoleBooth> {
  const { ctx } = deps;
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  const booth = await ctx.db.transaction().execute(async (trx) => {
    await checkCategories(trx, eventId, input.categoryIds);
    await boothOf(eventId, boothId, trx);
    const booth = await repo.updateBooth(trx, boothId, boothChanges(input, ctx.now()));
    await boothChanged(deps.realtime, eventId, boothId, trx);
    return booth;
  });
  return present(ctx, booth);
}

/** DELETE /organizer/event/:eventId/booths/:boothId: the team leave it first (their booth is cleared). */
export async function deleteConsoleBooth(
  deps: ExhibitorsDeps,
  userId: number,
  eventId: number,
  boothId: number,
): Promise<{ removed: number }> {
  const { ctx } = deps;
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  await ctx.db.transaction().execute(async (trx) => {
    const booth = await boothOf(eventId, boothId, trx);
    // The team's rows held (after the booth's, as every team change takes them) and read as they are
    // now: someone moved to another booth meanwhile (made its owner, say) stays there.
    const team = await repo.teamsOf(trx, [boothId]);
    const people = await lockParticipants(
      trx,
      eventId,
      team.map((m) => m.id),
    );
    for (const member of people.values()) {
      if (member.booth_id !== boothId) continue;
      await setMembership(trx, member.id, leaving(ctx.now()));
      await tellMember(deps, member, { eventId, boothId, boothName: booth.name, change: 'removed' }, trx);
    }
    await repo.deleteBooth(trx, boothId);
    await boothChanged(deps.realtime, eventId, boothId, trx);
  });
  return { removed: boothId };
}

const leaving = (now: Date): MembershipUpdate => ({
  booth_id: null,
  booth_role: null,
  booth_pending_role: null,
  updated_at: now,
});

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

// ---- booth categories -----------------------------------------------------------------------------

const toCategory = (
  row: { id: number; name: string; parent_id: number | null },
  boothCount = 0,
): ConsoleBoothCategory => ({ id: row.id, name: row.name, parentId: row.parent_id, boothCount });

export async function listBoothCategories(ctx: AppContext, userId: number, eventId: number) {
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  const rows = await repo.listBoothCategories(ctx.db, eventId);
  return rows.map((row) => toCategory(row, Number(row.booth_count ?? 0)));
}

export async function createBoothCategory(
  ctx: AppContext,
  userId: number,
  eventId: number,
  input: z.output<typeof createBoothCategoryRequest>,
): Promise<ConsoleBoothCategory> {
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  const parentId = input.parentId ?? null;
  // The parent held until the insert commits: one deleted meanwhile is "no such parent", not a 500.
  const row = await ctx.db.transaction().execute(async (trx) => {
    if (parentId !== null) {
      const parent = await repo.findBoothCategory(trx, eventId, parentId, 'keep');
      if (!parent || parent.parent_id !== null) {
        throw fieldError('parentId', 'validation.error.option', 'parentId: not a top-level booth category');
      }
    }
    return repo.insertBoothCategory(trx, eventId, input.name, parentId);
  });
  return toCategory(row);
}

async function categoryOf(ctx: AppContext, eventId: number, categoryId: number) {
  const category = await repo.findBoothCategory(ctx.db, eventId, categoryId);
  if (!category) throw AppError.notFound('Booth category not found');
  return category;
}

export async function renameBoothCategory(
  ctx: AppContext,
  userId: number,
  eventId: number,
  categoryId: number,
  name: string,
): Promise<ConsoleBoothCategory> {
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  await categoryOf(ctx, eventId, categoryId);
  const categories = await repo.listBoothCategories(ctx.db, eventId);
  const count = Number(categories.find((c) => c.id === categoryId)?.booth_count ?? 0);
  // Deleted since the check above (another organizer): gone, not a server error.
  const renamed = await repo.renameBoothCategory(ctx.db, categoryId, name);
  if (!renamed) throw AppError.notFound('Category not found');
  return toCategory(renamed, count);
}

export async function deleteBoothCategory(
  ctx: AppContext,
  userId: number,
  eventId: number,
  categoryId: number,
): Promise<{ removed: number }> {
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  await categoryOf(ctx, eventId, categoryId);
  await ctx.db.transaction().execute((trx) => repo.deleteBoothCategory(trx, eventId, categoryId));
  return { removed: categoryId };
}
