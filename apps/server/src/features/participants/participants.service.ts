import {
  type CategoryValueInput,
  isProfileComplete,
  ParticipantErrorCode,
  type ParticipantProfile,
  ParticipantRecordType,
  type ParticipantTag,
  profilePoints,
  realtimeRoom,
  TYPE_REQUIRED_MESSAGE,
  type UpdateEventProfileRequest,
  validateCategorySelection,
  type WizardState,
  withHttp,
  wizardSteps,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB, EventRow, ParticipantRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Realtime } from '../../realtime/realtime';
import { requireMembership } from '../access/event-access';
import { textValues, toProfile, toQuestions, toTypeOption } from './participants.present';
import * as repo from './participants.repository';
import type { SearchCache } from './search.cache';
import { tagsOf } from './search.repository';
import { forgetSearchViewer } from './search.viewer';
import { maySee } from './visibility';

/**
 * What other features (meetings, booths) read of participants: one participant, the viewer's
 * context (what they may see and whom invite), whose staff a person is, who holds a ticket.
 */
export {
  findParticipant,
  findParticipantByTicket,
  lockParticipants,
  staffBoothId,
  viewerContext,
} from './participants.repository';

export interface Deps {
  ctx: AppContext;
  realtime?: Realtime | undefined;
  /** This process's search cache, to forget what a change must show at once. */
  searchCache?: SearchCache | undefined;
}

async function profileOf(
  ctx: AppContext,
  viewer: repo.Viewer,
  p: ParticipantRow,
): Promise<ParticipantProfile> {
  const db = ctx.db;
  const [categories, type, booth, tags] = await Promise.all([
    repo.listParticipantCategories(db, p.event_id),
    p.type_id ? repo.findType(db, p.event_id, p.type_id) : Promise.resolve(undefined),
    p.booth_id ? repo.boothOf(db, p.booth_id) : Promise.resolve(undefined),
    tagsOf(db, viewer.me.id, [p.id]),
  ]);
  return toProfile(p, {
    questions: toQuestions(categories),
    typeName: type?.name ?? null,
    booth: booth ?? null,
    tags: tags.get(p.id) ?? [],
    canInvite: viewer.canInviteRow(p),
    full: viewer.me.organizer || viewer.me.id === p.id,
  });
}

/** GET /event/participant/:participantId: an attendee profile (E2.04); viewing it is remembered. */
export async function getParticipant(
  ctx: AppContext,
  userId: number,
  eventId: number,
  participantId: number,
): Promise<ParticipantProfile> {
  const { event, me } = await requireMembership(ctx.db, eventId, userId);
  const viewer = await repo.viewerContext(ctx.db, event, me);
  const target = await repo.findParticipant(ctx.db, eventId, participantId, { withDeleted: me.organizer });
  const seer = {
    id: me.id,
    userId: me.user_id,
    organizer: me.organizer,
    visibleTypeIds: viewer.visibleTypeIds,
  };
  // The directory's rule, or someone I already deal with (a hidden profile, E6.01).
  if (!target || !(await maySee(ctx.db, seer, target))) throw AppError.notFound('Participant not found');
  if (target.id !== me.id) await repo.recordView(ctx.db, me.id, target.id, ctx.now());
  return profileOf(ctx, viewer, target);
}

export async function getOwnProfile(
  ctx: AppContext,
  userId: number,
  eventId: number,
): Promise<ParticipantProfile> {
  const { event, me } = await requireMembership(ctx.db, eventId, userId);
  return profileOf(ctx, await repo.viewerContext(ctx.db, event, me), me);
}

/** PUT /event/participant (E7.28): the caller's own event profile, with E5.04–E5.07 and E6.36. */
export async function updateOwnProfile(
  ctx: AppContext,
  userId: number,
  input: UpdateEventProfileRequest,
): Promise<ParticipantProfile> {
  const { event, updated } = await ctx.db.transaction().execute(async (trx) => {
    // The categories chosen first, held to the commit (the order a category's delete takes them,
    // before the people's rows): one deleted meanwhile is refused below, never left on the person.
    const chosen = (input.categories ?? []).flatMap((value) => value.selectedCategoryIds ?? []);
    await repo.keepCategories(trx, input.eventId, [...new Set(chosen)]);
    // The row is held from read to write: two saves at once (the visibility switch in one tab, the
    // categories in another) both keep their part of `fields`.
    const { event, me } = await requireMembership(trx, input.eventId, userId, { lock: true });
    return { event, updated: await saveOwnProfile(ctx, trx, event, me, input) };
  });
  return profileOf(ctx, await repo.viewerContext(ctx.db, event, updated), updated);
}

async function saveOwnProfile(
  ctx: AppContext,
  trx: Transaction<DB>,
  event: EventRow,
  me: ParticipantRow,
  input: UpdateEventProfileRequest,
): Promise<ParticipantRow> {
  const update: Partial<Record<string, unknown>> = {};
  const copy = ['company', 'offer', 'seek', 'biography', 'city', 'present'] as const;
  for (const key of copy) if (input[key] !== undefined) update[key] = input[key];
  if (input.some !== undefined) update.social_links = JSON.stringify(input.some);
  if (input.jobTitle !== undefined) update.job_title = input.jobTitle;
  if (input.website !== undefined) update.website = withHttp(input.website);
  const fields: Record<string, unknown> = { ...(me.fields ?? {}) };
  if (input.visible !== undefined) {
    update.visible = input.visible;
    fields.visibleSetByUser = true;
  }

  if (input.typeId !== undefined && input.typeId !== me.type_id) {
    const types = await repo.listTypes(trx, event.id);
    if (input.typeId === null) {
      if (types.length > 0) throw new AppError(400, ParticipantErrorCode.TypeRequired, TYPE_REQUIRED_MESSAGE);
    } else {
      const current = types.find((t) => t.id === me.type_id);
      if (current && !current.allowed_to_modify && !me.organizer) {
        throw new AppError(403, ParticipantErrorCode.TypeLocked, 'Your participant type cannot be changed');
      }
      const wanted = types.find((t) => t.id === input.typeId);
      // Types not offered at registration (Speaker, VIP, …) are the organizer's to give.
      if (!wanted || (!wanted.at_registration && !me.organizer)) {
        throw AppError.badRequest('typeId: unknown participant type', { typeId: 'validation.error.option' });
      }
    }
    update.type_id = input.typeId;
  }

  if (input.categories !== undefined) {
    const questions = toQuestions(await repo.listParticipantCategories(trx, event.id));
    // One question named twice is one answer: checked (limit, single choice) as the union it saves.
    const values = mergeByQuestion(input.categories);
    const errors = validateCategorySelection(questions, values);
    const first = Object.entries(errors)[0];
    if (first) {
      const code = first[1].startsWith('You already added')
        ? ParticipantErrorCode.TooManyOptions
        : 'MST-00400';
      throw new AppError(400, code, first[1], errors);
    }
    const ids = new Set<number>();
    const texts: Record<string, string> = { ...textValues(me) };
    for (const value of values) {
      for (const id of value.selectedCategoryIds ?? []) ids.add(id);
      if (value.value !== undefined) texts[String(value.categoryId)] = value.value;
    }
    update.category_ids = [...ids];
    fields.categoryValues = texts;
  }
  update.fields = JSON.stringify(fields);
  update.updated_at = ctx.now();
  if (input.finished && !me.profile_filled_at) update.profile_filled_at = ctx.now();

  return repo.updateParticipant(trx, me.id, update);
}

/** The save's answers, one per question: selections joined, the last text kept. */
function mergeByQuestion(values: readonly CategoryValueInput[]): CategoryValueInput[] {
  const merged = new Map<number, CategoryValueInput>();
  for (const value of values) {
    const seen = merged.get(value.categoryId);
    if (!seen) {
      merged.set(value.categoryId, { ...value });
      continue;
    }
    if (value.selectedCategoryIds !== undefined)
      seen.selectedCategoryIds = [...(seen.selectedCategoryIds ?? []), ...value.selectedCategoryIds];
    if (value.value !== undefined) seen.value = value.value;
  }
  return [...merged.values()];
}

/** GET /event/participant/wizard: the steps to show and how complete the profile is (E2.74, E9.46). */
export async function getWizard(ctx: AppContext, userId: number, eventId: number): Promise<WizardState> {
  const { event, me } = await requireMembership(ctx.db, eventId, userId);
  const [types, categories] = await Promise.all([
    repo.listTypes(ctx.db, eventId),
    repo.listParticipantCategories(ctx.db, eventId),
  ]);
  const questions = toQuestions(categories);
  const profile = await profileOf(ctx, await repo.viewerContext(ctx.db, event, me), me);
  const points = profilePoints({
    profilePhoto: me.profile_photo,
    jobTitle: me.job_title,
    company: me.company,
    offer: me.offer,
    seek: me.seek,
    biography: me.biography,
    typeId: me.type_id,
    categoryCount: profile.categories.length,
  });
  return {
    steps: wizardSteps({ hasCategories: questions.length > 0, hasParticipantTypes: types.length > 0 }),
    points,
    complete: isProfileComplete(points),
    participantTypes: types.map(toTypeOption),
    categories: questions,
    profile,
  };
}

/** POST /event/participant/tag: favourite or ignore someone (E2.42); never oneself (E6.21). */
export async function setParticipantTag(
  deps: Deps,
  userId: number,
  input: { eventId: number; participantId: number; tag: ParticipantTag; on: boolean },
): Promise<{ participantId: number; tags: ParticipantTag[] }> {
  const { ctx } = deps;
  const { me } = await requireMembership(ctx.db, input.eventId, userId);
  if (input.participantId === me.id) {
    throw new AppError(400, ParticipantErrorCode.OwnCard, 'You cannot tag yourself');
  }
  const target = await repo.findParticipant(ctx.db, input.eventId, input.participantId);
  if (!target) throw AppError.notFound('Participant not found');
  // The tag and my other tabs' record of it commit together.
  const tags = await ctx.db.transaction().execute(async (trx) => {
    await repo.setTag(trx, me.id, target.id, input.tag, input.on);
    const now = (await tagsOf(trx, me.id, [target.id])).get(target.id) ?? [];
    const payload = { eventId: input.eventId, participantId: target.id, tags: now };
    if (me.user_id)
      await deps.realtime?.publish(realtimeRoom.user(me.user_id), ParticipantRecordType.Tags, payload, trx);
    return now;
  });
  if (deps.searchCache) forgetSearchViewer(deps.searchCache, input.eventId, userId);
  return { participantId: target.id, tags };
}

/** GET /event/participant/viewed: the attendees I looked at, newest first. */
export async function listViewed(ctx: AppContext, userId: number, eventId: number) {
  const { me } = await requireMembership(ctx.db, eventId, userId);
  const rows = await repo.viewedBy(ctx.db, me.id);
  return rows.map((r) => ({ participantId: r.target_id, viewedAt: new Date(r.viewed_at).toISOString() }));
}

/** The people's categories a save names, held to its commit (participants.repository keepCategories). */
export const keepCategories = repo.keepCategories;
