import type { SessionUser } from '@foyer/contract';
import { create } from 'zustand';

/** A4.01: logged out, loading profile, logged in. */
export type LoginState = 'loggedOut' | 'loading' | 'loggedIn';

const TOKEN_KEY = 'token'; // A3.25: the auth token is stored locally
/**
 * The last signed-in user (id, names, time zone: nothing secret) beside the token, so a start-up
 * without a network (a door reloading offline, issue 14 part 4) is still signed in.
 */
const USER_KEY = 'sessionUser';
/** A3.25: the account's time zone, also stored under its own key as the spec lists it. */
const TIMEZONE_KEY = 'timezone';
/** A6.04: while a super user acts as another user, the super user's own id (the session's `actorId`). */
const ACTOR_KEY = 'sessionActorId';

interface SessionState {
  status: LoginState;
  token: string | null;
  user: SessionUser | null;
  /**
   * Signed in as the stored user because the server could not be reached at start-up: the profile
   * check (A4.02) runs again once it can be.
   */
  unconfirmed: boolean;
  /** A6.04: the super user acting as `user`, or null. */
  actorId: number | null;
  /**
   * `actorId` as a sign-in or refresh answered it (null: not acting); left out by updates of the same
   * session (a profile change), which keep it.
   */
  setSession(token: string, user: SessionUser, actorId?: number | null): void;
  /**
   * The signed-in user's names, login name and time zone as the server has them now (a profile answer for the
   * same id): stored, and the store's subscribers told, only when one of them differs or the session
   * was not yet confirmed. A profile fetched again each time the socket comes on mostly says the same,
   * and a new user object re-rendered every component that reads the user.
   */
  updateUser(from: Pick<SessionUser, 'id' | 'name' | 'surname' | 'username' | 'timezone'>): void;
  setToken(token: string): void;
  setStatus(status: LoginState): void;
  /** Start-up without a network: signed in as the user stored with the token; false when there is none. */
  resumeStored(): boolean;
  clear(): void;
}

export const useSession = create<SessionState>((set, get) => ({
  // A4.02/A4.03: a saved token means "load the profile"; none means logged out.
  status: readToken() ? 'loading' : 'loggedOut',
  token: readToken(),
  user: null,
  unconfirmed: false,
  actorId: readActor(),
  setSession(token, user, actorId) {
    const actor = actorId === undefined ? get().actorId : actorId;
    writeToken(token);
    writeUser(user);
    writeActor(actor);
    set({ token, user, status: 'loggedIn', unconfirmed: false, actorId: actor });
  },
  updateUser({ id, name, surname, username, timezone }) {
    const { token, user, status, unconfirmed } = get();
    if (!token || !user || user.id !== id) return;
    const same =
      user.name === name &&
      user.surname === surname &&
      user.username === username &&
      user.timezone === timezone;
    if (same && status === 'loggedIn' && !unconfirmed) return;
    get().setSession(token, { ...user, name, surname, username, timezone });
  },
  setToken(token) {
    writeToken(token);
    set({ token });
  },
  setStatus(status) {
    set({ status });
  },
  resumeStored() {
    const user = get().token ? readUser() : null;
    if (!user) return false;
    set({ user, status: 'loggedIn', unconfirmed: true });
    return true;
  },
  clear() {
    writeToken(null);
    writeUser(null);
    writeActor(null);
    set({ token: null, user: null, status: 'loggedOut', unconfirmed: false, actorId: null });
  },
}));

function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function writeToken(token: string | null) {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage unavailable (private mode): the session lives in memory only
  }
}

/** The stored session's time zone (null: no session stored, or its user follows the browser's). */
export function storedTimezone(): string | null {
  return readToken() ? (readUser()?.timezone ?? null) : null;
}

function readUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? asSessionUser(JSON.parse(raw)) : null;
  } catch {
    return null; // storage unavailable, or not JSON
  }
}

/**
 * The stored user, checked field by field (SessionUser's shape in the contract's auth.ts). Not with
 * its zod schema: this module is in the first route's bundle, and zod is not (about 25 KiB).
 */
export function asSessionUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, name, surname, username, timezone } = value as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isFinite(id)) return null;
  if (typeof name !== 'string' || typeof surname !== 'string' || typeof username !== 'string') return null;
  if (timezone !== null && typeof timezone !== 'string') return null;
  return { id, name, surname, username, timezone };
}

function writeUser(user: SessionUser | null) {
  try {
    if (!user) {
      localStorage.removeItem(USER_KEY);
      localStorage.removeItem(TIMEZONE_KEY);
      return;
    }
    // The session's fields only, whatever else the answer carried.
    const { id, name, surname, username, timezone } = user;
    localStorage.setItem(USER_KEY, JSON.stringify({ id, name, surname, username, timezone }));
    if (timezone) localStorage.setItem(TIMEZONE_KEY, timezone);
    else localStorage.removeItem(TIMEZONE_KEY);
  } catch {
    // storage unavailable (private mode): the session lives in memory only
  }
}

function readActor(): number | null {
  try {
    const value = Number(localStorage.getItem(ACTOR_KEY));
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function writeActor(actorId: number | null) {
  try {
    if (actorId) localStorage.setItem(ACTOR_KEY, String(actorId));
    else localStorage.removeItem(ACTOR_KEY);
  } catch {
    // storage unavailable: acting lasts as long as the page
  }
}
