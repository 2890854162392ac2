import type { ApiResponse, LoginResult } from '@foyer/contract';
import { markEarlyRead, takeEarlyAnswer } from './early-answers';
import { useSession } from './session-store';

export const API_BASE = '/api/v1'; // A7.01

/** A failed call: the envelope's code and message, or NETWORK when the server was not reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Internal: do not try a refresh on 401 (the refresh call itself, login). */
  noRefresh?: boolean;
  /** The answer is a file (CSV, ICS…), not the JSON envelope: resolve with its Blob when it is 2xx. */
  file?: boolean;
}

/**
 * The server was not reached: no network (status 0), or a gateway answered in its place (502–504:
 * the venue's network is up, the way out is not). Such a failure says nothing about the session.
 */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && [0, 502, 503, 504].includes(error.status);
}

/**
 * Whether a failed refresh says the session is over (401, 403), rather than that it could not be
 * answered now: no network, a gateway, a limit (429: a venue's attendees share one address), a
 * server error. Only the first signs the person out.
 */
export function endsSession(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

let refreshing: Promise<boolean> | null = null;
/** Why the last refresh failed, when it left the session standing (for the call that asked). */
let refreshFailure: unknown = null;

/**
 * A4.04: one refresh at a time; a refresh the server refused clears the stored session. One that
 * could not be answered keeps it (a door works on without a network, issue 14 part 4; a 429 or a
 * 500 is tried again by the next call that needs it).
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const result = await request<LoginResult>('/user/token/refresh', { noRefresh: true });
      useSession.getState().setSession(result.accessToken, result.user, result.actorId ?? null);
      return true;
    } catch (error) {
      refreshFailure = error;
      if (endsSession(error)) useSession.getState().clear();
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * A6.04: a super user becomes `userId` (the refresh token's family acts as them from now on);
 * their own id ends acting. The caller drops cached answers: they were the other person's.
 */
export async function actAs(userId: number): Promise<LoginResult> {
  const result = await request<LoginResult>('/user/token/refresh', {
    noRefresh: true,
    query: { asUserId: userId },
  });
  useSession.getState().setSession(result.accessToken, result.user, result.actorId ?? null);
  return result;
}

/** Calls the API with the bearer token (A7.02); on a 401 refreshes once and retries (A7.03). */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await request<T>(path, options);
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.status === 401 &&
      !options.noRefresh &&
      useSession.getState().token
    ) {
      if (await refreshSession()) return request<T>(path, options);
      // Not refused, only not answered now (no network, a limit, a server error): the session
      // stands, and the call failed for that reason, not for being signed out.
      if (useSession.getState().token && refreshFailure) throw refreshFailure;
    }
    throw error;
  }
}

async function request<T>(path: string, options: RequestOptions): Promise<T> {
  const url = new URL(API_BASE + path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = useSession.getState().token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  // Written once: the early answers' key and the request send the same text (an import's body is large).
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  // A start-up's first reads may have been asked for by the start-up script already (early-answers.ts):
  // GETs, and a search sent as POST for its body.
  const get = options.method === undefined && body === undefined;
  const read = !options.file && (get || (options.method === 'POST' && body !== undefined));
  const early = read ? takeEarlyAnswer(url.pathname + url.search, body ?? null, token) : null;
  const earlyResponse = early && (await early.response);
  if (early) options.signal?.throwIfAborted();
  let response = earlyResponse;
  try {
    response ??= await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'Please check network connection.'); // A8.31
  }
  if (options.file && response.ok) return (await response.blob()) as T;
  let envelope: ApiResponse<T> | null = null;
  try {
    envelope = (await response.json()) as ApiResponse<T>;
  } catch {
    envelope = null;
  }
  if (envelope?.success) {
    if (early && earlyResponse) markEarlyRead(envelope.data, early.at);
    return envelope.data;
  }
  const error = envelope && !envelope.success ? envelope.error : null;
  throw new ApiError(response.status, error?.code ?? 'UNKNOWN', error?.msg ?? 'Unknown error', error?.fields);
}

/** Downloads a file the API answers (with the session's token) under the given name. */
export async function downloadFile(path: string, filename: string, query?: RequestOptions['query']) {
  const blob = await api<Blob>(path, { query, file: true });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
