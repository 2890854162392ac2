import {
  type BoothRoleName,
  type ConsoleBooth,
  type createConsoleBoothRequest,
  RecordType,
  realtimeRoom,
  type updateConsoleBoothRequest,
} from '@foyer/contract';
import type { Transaction, Updateable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { BoothsTable, DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Realtime } from '../../realtime/realtime';
import { boothChanged, type MembershipUpdate, setMembership } from '../booths/booths.service';
import { lockParticipants } from '../participants/participants.service';
import * as repo from './exhibitors.repository';
import { requireConsole } from './organizer.access';

/**
 * The console's exhibitors area (issue 12, part 5): booths. Their owner and team are in
 * exhibitors.team.ts, booth categories in exhibitors.categories.ts.
 */

export interface ExhibitorsDeps {
  ctx: AppContext;
  realtime: Realtime;
}

type BoothInput = z.output<typeof updateConsoleBoothRequest>;

export const fieldError = (field: string, key: string, message: string) =>
  AppError.badRequest(message, { [field]: key });

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

export async function present(ctx: AppContext, booth: repo.ConsoleBoothRow): Promise<ConsoleBooth> {
  return toBooth(booth, await repo.teamsOf(ctx.db, [booth.id]));
}

/** The person's open screens refetch their booth (the attendee side listens on their own feed). */
export async function tellMember(
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

export async function boothOf(eventId: number, boothId: number, trx: Transaction<DB>) {
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

export const leaving = (now: Date): MembershipUpdate => ({
  booth_id: null,
  booth_role: null,
  booth_pending_role: null,
  updated_at: now,
});
