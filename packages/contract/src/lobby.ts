import { z } from 'zod';
import type { SessionSummary } from './agenda';
import { idSchema } from './common';
import type { Poll } from './polls';
import type { Announcement } from './posts';

/** The lobby tab (A2.26): latest announcements, live polls and what is live now. */

export const LOBBY_ANNOUNCEMENTS = 5;
export const LOBBY_LIVE_SESSIONS = 20;

export interface Lobby {
  eventId: number;
  /** Newest first, at most LOBBY_ANNOUNCEMENTS (with their comments). */
  announcements: Announcement[];
  /** Polls open for votes (status published), newest first. */
  polls: Poll[];
  /** Sessions running now that the caller may see (E4.35), as the sessions list shows them. */
  liveNow: SessionSummary[];
  now: string;
}

/**
 * GET /api/v1/event/lobby?eventId. Live changes come on newEvents/{eventId}: announcement,
 * post.comment, poll.changed, poll.results; "live now" follows the clock (recompute every 60 s, E4.39).
 */
export const lobbyQuery = z.strictObject({ eventId: idSchema });
