import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * Who may see which session (E6.02, E6.16), as SQL conditions written against the alias `s`: the
 * list, the detail page, the agenda and the speakers' pages all filter by these.
 */

/** Who is looking: decides hidden/restricted visibility (E6.02, E6.16). */
export interface Viewer {
  participantId: number;
  typeId: number | null;
  organizer: boolean;
}

/**
 * The part of visibility that depends on the participant type alone (E6.02, E6.16): neither hidden
 * nor restricted away from `typeId` (a value or a column; null types see no restricted session).
 * Written against the alias `s`.
 */
export function visibleToType(typeId: RawBuilder<number | null>) {
  return sql<SqlBool>`(NOT s.hidden AND (NOT s.restricted OR COALESCE(${typeId}, -1) = ANY(s.allowed_type_ids)))`;
}

/** What every viewer of the same kind sees: all for organizers, else by participant type. */
export function visibleToKind(viewer: Pick<Viewer, 'typeId' | 'organizer'>) {
  if (viewer.organizer) return sql<SqlBool>`true`;
  return visibleToType(sql`${viewer.typeId}::int`);
}

/**
 * E6.02, E6.16: organizers see everything; others see sessions that are neither hidden nor
 * restricted away from their participant type, plus any session they present or are in (joined, or
 * waiting for the organizers: a declined request is not being in it, E4.48).
 * Written against the alias `s`.
 */
export function visibleTo(viewer: Viewer) {
  if (viewer.organizer) return sql<SqlBool>`true`;
  return seenBy(sql`${viewer.typeId}::int`, sql`${viewer.participantId}`);
}

/** visibleTo of a participant who is not an organizer, their type and id given as SQL (values or columns). */
function seenBy(typeId: RawBuilder<number | null>, participantId: RawBuilder<number>) {
  return sql<SqlBool>`(
    ${visibleToType(typeId)}
    OR EXISTS (SELECT 1 FROM session_people vp WHERE vp.session_id = s.id AND vp.participant_id = ${participantId})
    OR EXISTS (SELECT 1 FROM session_attendees va WHERE va.session_id = s.id AND va.participant_id = ${participantId}
                 AND va.status <> 'declined')
  )`;
}

/**
 * What each row's own participant may open (isVisibleTo: visibleTo and, for a slot, its session
 * too), for rows of several people at once: `owner` is the alias of a participants row. Written
 * against the alias `s`.
 */
export function openableByOwner(owner: string) {
  const column = <T>(name: string) => sql<T>`${sql.ref(`${owner}.${name}`)}`;
  // The inner `s` is the parent, as in parentVisibleTo; the owner's columns are the outer row's.
  const seen = sql<SqlBool>`(${column<boolean>('organizer')} OR ${seenBy(column('type_id'), column('id'))})`;
  return sql<SqlBool>`(${seen} AND (s.parent_id IS NULL OR s.parent_id IN (
    SELECT s.id FROM sessions s WHERE NOT s.deleted AND ${seen}
  )))`;
}

/**
 * A slot is only as visible as its session (isVisibleTo, the detail page): true for a top-level
 * session, and for a slot whose (not deleted) session the viewer sees too. Written against the
 * alias `s`; combine with visibleTo for the row itself.
 */
export function parentVisibleTo(viewer: Viewer) {
  if (viewer.organizer) return sql<SqlBool>`true`;
  // The inner `s` is the parent: visibleTo is written against that alias.
  return sql<SqlBool>`(s.parent_id IS NULL OR s.parent_id IN (
    SELECT s.id FROM sessions s WHERE NOT s.deleted AND ${visibleTo(viewer)}
  ))`;
}

/**
 * Whom rows are read for. `viewer`: visibility and the viewer's own status included. `kind`: what
 * every viewer of that kind sees (visibleToKind), with no personal column (my_status is null), so
 * the rows can be shared between viewers; the caller adds the viewer's own sessions and status.
 */
export type ReadFor = { viewer: Viewer } | { kind: Pick<Viewer, 'typeId' | 'organizer'> };
