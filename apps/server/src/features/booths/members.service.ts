import {
  type AttendeeCard,
  BoothErrorCode,
  boothJoinedMessage,
  canManageBooth,
  type MemberList,
  RecordType,
  realtimeRoom,
  searchRowsToCards,
  type TeamMember,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB, ParticipantRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Realtime } from '../../realtime/realtime';
import { requireMembership } from '../access/event-access';
import { findParticipant, lockParticipants } from '../participants/participants.service';
import type { SearchCache } from '../participants/search.cache';
import { search2 } from '../participants/search.service';
import * as repo from './booths.repository';
import { roleOn, toMember } from './booths.service';

export interface BoothDeps {
  ctx: AppContext;
  realtime?: Realtime | undefined;
}

/** The booth whose team the caller manages (owner or admin), as far as their row read says. */
function managedBoothId(me: ParticipantRow): number {
  const boothId = me.booth_id;
  if (boothId === null) throw notManager();
  managerRole(me, boothId);
  return boothId;
}

const notManager = () => AppError.forbidden('Only the booth owner or an admin can manage the team');

/** The caller's role on the booth when they may manage its team; 403 otherwise. */
function managerRole(me: ParticipantRow | undefined, boothId: number) {
  const role = me ? roleOn(me, boothId) : null;
  if (!canManageBooth(role)) throw notManager();
  return role;
}

/**
 * A team change decides on rows read in its transaction and held until the commit: the booth's row
 * first, then the people's in id order. Every team change (here and in the console) takes them in
 * that order, so two changes at once run one after the other and never deadlock.
 */
async function lockTeam(trx: Transaction<DB>, eventId: number, boothId: number, ids: number[]) {
  const booth = await repo.findBooth(trx, eventId, boothId, 'lock');
  if (!booth) throw AppError.notFound('Booth not found');
  return { booth, people: await lockParticipants(trx, eventId, ids) };
}

/** The person's own feed hears of it, in the transaction of the change. */
async function notify(
  deps: BoothDeps,
  person: { user_id: number | null },
  payload: Record<string, unknown>,
  trx: Transaction<DB>,
) {
  if (person.user_id && deps.realtime) {
    await deps.realtime.publish(realtimeRoom.user(person.user_id), RecordType.BoothTeam, payload, trx);
  }
}

/** GET /event/member (E7.35): my booth's team, or the team invitation waiting for me. */
export async function listMembers(ctx: AppContext, userId: number, eventId: number): Promise<MemberList> {
  const { me } = await requireMembership(ctx.db, eventId, userId);
  const booth = me.booth_id ? await repo.findBooth(ctx.db, eventId, me.booth_id) : undefined;
  if (!booth) return { boothId: null, boothName: null, myRole: null, members: [], invitation: null };
  if (me.booth_role === 'not_confirmed') {
    return {
      boothId: null,
      boothName: null,
      myRole: null,
      members: [],
      invitation: { boothId: booth.id, boothName: booth.name, role: me.booth_pending_role ?? 'user' },
    };
  }
  const people = await repo.boothPeople(ctx.db, booth.id);
  return {
    boothId: booth.id,
    boothName: booth.name,
    myRole: roleOn(me, booth.id),
    members: people.map(toMember),
    invitation: null,
  };
}

/** POST /event/member (E7.37): invite someone to my booth's team; they confirm (E6.27). */
export async function addMember(
  deps: BoothDeps,
  userId: number,
  input: { eventId: number; id: number; role: 'user' | 'admin' },
): Promise<TeamMember> {
  const { ctx } = deps;
  const { me } = await requireMembership(ctx.db, input.eventId, userId);
  const boothId = managedBoothId(me);
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const { booth, people } = await lockTeam(trx, input.eventId, boothId, [me.id, input.id]);
    const role = managerRole(people.get(me.id), booth.id);
    if (input.role === 'admin' && role !== 'owner') throw AppError.forbidden('Only the owner can add admins');
    const target = people.get(input.id);
    if (!target) throw AppError.notFound('Participant not found');
    if (target.booth_id !== null || target.organizer) {
      throw new AppError(
        409,
        BoothErrorCode.AlreadyInBooth,
        'This person is already in a booth or is an organizer',
      ); // E6.26
    }
    const row = await repo.inviteToBooth(trx, target.id, booth.id, input.role, ctx.now());
    if (!row) throw new AppError(409, BoothErrorCode.AlreadyInBooth, 'This person is already in a booth');
    await notify(
      deps,
      row,
      { eventId: input.eventId, boothId: booth.id, boothName: booth.name, change: 'invited' },
      trx,
    );
    return row;
  });
  return { ...toMember(updated), eventId: input.eventId, boothId };
}

/** PUT /event/member (E7.38): change a member's role (user or admin; the owner stays owner). */
export async function updateMember(
  deps: BoothDeps,
  userId: number,
  input: { eventId: number; id: number; role: 'user' | 'admin' },
): Promise<TeamMember> {
  const { ctx } = deps;
  const { me } = await requireMembership(ctx.db, input.eventId, userId);
  const boothId = managedBoothId(me);
  const updated = await ctx.db.transaction().execute(async (trx) => {
    // Read in the transaction: a member who confirmed, left or was removed meanwhile is changed as
    // they are now, never given a role on a booth they are not on.
    const { people } = await lockTeam(trx, input.eventId, boothId, [me.id, input.id]);
    const role = managerRole(people.get(me.id), boothId);
    const target = people.get(input.id);
    if (!target || target.booth_id !== boothId) throw AppError.notFound('Member not found');
    if (target.booth_role === 'owner')
      throw new AppError(409, BoothErrorCode.OwnerRole, "The owner's role cannot change");
    if (role !== 'owner' && (input.role === 'admin' || target.booth_role === 'admin')) {
      throw AppError.forbidden('Only the owner can change admins');
    }
    const set =
      target.booth_role === 'not_confirmed'
        ? { booth_pending_role: input.role, updated_at: ctx.now() }
        : { booth_role: input.role, updated_at: ctx.now() };
    return repo.setMembership(trx, target.id, set);
  });
  return { ...toMember(updated), eventId: input.eventId, boothId };
}

/** DELETE /event/member (E7.39): managers remove members; anyone may leave; the owner stays. */
export async function removeMember(
  deps: BoothDeps,
  userId: number,
  input: { eventId: number; memberId: number },
): Promise<{ removed: number }> {
  const { ctx } = deps;
  const { me } = await requireMembership(ctx.db, input.eventId, userId);
  const leaving = input.memberId === me.id;
  const seen = leaving ? me : await findParticipant(ctx.db, input.eventId, input.memberId);
  if (!seen || seen.booth_id === null) throw AppError.notFound('Member not found');
  const boothId = leaving ? seen.booth_id : managedBoothId(me);
  await ctx.db.transaction().execute(async (trx) => {
    // Decided on the rows as they are now: an owner named meanwhile stays, a manager who lost the
    // right meanwhile removes nobody, a member moved to another booth is not taken out of it.
    const { people } = await lockTeam(trx, input.eventId, boothId, [me.id, input.memberId]);
    const target = people.get(input.memberId);
    if (!target || target.booth_id !== boothId) throw AppError.notFound('Member not found');
    if (!leaving) {
      const role = managerRole(people.get(me.id), boothId);
      if (target.booth_role === 'admin' && role !== 'owner')
        throw AppError.forbidden('Only the owner can remove admins');
    }
    if (target.booth_role === 'owner')
      throw new AppError(409, BoothErrorCode.OwnerRole, 'The owner cannot be removed');
    await repo.setMembership(trx, target.id, {
      booth_id: null,
      booth_role: null,
      booth_pending_role: null,
      updated_at: ctx.now(),
    });
    await notify(deps, target, { eventId: input.eventId, boothId, change: 'removed' }, trx);
  });
  return { removed: input.memberId };
}

/** POST /event/member/confirm (E7.36, E8.46): the invited person accepts or declines. */
export async function confirmMembership(
  deps: BoothDeps,
  userId: number,
  input: { eventId: number; boothId: number; accepted: boolean },
): Promise<{ accepted: boolean; message: string | null; boothId: number | null }> {
  const { ctx } = deps;
  const { me } = await requireMembership(ctx.db, input.eventId, userId);
  const notInvited = () =>
    new AppError(409, BoothErrorCode.NotInvitedToBooth, 'There is no invitation to this booth');
  if (me.booth_id !== input.boothId || me.booth_role !== 'not_confirmed') throw notInvited();
  const booth = await ctx.db.transaction().execute(async (trx) => {
    // The invitation as it is now: withdrawn meanwhile, nothing is accepted (no role without a
    // booth); its role changed meanwhile, the new role is the one taken.
    const { booth, people } = await lockTeam(trx, input.eventId, input.boothId, [me.id]);
    const now = people.get(me.id);
    if (now?.booth_id !== booth.id || now.booth_role !== 'not_confirmed') throw notInvited();
    const set = input.accepted
      ? { booth_role: now.booth_pending_role ?? 'user', booth_pending_role: null, updated_at: ctx.now() }
      : { booth_id: null, booth_role: null, booth_pending_role: null, updated_at: ctx.now() };
    await repo.setMembership(trx, now.id, set);
    return booth;
  });
  return {
    accepted: input.accepted,
    message: input.accepted ? boothJoinedMessage(booth.name) : null,
    boothId: input.accepted ? booth.id : null,
  };
}

/** GET /event/member/candidates: people to add (E6.26: in no booth, not organizers), 10 at a time (E7.71). */
export async function memberCandidates(
  ctx: AppContext,
  searchCache: SearchCache,
  userId: number,
  input: { eventId: number; query?: string | undefined },
): Promise<AttendeeCard[]> {
  const result = await search2(ctx, searchCache, userId, {
    eventId: input.eventId,
    query: input.query,
    length: 10,
    orderBy: 'name',
    filters: { withoutBooth: true },
  });
  // An organizer's search lists deleted accounts too (E3.02); nobody adds them to a team.
  return searchRowsToCards(result).filter((card) => !card.deleted);
}
