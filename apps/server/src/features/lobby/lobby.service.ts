import { LOBBY_ANNOUNCEMENTS, LOBBY_LIVE_SESSIONS, type Lobby } from '@foyer/contract';
import type { AppContext } from '../../context';
import type { Bus } from '../../events/bus';
import type { Realtime } from '../../realtime/realtime';
import { listSessions } from '../agenda/sessions.service';
import { listPolls } from '../polls/polls.service';
import { listAnnouncements } from '../posts/posts.service';

export interface LobbyDeps {
  ctx: AppContext;
  realtime: Pick<Realtime, 'publish' | 'lockRooms'>;
  bus: Pick<Bus, 'emit'>;
}

/**
 * The lobby composes three features through their services (each checks membership and what the
 * caller may see): the newest announcements, the polls open for votes, the sessions live now.
 */
export async function getLobby(deps: LobbyDeps, userId: number, eventId: number): Promise<Lobby> {
  const announcements = await listAnnouncements(deps, userId, { eventId, limit: LOBBY_ANNOUNCEMENTS });
  const polls = await listPolls(deps, userId, eventId);
  const live = await listSessions(deps.ctx, userId, eventId, { liveNow: true, limit: LOBBY_LIVE_SESSIONS });
  return {
    eventId,
    announcements: announcements.items,
    polls: polls.filter((p) => p.status === 'published'),
    liveNow: live.sessions,
    now: deps.ctx.now().toISOString(),
  };
}
