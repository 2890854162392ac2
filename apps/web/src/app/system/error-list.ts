import { ERROR_DISPLAY_MS } from '@foyer/contract';
import { create } from 'zustand';
import { ApiError } from '../../lib/api-client';

/** One transient error of the error list (A8.38). */
export interface StoredError {
  id: number;
  message: string;
  expiresAt: number;
}

/** At most this many errors at once; a new one pushes the oldest out. */
export const ERROR_LIST_MAX = 3;

/**
 * A8.38: adds an error shown for ERROR_DISPLAY_MS. The same message again does not stack: it
 * moves to the end and shows for another full period.
 */
export function addStoredError(list: readonly StoredError[], message: string, id: number, now: number) {
  const rest = list.filter((item) => item.message !== message);
  return [...rest, { id, message, expiresAt: now + ERROR_DISPLAY_MS }].slice(-ERROR_LIST_MAX);
}

export function withoutExpired(list: readonly StoredError[], now: number): StoredError[] {
  return list.filter((item) => item.expiresAt > now);
}

/**
 * Which failures belong in the list: an API answer (or an unreachable server) that no screen
 * shows itself. A 401 is the session's business (refresh, then the login page), and while the
 * browser is offline the offline notice already says so.
 */
export function isStorableError(error: unknown, online: boolean): error is Error {
  if (!(error instanceof Error)) return false;
  if (error instanceof ApiError && error.status === 401) return false;
  if (error instanceof ApiError && error.code === 'NETWORK' && !online) return false;
  return error.message.trim() !== '';
}

interface ErrorListState {
  errors: StoredError[];
  add(message: string): void;
  remove(id: number): void;
}

let nextId = 1;

export const useErrorList = create<ErrorListState>((set, get) => ({
  errors: [],
  add(message) {
    const id = nextId++;
    set({ errors: addStoredError(get().errors, message, id, Date.now()) });
    setTimeout(() => set({ errors: withoutExpired(get().errors, Date.now()) }), ERROR_DISPLAY_MS + 50);
  },
  remove(id) {
    set({ errors: get().errors.filter((item) => item.id !== id) });
  },
}));

/** Stores an API failure for the error list when it is one the list should show. */
export function storeApiError(error: unknown): void {
  const online = typeof navigator === 'undefined' || navigator.onLine;
  if (isStorableError(error, online)) useErrorList.getState().add(error.message);
}
