import {
  type BoothChangedPayload,
  type BoothDetails,
  type BoothDocument,
  type BoothMember,
  type BoothRoleName,
  type BoothSummary,
  canManageBooth,
  RecordType,
  realtimeRoom,
  type UpdateBoothRequest,
  type UploadBoothDocumentRequest,
  type UploadBoothImageRequest,
  withHttp,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB, ParticipantRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Realtime } from '../../realtime/realtime';
import { findParticipation, requireMembership } from '../access/event-access';
import { holdLinkedDocumentFiles, removeDroppedBoothDocuments, storeBoothDocument } from './booths.documents';
import { removeBoothImage, storeBoothImage } from './booths.images';
import type { BoothUpdate } from './booths.repository';
import * as repo from './booths.repository';
import { presenceOf } from './tables.service';

/** What other features (meetings) read of booths: one booth of the event. */
/** What the organizer console uses to place people on booth teams (issue 12, part 5). */
export { findBooth, type MembershipUpdate, setMembership } from './booths.repository';

/** What a booth's edits need: they announce themselves on the event's room (E7.79). */
export interface BoothEditDeps {
  ctx: AppContext;
  realtime: Pick<Realtime, 'publish'>;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export function toSummary(b: repo.BoothRow): BoothSummary {
  return {
    id: b.id,
    eventId: b.event_id,
    boothName: b.name,
    boothType: b.booth_type,
    images: { logo: b.images.logo ?? null, banner: b.images.banner ?? null },
    description: b.description,
    rate: b.rate,
    categories: b.category_ids,
    updatedAt: iso(b.updated_at),
  };
}

type PersonRow = Awaited<ReturnType<typeof repo.boothPeople>>[number];

export function toMember(p: PersonRow): BoothMember {
  return {
    id: p.id,
    name: p.name,
    surname: p.surname,
    fullName: `${p.name} ${p.surname}`.trim(),
    jobTitle: p.job_title,
    company: p.company,
    profilePhoto: p.profile_photo,
    boothId: p.booth_role === 'not_confirmed' ? null : p.booth_id,
    role: (p.booth_role ?? 'user') as BoothRoleName,
    pendingRole:
      p.booth_role === 'not_confirmed' ? ((p.booth_pending_role ?? 'user') as 'user' | 'admin') : null,
  };
}

/** The caller's role on a booth, or null (a pending invitation is no role yet). */
export function roleOn(me: ParticipantRow, boothId: number): BoothRoleName | null {
  if (me.booth_id !== boothId || me.booth_role === null || me.booth_role === 'not_confirmed') return null;
  return me.booth_role;
}

/** GET /event/booth: the event's exhibitors (E1.02), best rated first. */
export async function listBooths(
  ctx: AppContext,
  userId: number,
  input: { eventId: number; query?: string | undefined },
) {
  await requireMembership(ctx.db, input.eventId, userId);
  const rows = await repo.listBooths(ctx.db, input.eventId, input.query || null);
  return rows.map(toSummary);
}

async function details(ctx: AppContext, me: ParticipantRow, booth: repo.BoothRow): Promise<BoothDetails> {
  const [people, tables] = await Promise.all([
    repo.boothPeople(ctx.db, booth.id),
    repo.popupTables(ctx.db, booth.id, ctx.now()),
  ]);
  const presenceFor = await presenceOf(ctx.db, tables, ctx.now());
  const myRole = roleOn(me, booth.id);
  // Unanswered team invitations are the booth's own business (E6.27); a member who hid their
  // profile (visible false) is listed to their team and organizers only (E6.01).
  const visible =
    myRole || me.organizer
      ? people
      : people.filter((p) => p.booth_role !== 'not_confirmed' && (p.visible || p.id === me.id));
  return {
    ...toSummary(booth),
    ownerParticipantId: people.find((p) => p.booth_role === 'owner')?.id ?? null,
    website: booth.website,
    location: booth.location,
    some: booth.social_links ?? {},
    documents: booth.documents ?? [],
    agendaEnabled: booth.agenda_enabled,
    members: visible.map(toMember),
    popupMeetings: tables.map((t, i) => ({
      roomId: t.video_room,
      name: `Table ${i + 1}`,
      meetingId: t.id,
      sdt: iso(t.sdt),
      edt: iso(t.edt),
      presence: presenceFor(t),
    })),
    canEdit: canManageBooth(myRole) || me.organizer, // E6.25
  };
}

/** GET /event/booth/:boothId (E7.40): booth detail with its team and popup tables (E2.56). */
export async function getBooth(ctx: AppContext, userId: number, eventId: number, boothId: number) {
  const { me } = await requireMembership(ctx.db, eventId, userId);
  const booth = await repo.findBooth(ctx.db, eventId, boothId);
  if (!booth) throw AppError.notFound('Booth not found');
  return details(ctx, me, booth);
}

/** Booth's row for a manager (owner, admin) or an organizer; 403 for anyone else. */
/**
 * E7.79: everyone in the event whose screen shows the booth (the expo lists, the booth's page)
 * fetches it again. Written in the change's own transaction: a crash after the commit cannot lose it.
 */
export function boothChanged(
  realtime: Pick<Realtime, 'publish'>,
  eventId: number,
  boothId: number,
  trx: Transaction<DB>,
): Promise<unknown> {
  const payload: BoothChangedPayload = { boothId };
  return realtime.publish(realtimeRoom.event(eventId), RecordType.BoothChanged, payload, trx);
}

/** Who may edit the booth; with `trx`, the booth's row is held until it commits (one edit at a time). */
async function managedBoothFor(
  ctx: AppContext,
  userId: number,
  eventId: number,
  boothId: number,
  trx?: Transaction<DB>,
) {
  const db = trx ?? ctx.db; // inside a transaction, only through it (PGlite has one connection)
  const { me: seen } = await requireMembership(db, eventId, userId);
  const booth = await repo.findBooth(db, eventId, boothId, trx ? 'lock' : undefined);
  if (!booth) throw AppError.notFound('Booth not found');
  // Read again once the booth is held: a team change holds it first, so a manager taken off the
  // team (or made a plain member) meanwhile is refused, not let through on the row read before.
  const me = trx ? await findParticipation(trx, eventId, userId) : seen;
  if (!me || (!canManageBooth(roleOn(me, booth.id)) && !me.organizer))
    throw AppError.forbidden('You cannot edit this booth');
  return { me, booth };
}

/**
 * POST /event/booth/image (A2.93, A9.08, A9.09): a new logo or banner replaces the old one. The
 * booth's row is held while its images are read and written: a logo and a banner sent at once
 * both stay (read side by side, the second write put back the first's old image, already deleted).
 */
export async function uploadBoothImage(
  deps: BoothEditDeps,
  userId: number,
  input: UploadBoothImageRequest,
): Promise<BoothDetails> {
  const { ctx, realtime } = deps;
  const { me, replaced, updated } = await ctx.db.transaction().execute(async (trx) => {
    const { me, booth } = await managedBoothFor(ctx, userId, input.eventId, input.id, trx);
    const url = await storeBoothImage(ctx.config.dataDir, booth.id, input.kind, input.image);
    const images = {
      logo: booth.images.logo ?? null,
      banner: booth.images.banner ?? null,
      [input.kind]: url,
    };
    const updated = await repo.updateBoothRow(trx, booth.id, {
      images: JSON.stringify(images),
      updated_at: ctx.now(),
    });
    await boothChanged(realtime, booth.event_id, booth.id, trx);
    return { me, replaced: booth.images[input.kind], updated };
  });
  // After the commit: a crash in between leaves an unused file, never a booth showing a deleted one.
  await removeBoothImage(ctx.config.dataDir, replaced);
  return details(ctx, me, updated);
}

/**
 * POST /event/booth/document/file (A5.42): whoever may edit the booth stores a document file of at
 * most 5,000,000 bytes. The answer is the document to add to the booth's list; it is listed once
 * the booth is saved (PUT /event/booth), like a document link typed in.
 */
export async function uploadBoothDocument(
  ctx: AppContext,
  userId: number,
  input: UploadBoothDocumentRequest,
): Promise<BoothDocument> {
  const { booth } = await managedBoothFor(ctx, userId, input.eventId, input.id);
  const url = await storeBoothDocument(ctx.config.dataDir, booth.id, input.fileName, input.contentBase64);
  const name = input.fileName.replace(/\.[^.]*$/, '').trim() || input.fileName;
  return { name, url, type: 'document' };
}

/** PUT /event/booth (E7.34): the booth's owner, admins or an organizer edit it. */
export async function updateBooth(
  deps: BoothEditDeps,
  userId: number,
  input: UpdateBoothRequest,
): Promise<BoothDetails> {
  const { ctx, realtime } = deps;
  const set: BoothUpdate = { updated_at: ctx.now() };
  if (input.boothName !== undefined) set.name = input.boothName;
  if (input.description !== undefined) set.description = input.description;
  if (input.website !== undefined) set.website = input.website ? withHttp(input.website) : null; // E5.44
  if (input.location !== undefined) set.location = input.location;
  if (input.some !== undefined) set.social_links = JSON.stringify(input.some);
  if (input.documents !== undefined) set.documents = JSON.stringify(input.documents);
  if (input.categories !== undefined) set.category_ids = [...new Set(input.categories)];
  if (input.agendaEnabled !== undefined) set.agenda_enabled = input.agendaEnabled;
  const { me, booth, updated } = await ctx.db.transaction().execute(async (trx) => {
    // The categories before the booth's row, held to the commit (the order a category's delete takes).
    if (input.categories?.length) {
      const known = await repo.knownCategories(trx, input.eventId, input.categories);
      if (known.length !== new Set(input.categories).size) {
        throw AppError.badRequest('categories: unknown category', { categories: 'validation.error.option' });
      }
    }
    const { me, booth } = await managedBoothFor(ctx, userId, input.eventId, input.id, trx);
    if (input.documents !== undefined)
      await holdLinkedDocumentFiles(trx, ctx.config.dataDir, booth.documents ?? [], input.documents);
    const updated = await repo.updateBoothRow(trx, booth.id, set);
    await boothChanged(realtime, booth.event_id, booth.id, trx);
    return { me, booth, updated };
  });
  // After the save: a crash in between leaves an unused file (the sweep's), never a listed document
  // without one. A file another booth (or another entry) still lists stays.
  if (input.documents !== undefined) {
    await removeDroppedBoothDocuments(ctx.db, ctx.config.dataDir, booth.documents ?? [], input.documents);
  }
  return details(ctx, me, updated);
}
