import { matchRoom, RoomPattern } from '@foyer/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { isActiveParticipant } from './realtime.repository';

/** Decides whether a user may join a room; `params` are the pattern's `{name}` segments. */
export type RoomPolicy = (userId: number, params: Record<string, string>, db: Kysely<DB>) => Promise<boolean>;

/** Ordered pattern → policy table. A room no pattern matches is denied. */
export class RoomPolicies {
  private readonly entries: { pattern: string; policy: RoomPolicy }[] = [];

  register(pattern: string, policy: RoomPolicy): void {
    if (this.has(pattern)) throw new Error(`A realtime room policy for ${pattern} is already registered`);
    this.entries.push({ pattern, policy });
  }

  has(pattern: string): boolean {
    return this.entries.some((e) => e.pattern === pattern);
  }

  async canJoin(userId: number, room: string, db: Kysely<DB>): Promise<boolean> {
    for (const { pattern, policy } of this.entries) {
      const params = matchRoom(pattern, room);
      if (params) return policy(userId, params, db);
    }
    return false;
  }
}

/** A positive integer id from a room segment, or null ("007", "1e3", "-1" are not ids). */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

const isSelf: RoomPolicy = async (userId, params) => idParam(params.userId) === userId;

const isEventParticipant: RoomPolicy = async (userId, params, db) => {
  const eventId = idParam(params.eventId);
  return eventId !== null && isActiveParticipant(db, userId, eventId);
};

/** Public profile data is what any signed-in user sees next to a name (chat, lists), so any may listen. */
const isValidProfile: RoomPolicy = async (_userId, params) => idParam(params.userId) !== null;

/**
 * The policies the realtime layer owns; chat rooms get theirs from the chat feature, public session
 * rooms from the agenda feature (same visibility as the sessions list).
 */
export function builtInPolicies(): RoomPolicies {
  const policies = new RoomPolicies();
  policies.register(RoomPattern.User, isSelf);
  policies.register(RoomPattern.Event, isEventParticipant);
  policies.register(RoomPattern.PublicProfile, isValidProfile);
  return policies;
}
