import type { SessionUser } from '@foyer/contract';
import { create } from 'zustand';

/** A4.01: logged out, loading profile, logged in. */
export type LoginState = 'loggedOut' | 'loading' | 'loggedIn';

const TOKEN_KEY = 'token'; // A3.25: the auth token is stored locally

interface SessionState {
  status: LoginState;
  token: string | null;
  user: SessionUser | null;
  setSession(token: string, user: SessionUser): void;
  setToken(token: string): void;
  setStatus(status: LoginState): void;
  clear(): void;
}

export const useSession = create<SessionState>((set) => ({
  // A4.02/A4.03: a saved token means "load the profile"; none means logged out.
  status: readToken() ? 'loading' : 'loggedOut',
  token: readToken(),
  user: null,
  setSession(token, user) {
    writeToken(token);
    set({ token, user, status: 'loggedIn' });
  },
  setToken(token) {
    writeToken(token);
    set({ token });
  },
  setStatus(status) {
    set({ status });
  },
  clear() {
    writeToken(null);
    set({ token: null, user: null, status: 'loggedOut' });
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
