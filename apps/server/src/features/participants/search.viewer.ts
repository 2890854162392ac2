import type { ParticipantTag } from '@foyer/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type InviteTarget, inviteRule, visibleTypesOf } from './participants.repository';
import type { SearchCache } from './search.cache';
import { searchViewerRow } from './search.repository';

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
  const row = await searchViewerRow(db, eventId, userId);
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
