import type { ParticipantTag } from '@foyer/contract';
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type InviteTarget, inviteRule, visibleTypesOf } from './participants.repository';
import type { SearchCache } from './search.cache';

/** Enough of the caller for a search, read in ONE round trip (search2 is the hottest route). */
export interface SearchViewer {
  eventId: number;
  meId: number;
  organizer: boolean;
  visibleTypeIds: number[] | null;
  tags: Map<number, ParticipantTag[]>;
  ignored: Set<number>;
  canInviteRow(target: InviteTarget): boolean;
}

const MAX_TAGS = 5000;

interface Row {
  event_id: number;
  restricted: boolean;
  me_id: number | null;
  organizer: boolean | null;
  booth_id: number | null;
  booth_role: string | null;
  type_id: number | null;
  invitation_rights: number[] | null;
  tags: { t: number; g: ParticipantTag }[] | null;
}

/** The viewer is kept a moment: a user paging or typing asks several times a second. */
const VIEWER_TTL_MS = 2_000;
const viewerKey = (eventId: number, userId: number) => `viewer:${eventId}:${userId}`;

export function loadSearchViewer(
  ctx: AppContext,
  cache: SearchCache,
  eventId: number,
  userId: number,
): Promise<SearchViewer> {
  return cache.cached(viewerKey(eventId, userId), () => readSearchViewer(ctx.db, eventId, userId), {
    ttlMs: VIEWER_TTL_MS,
  });
}

/** My tags changed: my next search must show it. */
export function forgetSearchViewer(cache: SearchCache, eventId: number, userId: number): void {
  cache.forget(viewerKey(eventId, userId));
}

/** Same answers as requireMembership (404 unknown event, 403 not a participant), plus type and tags. */
async function readSearchViewer(db: Kysely<DB>, eventId: number, userId: number): Promise<SearchViewer> {
  const { rows } = await sql<Row>`
    SELECT e.id AS event_id, e.restricted, p.id AS me_id, p.organizer, p.booth_id, p.booth_role, p.type_id,
           t.invitation_rights,
           (SELECT json_agg(json_build_object('t', x.target_id, 'g', x.tag))
              FROM (SELECT target_id, tag FROM participant_tags WHERE owner_id = p.id LIMIT ${MAX_TAGS}) x) AS tags
      FROM events e
      LEFT JOIN participants p ON p.event_id = e.id AND p.user_id = ${userId} AND p.state <> 'deleted'
      LEFT JOIN participant_types t ON t.id = p.type_id
     WHERE e.id = ${eventId}`.execute(db);
  const row = rows[0];
  if (!row) throw AppError.notFound('Event not found');
  if (row.me_id === null) throw AppError.forbidden('You are not a participant of this event');
  const me = {
    id: row.me_id,
    organizer: row.organizer === true,
    booth_id: row.booth_id,
    booth_role: row.booth_role as 'owner' | null,
    type_id: row.type_id,
  };
  const rights =
    typeof row.invitation_rights === 'string' ? JSON.parse(row.invitation_rights) : row.invitation_rights;
  const tags = new Map<number, ParticipantTag[]>();
  const ignored = new Set<number>();
  for (const { t, g } of row.tags ?? []) {
    tags.set(t, [...(tags.get(t) ?? []), g]);
    if (g === 'ignored') ignored.add(t);
  }
  return {
    eventId: row.event_id,
    meId: me.id,
    organizer: me.organizer,
    visibleTypeIds: visibleTypesOf(row.restricted, me, rights),
    tags,
    ignored,
    canInviteRow: inviteRule(row.restricted, me, rights),
  };
}
