import { canInvite, type ParticipantTag } from '@foyer/contract';
import { sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { EventRow, ParticipantRow, ParticipantsTable } from '../../db/schema';

/** The booth a person is staff of; an unanswered team invitation (not_confirmed) is not staff yet. */
export function staffBoothId(p: Pick<ParticipantRow, 'booth_id' | 'booth_role'>): number | null {
  return p.booth_role === 'not_confirmed' ? null : p.booth_id;
}

export interface InviteTarget {
  id: number;
  booth_id: number | null;
  booth_role?: string | null;
  type_id: number | null;
  state?: string;
}

export interface Viewer {
  event: EventRow;
  me: ParticipantRow;
  /** The caller's type's invitationRights (type ids); null = no limit. */
  invitationRights: number[] | null;
  /** Restricted events limit what non-organizers see to those types (E6.17); null = everyone. */
  visibleTypeIds: number[] | null;
  canInviteRow(target: InviteTarget): boolean;
}

type Self = Pick<ParticipantRow, 'id' | 'booth_id' | 'booth_role' | 'organizer' | 'type_id'>;

/** E6.17: the types a non-organizer of a restricted event may see; null = everyone. */
export function visibleTypesOf(
  restricted: boolean,
  me: Pick<Self, 'organizer'>,
  invitationRights: number[] | null,
): number[] | null {
  return restricted && !me.organizer ? invitationRights : null;
}

/** The invite rule (E6.03, E6.15, E6.18, E6.19) bound to the caller. */
export function inviteRule(restricted: boolean, me: Self, invitationRights: number[] | null) {
  const self = { id: me.id, boothId: staffBoothId(me), organizer: me.organizer, typeId: me.type_id };
  return (t: InviteTarget) =>
    canInvite({
      me: self,
      target: {
        id: t.id,
        boothId: t.booth_role === 'not_confirmed' ? null : t.booth_id,
        typeId: t.type_id,
        ...(t.state ? { state: t.state } : {}),
      },
      restricted,
      invitationRights,
    });
}

/** What the caller may see and do in the event, from their own record and type. */
export async function viewerContext(db: Executor, event: EventRow, me: ParticipantRow): Promise<Viewer> {
  const type = me.type_id
    ? await db
        .selectFrom('participant_types')
        .select(['invitation_rights'])
        .where('id', '=', me.type_id)
        .executeTakeFirst()
    : undefined;
  const invitationRights = type?.invitation_rights ?? null;
  return {
    event,
    me,
    invitationRights,
    visibleTypeIds: visibleTypesOf(event.restricted, me, invitationRights),
    canInviteRow: inviteRule(event.restricted, me, invitationRights),
  };
}

/**
 * These live participants of the event, their rows read and held until the caller's transaction
 * ends. Locked in id order, so two callers holding some of the same people wait, never deadlock.
 */
export async function lockParticipants(
  db: Executor,
  eventId: number,
  ids: readonly number[],
): Promise<Map<number, ParticipantRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('participants')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', 'in', [...new Set(ids)])
    .where('state', '!=', 'deleted')
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** A participant of the event; deleted ones (E3.02) only when asked for (organizers' views). */
export function findParticipant(
  db: Executor,
  eventId: number,
  id: number,
  options: { withDeleted?: boolean } = {},
): Promise<ParticipantRow | undefined> {
  return db
    .selectFrom('participants')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', id)
    .$if(!options.withDeleted, (q) => q.where('state', '!=', 'deleted'))
    .executeTakeFirst();
}

export async function setTag(
  db: Executor,
  ownerId: number,
  targetId: number,
  tag: ParticipantTag,
  on: boolean,
) {
  if (on) {
    await db
      .insertInto('participant_tags')
      .values({ owner_id: ownerId, target_id: targetId, tag })
      .onConflict((oc) => oc.doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('participant_tags')
      .where('owner_id', '=', ownerId)
      .where('target_id', '=', targetId)
      .where('tag', '=', tag)
      .execute();
  }
}

export async function recordView(db: Executor, viewerId: number, targetId: number, at: Date) {
  await db
    .insertInto('participant_views')
    .values({ viewer_id: viewerId, target_id: targetId, viewed_at: at })
    .onConflict((oc) => oc.columns(['viewer_id', 'target_id']).doUpdateSet({ viewed_at: at }))
    .execute();
}

export function viewedBy(db: Executor, viewerId: number) {
  return db
    .selectFrom('participant_views')
    .select(['target_id', 'viewed_at'])
    .where('viewer_id', '=', viewerId)
    .orderBy('viewed_at', 'desc')
    .limit(500)
    .execute();
}

export function findType(db: Executor, eventId: number, typeId: number) {
  return db
    .selectFrom('participant_types')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', typeId)
    .executeTakeFirst();
}

export function listTypes(db: Executor, eventId: number) {
  return db
    .selectFrom('participant_types')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('id')
    .execute();
}

export function listParticipantCategories(db: Executor, eventId: number) {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('kind', '=', 'participant')
    .orderBy('id')
    .execute();
}

export function boothOf(db: Executor, boothId: number) {
  return db
    .selectFrom('booths')
    .select(['id', 'name', 'images'])
    .where('id', '=', boothId)
    .executeTakeFirst();
}

/** Who holds this ticket at the event (a scanned badge, E7.54); deleted accounts are nobody. */
export function findParticipantByTicket(db: Executor, eventId: number, ticketId: string) {
  return db
    .selectFrom('participants')
    .select(['name', 'surname', 'email', 'phone', 'company', 'job_title', 'website', 'profile_photo'])
    .where('event_id', '=', eventId)
    .where('ticket_id', '=', ticketId)
    .where('state', '!=', 'deleted')
    .executeTakeFirst();
}

/** Whether any of these participants of the event deleted their account. */
export async function anyDeleted(db: Executor, eventId: number, ids: readonly number[]): Promise<boolean> {
  const gone = await db
    .selectFrom('participants')
    .select('id')
    .where('event_id', '=', eventId)
    .where('id', 'in', ids)
    .where('state', '=', 'deleted')
    .executeTakeFirst();
  return gone !== undefined;
}

export function updateParticipant(
  db: Executor,
  id: number,
  set: Updateable<ParticipantsTable>,
): Promise<ParticipantRow> {
  return db
    .updateTable('participants')
    .set(set)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The type's invitation rights (null: no restriction), undefined for an unknown type. */
export async function invitationRightsOf(db: Executor, typeId: number): Promise<number[] | null | undefined> {
  const row = await db
    .selectFrom('participant_types')
    .select('invitation_rights')
    .where('id', '=', typeId)
    .executeTakeFirst();
  return row?.invitation_rights;
}

/**
 * Whether the two already deal with each other: a meeting request either way, a shared meeting, a
 * shared chat room, or a contact the seer collected from the target's badge.
 */
export async function haveDealingsRow(
  db: Executor,
  input: { seerId: number; seerUserId: number | null; targetId: number; ticketId: string | null },
): Promise<boolean> {
  const { rows } = await sql<{ one: number }>`
    SELECT 1 AS one WHERE
      EXISTS (SELECT 1 FROM invitations
               WHERE (from_participant_id = ${input.seerId} AND to_participant_id = ${input.targetId})
                  OR (from_participant_id = ${input.targetId} AND to_participant_id = ${input.seerId}))
      OR EXISTS (SELECT 1 FROM meeting_participants a
                   JOIN meeting_participants b ON b.meeting_id = a.meeting_id
                  WHERE a.participant_id = ${input.seerId} AND b.participant_id = ${input.targetId})
      OR EXISTS (SELECT 1 FROM chat_members a
                   JOIN chat_members b ON b.room_id = a.room_id
                  WHERE a.participant_id = ${input.seerId} AND b.participant_id = ${input.targetId})
      OR (${input.ticketId}::text IS NOT NULL AND ${input.seerUserId}::integer IS NOT NULL
          AND EXISTS (SELECT 1 FROM contacts
                       WHERE owner_id = ${input.seerUserId} AND ticket_id = ${input.ticketId}))`.execute(db);
  return rows.length > 0;
}

/**
 * How many of these are people's categories of the event that a person can be given, each held FOR
 * KEY SHARE to the commit: a delete of one (deleteCategories) takes them first, then unsets them on
 * people, so a person given one is either unset after this commits or refused after the delete.
 * A person is given options: not a group of other categories (a question), not a text question nor
 * anything under one (its answer is text, not a category) — what the console's people form offers.
 */
export async function keepCategories(db: Executor, eventId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .selectFrom('categories as c')
    .select('c.id')
    .where('c.event_id', '=', eventId)
    .where('c.kind', '=', 'participant')
    .where('c.type', '=', 'select')
    .where('c.id', 'in', ids)
    .where((eb) =>
      eb.and([
        eb.not(
          eb.exists(
            eb.selectFrom('categories as child').select('child.id').whereRef('child.parent_id', '=', 'c.id'),
          ),
        ),
        eb.or([
          eb('c.parent_id', 'is', null),
          eb.exists(
            eb
              .selectFrom('categories as g')
              .select('g.id')
              .whereRef('g.id', '=', 'c.parent_id')
              .where('g.type', '=', 'select'),
          ),
        ]),
      ]),
    )
    .orderBy('c.id')
    .forKeyShare()
    .execute();
  return rows.length;
}
