import type { EventDetails, SessionUser, UserProfile } from '@foyer/contract';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Local storage as the browser has it, in memory. */
class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

const user: SessionUser = {
  id: 7,
  name: 'Dora',
  surname: 'Door',
  username: 'dora',
  timezone: 'Europe/Istanbul',
};

const envelope = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const refused = () => envelope(401, { success: false, error: { code: 'MST-00401', msg: 'Unauthorized' } });
const ok = (data: unknown) => envelope(200, { success: true, data });
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

type Answer = () => Response | Promise<Response>;

let storage: MemoryStorage;
/** The answers the "server" gives, by path; a path not listed cannot be reached. */
let answers: Record<string, Answer>;
const asked: string[] = [];

beforeEach(() => {
  vi.resetModules();
  storage = new MemoryStorage();
  answers = {};
  asked.length = 0;
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('window', { location: { origin: 'http://door.test' } });
  vi.stubGlobal('fetch', async (url: URL) => {
    const path = url.pathname.replace('/api/v1', '');
    asked.push(path);
    const answer = answers[path];
    return answer ? answer() : offline();
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A device that was signed in before: the token and the user stored beside it. */
function signedInBefore() {
  storage.setItem('token', 'old-token');
  storage.setItem('sessionUser', JSON.stringify(user));
}

async function load() {
  const store = await import('./session-store');
  const client = await import('./api-client');
  const session = await import('./session');
  const answersModule = await import('./offline-answers');
  return { ...store, ...client, ...session, ...answersModule };
}

describe('the stored session (A4.02–A4.04) and a door without a network (issue 14 part 4)', () => {
  it('A4.04 a refresh the server refuses (401) clears the stored session', async () => {
    signedInBefore();
    answers['/user/token/refresh'] = refused;
    const { useSession, refreshSession } = await load();
    expect(useSession.getState()).toMatchObject({ status: 'loading', token: 'old-token' });

    expect(await refreshSession()).toBe(false);
    expect(useSession.getState()).toMatchObject({ status: 'loggedOut', token: null, user: null });
    expect(storage.getItem('token')).toBeNull();
    expect(storage.getItem('sessionUser')).toBeNull();
  });

  it('A4.04 a call answered 401 whose refresh is refused signs out; the call fails with the 401', async () => {
    signedInBefore();
    answers['/event/1'] = refused;
    answers['/user/token/refresh'] = refused;
    const { useSession, api, ApiError } = await load();
    const error = await api('/event/1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401 });
    expect(asked).toEqual(['/event/1', '/user/token/refresh']);
    expect(useSession.getState().token).toBeNull();
    expect(storage.getItem('token')).toBeNull();
  });

  it('a refresh that cannot be answered now (no network, a gateway, a limit, a server error) keeps the session', async () => {
    signedInBefore();
    const { useSession, refreshSession } = await load();
    expect(await refreshSession()).toBe(false);
    answers['/user/token/refresh'] = () => envelope(503, null);
    expect(await refreshSession()).toBe(false);
    // A venue's attendees share one address: its limit (429) or a server's hiccup is no sign-out.
    answers['/user/token/refresh'] = () =>
      envelope(429, { success: false, error: { code: 'MST-00429', msg: 'Too many requests' } });
    expect(await refreshSession()).toBe(false);
    answers['/user/token/refresh'] = () =>
      envelope(500, { success: false, error: { code: 'MST-00500', msg: 'x' } });
    expect(await refreshSession()).toBe(false);
    expect(useSession.getState().token).toBe('old-token');
    expect(storage.getItem('token')).toBe('old-token');
    expect(storage.getItem('sessionUser')).toBe(JSON.stringify(user));
  });

  it('A4.04 a call answered 401 whose refresh hits a limit keeps the session; the call fails with the 429', async () => {
    signedInBefore();
    answers['/event/1'] = refused;
    answers['/user/token/refresh'] = () =>
      envelope(429, { success: false, error: { code: 'MST-00429', msg: 'Too many requests' } });
    const { useSession, api } = await load();
    await expect(api('/event/1')).rejects.toMatchObject({ status: 429 });
    expect(useSession.getState().token).toBe('old-token');
    expect(storage.getItem('token')).toBe('old-token');
  });

  it('A3.25 the auth token and the time zone are stored locally; signing out removes both', async () => {
    const { useSession } = await load();
    useSession.getState().setSession('a-token', user, null);
    expect(storage.getItem('token')).toBe('a-token');
    expect(storage.getItem('timezone')).toBe('Europe/Istanbul');
    useSession.getState().setSession('a-token', { ...user, timezone: null });
    expect(storage.getItem('timezone')).toBeNull();
    useSession.getState().setSession('a-token', { ...user, timezone: 'America/Lima' });
    useSession.getState().clear();
    expect(storage.getItem('token')).toBeNull();
    expect(storage.getItem('timezone')).toBeNull();
  });

  it('a good refresh stores the new token and only the session fields of the user', async () => {
    signedInBefore();
    answers['/user/token/refresh'] = () =>
      ok({ accessToken: 'new-token', user: { ...user, name: 'Dorothea', email: 'dora@example.com' } });
    const { useSession, refreshSession } = await load();
    expect(await refreshSession()).toBe(true);
    expect(useSession.getState()).toMatchObject({ status: 'loggedIn', token: 'new-token' });
    expect(JSON.parse(storage.getItem('sessionUser') ?? 'null')).toEqual({ ...user, name: 'Dorothea' });
  });

  it('A7.43 a profile answer that says what the session has changes nothing: no subscriber is told', async () => {
    signedInBefore();
    const { useSession } = await load();
    useSession.getState().setSession('old-token', user);
    const told = vi.fn();
    const unsubscribe = useSession.subscribe(told);
    useSession.getState().updateUser({ ...user });
    expect(told).not.toHaveBeenCalled();
    // Another user's answer (a sign-out and in meanwhile) is not taken either.
    useSession.getState().updateUser({ ...user, id: 8, timezone: 'Asia/Tokyo' });
    expect(told).not.toHaveBeenCalled();
    // A zone changed on another device is taken and stored.
    useSession.getState().updateUser({ ...user, timezone: 'Asia/Tokyo' });
    expect(told).toHaveBeenCalledTimes(1);
    expect(useSession.getState().user).toEqual({ ...user, timezone: 'Asia/Tokyo' });
    expect(storage.getItem('timezone')).toBe('Asia/Tokyo');
    unsubscribe();
  });

  it("A4.02 a session resumed offline is confirmed by the same user's profile answer", async () => {
    signedInBefore();
    const { useSession } = await load();
    expect(useSession.getState().resumeStored()).toBe(true);
    expect(useSession.getState()).toMatchObject({ status: 'loggedIn', unconfirmed: true });
    useSession.getState().updateUser({ ...user });
    expect(useSession.getState()).toMatchObject({ status: 'loggedIn', unconfirmed: false, user });
  });

  it('A4.02 start-up without a network: signed in as the stored user until the server answers', async () => {
    signedInBefore();
    const { useSession, checkSession } = await load();
    const queryClient = new QueryClient();

    expect(await checkSession(queryClient)).toBe('unreachable');
    expect(useSession.getState()).toMatchObject({
      status: 'loggedIn',
      token: 'old-token',
      user,
      unconfirmed: true,
    });

    // The network is back: the profile answers and the session is the server's again.
    const profile = { ...user, name: 'Dorothea', email: 'dora@example.com' } as unknown as UserProfile;
    answers['/user/profile'] = () => ok(profile);
    expect(await checkSession(queryClient)).toBe('confirmed');
    expect(useSession.getState()).toMatchObject({ status: 'loggedIn', unconfirmed: false });
    expect(useSession.getState().user).toEqual({ ...user, name: 'Dorothea' });
  });

  it('A4.04 signed in offline, the network is back and the token is refused for good: signed out', async () => {
    signedInBefore();
    const { useSession, checkSession } = await load();
    const queryClient = new QueryClient();
    expect(await checkSession(queryClient)).toBe('unreachable');

    answers['/user/profile'] = refused;
    answers['/user/token/refresh'] = refused;
    expect(await checkSession(queryClient)).toBe('signedOut');
    expect(useSession.getState()).toMatchObject({ status: 'loggedOut', token: null, user: null });
    expect(storage.getItem('sessionUser')).toBeNull();
  });

  it('A4.02 start-up without a network and no stored user: still loading, the token kept for the next try', async () => {
    storage.setItem('token', 'old-token');
    const { useSession, checkSession } = await load();
    expect(await checkSession(new QueryClient())).toBe('unreachable');
    expect(useSession.getState()).toMatchObject({ status: 'loading', token: 'old-token', user: null });
  });

  it('A4.04 a start-up the server answers with a refusal signs out, as before', async () => {
    signedInBefore();
    answers['/user/profile'] = refused;
    answers['/user/token/refresh'] = refused;
    const { useSession, checkSession } = await load();
    expect(await checkSession(new QueryClient())).toBe('signedOut');
    expect(useSession.getState()).toMatchObject({ status: 'loggedOut', token: null });
  });

  it('A4.05 logout clears the stored user and the kept door answers with the rest of the session', async () => {
    signedInBefore();
    answers['/auth/logout'] = () => ok(null);
    const { logout, keepOfflineAnswers } = await load();
    keepOfflineAnswers(1, { event: { id: 1 } });
    storage.setItem('language', 'tr');
    await logout();
    expect(
      Object.keys(Object.fromEntries(Array.from({ length: storage.length }, (_, i) => [storage.key(i), 1]))),
    ).toEqual(['language']);
  });

  it('the door: an event it keeps opens from its last answer when the server cannot be reached', async () => {
    signedInBefore();
    const { keepOfflineAnswers, withOfflineAnswer, api } = await load();
    const event = { id: 1, name: 'Expo' } as unknown as EventDetails;
    const fetchEvent = () => withOfflineAnswer(1, 'event', () => api<EventDetails>('/event/1'));

    // Not a door's event: nothing is kept, and offline the fetch fails as it did.
    answers['/event/1'] = () => ok(event);
    await fetchEvent();
    delete answers['/event/1'];
    await expect(fetchEvent()).rejects.toMatchObject({ status: 0, code: 'NETWORK' });

    // The door has its snapshot: the event's answers are kept and stand in offline.
    keepOfflineAnswers(1, {});
    answers['/event/1'] = () => ok({ ...event, name: 'Expo 2030' });
    await fetchEvent();
    delete answers['/event/1'];
    expect(await fetchEvent()).toEqual({ ...event, name: 'Expo 2030' });
    // A refusal from the server is not covered up.
    answers['/event/1'] = () =>
      envelope(403, { success: false, error: { code: 'MST-00403', msg: 'Forbidden' } });
    await expect(fetchEvent()).rejects.toMatchObject({ status: 403 });
  });
});

describe('the stored user (issue 14: an offline start-up)', () => {
  it('is taken only with the fields a SessionUser has, of their types', async () => {
    const { asSessionUser } = await import('./session-store');
    const user = { id: 7, name: 'Dora', surname: 'Door', username: 'dora@foyer.test', timezone: null };
    expect(asSessionUser({ ...user, extra: 'dropped' })).toEqual(user);
    expect(asSessionUser({ ...user, timezone: 'Europe/Istanbul' })).toEqual({
      ...user,
      timezone: 'Europe/Istanbul',
    });
    expect(asSessionUser({ ...user, id: '7' })).toBeNull();
    expect(asSessionUser({ ...user, name: undefined })).toBeNull();
    expect(asSessionUser({ ...user, timezone: 3 })).toBeNull();
    expect(asSessionUser(null)).toBeNull();
    expect(asSessionUser('dora')).toBeNull();
  });
});

describe('the login state', () => {
  it('A4.01 A4.03 without saved credentials at startup the state is logged out; a saved token loads the profile, then logged in', async () => {
    const fresh = await load();
    expect(fresh.useSession.getState()).toMatchObject({ status: 'loggedOut', token: null, user: null });

    vi.resetModules();
    signedInBefore();
    const { useSession } = await load();
    expect(useSession.getState().status).toBe('loading');
    useSession.getState().setSession('new-token', user, null);
    expect(useSession.getState().status).toBe('loggedIn');
    useSession.getState().clear();
    expect(useSession.getState().status).toBe('loggedOut');
  });

  it('A4.06 logout tells its listeners (the realtime connection) before the session is cleared', async () => {
    signedInBefore();
    answers['/auth/logout'] = () => ok(null);
    const { onLogout, logout, useSession } = await load();
    const seen: (string | null)[] = [];
    const unsubscribe = onLogout(() => {
      seen.push(useSession.getState().token);
    });
    await logout();
    expect(seen).toEqual(['old-token']);
    expect(useSession.getState().status).toBe('loggedOut');
    unsubscribe();
  });
});

describe('the signed-in user follows the profile (A7.42, A7.43)', () => {
  it('A7.42 A7.43 a read begun before another device’s change, landing after the change’s read, is not shown', async () => {
    signedInBefore();
    const { useSession } = await load();
    const { followProfile, fetchProfile, profileKey } = await import('./profile');
    const { trackAnswerReads } = await import('./answer-reads');
    const { reloadAnswersOlderThanRecords } = await import('./use-realtime');
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    trackAnswerReads(queryClient.getQueryCache());
    followProfile(queryClient.getQueryCache());
    useSession.getState().setSession('old-token', user);

    // The shell's read of the profile is on its way, slow, when the name is changed elsewhere.
    const profile = (name: string): UserProfile => ({ ...user, name }) as UserProfile;
    let answerOld: (response: Response) => void = () => {};
    answers['/user/profile'] = () => new Promise<Response>((resolve) => (answerOld = resolve));
    const observer = new QueryObserver(queryClient, { queryKey: profileKey, queryFn: fetchProfile });
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(asked).toEqual(['/user/profile']));
    answers['/user/profile'] = () => ok(profile('Dorothea'));
    // The user's feed says the profile changed (its record came now).
    reloadAnswersOlderThanRecords(queryClient, { lastRecordAt: () => Date.now() }, 'userRooms/7', profileKey);
    await vi.waitFor(() => expect(useSession.getState().user?.name).toBe('Dorothea'));
    // The old read lands last: neither the cache nor the header goes back to it.
    answerOld(ok(profile('Dora')));
    await new Promise((resolve) => setImmediate(resolve));
    expect(queryClient.getQueryData<UserProfile>(profileKey)?.name).toBe('Dorothea');
    expect(useSession.getState().user).toEqual({ ...user, name: 'Dorothea' });
    expect(JSON.parse(storage.getItem('sessionUser') ?? 'null')).toEqual({ ...user, name: 'Dorothea' });

    // A saved form's answer, written into the cache by hand, is followed too.
    queryClient.setQueryData(profileKey, profile('Dot'));
    expect(useSession.getState().user?.name).toBe('Dot');
    // Another person's answer (a sign-out and in meanwhile) is not.
    queryClient.setQueryData(profileKey, { ...profile('Eve'), id: 8 });
    expect(useSession.getState().user?.name).toBe('Dot');
    stop();
  });
});
