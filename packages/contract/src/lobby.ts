import { z } from 'zod';
import { sessionSummarySchema } from './agenda-types';
import { idSchema } from './common';
import { pollSchema } from './polls';
import { announcementSchema } from './posts';

/** The lobby tab (A2.26): latest announcements, live polls and what is live now. */

export const LOBBY_ANNOUNCEMENTS = 5;
export const LOBBY_LIVE_SESSIONS = 20;

export const lobbySchema = z.object({
  eventId: z.number(),
  /** Newest first, at most LOBBY_ANNOUNCEMENTS (with their comments). */
  announcements: z.array(announcementSchema),
  /** Polls open for votes (status published), newest first. */
  polls: z.array(pollSchema),
  /** Sessions running now that the caller may see (E4.35), as the sessions list shows them. */
  liveNow: z.array(sessionSummarySchema),
  now: z.string(),
});
export type Lobby = z.infer<typeof lobbySchema>;

/**
 * GET /api/v1/event/lobby?eventId. Live changes come on newEvents/{eventId}: announcement,
 * post.comment, poll.changed, poll.results; "live now" follows the clock (recompute every 60 s, E4.39).
 */
export const lobbyQuery = z.strictObject({ eventId: idSchema });
