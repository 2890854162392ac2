import { describe, expect, it } from 'vitest';
import { API_BASE } from '../src/lib/api-client';
import { earlyAsks } from '../src/lib/early-answers';
import { EVENT_DEFAULT_TABS_KEY } from '../src/lib/storage';
import { withStartScript } from './preload-hints';
import { runStartUp, type StartUp } from './start-up.testing';

const files = {
  shell: ['/assets/shell.js', '/assets/shell.css'],
  attendees: ['/assets/attendees.js'],
  lobby: ['/assets/lobby.js'],
};

/** Runs the start-up script on a page at `address` and `width`: what it asked for. */
function startUp(
  address: string,
  width: number,
  token: string | null,
  stored: Record<string, string> = {},
  answer?: () => Promise<Response>,
): StartUp {
  return runStartUp({ address, width, token, files, stored, answer });
}

/** The files the start-up script asked for. */
function askedFor(
  pathname: string,
  width: number,
  token: string | null,
  stored: Record<string, string> = {},
): string[] {
  return startUp(pathname, width, token, stored).links;
}

describe('the start-up script asks for what the address opens', () => {
  it('a stored session on a tab’s address: the frame’s files and that tab’s', () => {
    expect(askedFor('/event/1/attendees', 1280, 't')).toEqual([
      'modulepreload /assets/shell.js',
      'preload /assets/shell.css',
      'modulepreload /assets/attendees.js',
    ]);
  });

  it('A2.68 on the event’s address, the default tab’s files at that width', () => {
    expect(askedFor('/event/1', 375, 't')).toContain('modulepreload /assets/lobby.js');
    expect(askedFor('/event/1', 1280, 't')).toContain('modulepreload /assets/attendees.js');
  });

  it('A2.68 on the event’s address, the default its last visit remembered (a configured first tab)', () => {
    const stored = { [EVENT_DEFAULT_TABS_KEY]: JSON.stringify([[1, 'lobby', 'lobby']]) };
    expect(askedFor('/event/1', 1280, 't', stored)).toContain('modulepreload /assets/lobby.js');
    expect(askedFor('/event/1', 1280, 't', stored)).not.toContain('modulepreload /assets/attendees.js');
    expect(askedFor('/event/2', 1280, 't', stored)).toContain('modulepreload /assets/attendees.js');
    // Storage holding something else is read as nothing remembered.
    const broken = { [EVENT_DEFAULT_TABS_KEY]: '{' };
    expect(askedFor('/event/1', 1280, 't', broken)).toContain('modulepreload /assets/attendees.js');
  });

  it('no stored session, or a page outside the frame: nothing', () => {
    expect(askedFor('/event/1/attendees', 1280, null)).toEqual([]);
    expect(askedFor('/terms', 1280, 't')).toEqual([]);
  });

  it('a tab without files of its own, or another page: only the frame', () => {
    expect(askedFor('/event/1/sessions', 1280, 't')).toEqual([
      'modulepreload /assets/shell.js',
      'preload /assets/shell.css',
    ]);
    expect(askedFor('/chat', 1280, 't')).toEqual([
      'modulepreload /assets/shell.js',
      'preload /assets/shell.css',
    ]);
  });
});

describe('the start-up script asks for the first answers beside the files', () => {
  it('A4.02 A7.21 a stored session on an event’s page: the profile and the event, with the token', () => {
    const { fetched, early } = startUp('/event/7/lobby', 375, 'tok');
    expect(fetched).toEqual([
      'GET /api/v1/user/profile Bearer tok same-origin',
      'GET /api/v1/event/7 Bearer tok same-origin',
    ]);
    expect(early?.token).toBe('tok');
    expect(Object.keys(early?.answers ?? {})).toEqual(['/api/v1/user/profile', '/api/v1/event/7']);
  });

  it('E7.32 A3.24 on the attendee tab’s plain address also its three answers, once the files arrived', async () => {
    const { fetched, early, order, filesArrive } = startUp('/event/7/attendees', 375, 'tok');
    // Promised at once, so the app waits for them instead of asking itself.
    expect(Object.keys(early?.answers ?? {})).toEqual([
      '/api/v1/user/profile',
      '/api/v1/event/7',
      '/api/v1/event/participant/search2 {"eventId":7,"length":60}',
      '/api/v1/event/participant/recommendations?eventId=7&limit=6',
      '/api/v1/event/participant/viewed?eventId=7',
    ]);
    // Asked for once the frame's and the tab's files have all arrived: not sharing a slow link with them.
    expect(fetched).toHaveLength(2);
    filesArrive();
    expect(fetched).toEqual([
      'GET /api/v1/user/profile Bearer tok same-origin',
      'GET /api/v1/event/7 Bearer tok same-origin',
      'POST /api/v1/event/participant/search2 Bearer tok same-origin {"eventId":7,"length":60} (application/json)',
      'GET /api/v1/event/participant/recommendations?eventId=7&limit=6 Bearer tok same-origin',
      'GET /api/v1/event/participant/viewed?eventId=7 Bearer tok same-origin',
    ]);
    expect(order).toEqual([
      'fetch /api/v1/user/profile',
      'fetch /api/v1/event/7',
      'link /assets/shell.js',
      'link /assets/shell.css',
      'link /assets/attendees.js',
      'fetch /api/v1/event/participant/search2',
      'fetch /api/v1/event/participant/recommendations?eventId=7&limit=6',
      'fetch /api/v1/event/participant/viewed?eventId=7',
    ]);
    await expect(early?.answers['/api/v1/event/participant/viewed?eventId=7']).resolves.toBeInstanceOf(
      Response,
    );
    // One the app asks for before the files arrive is asked for then, and once only.
    const first = startUp('/event/7/attendees', 375, 'tok');
    first.early?.askNow?.('/api/v1/event/participant/viewed?eventId=7');
    expect(first.fetched.at(-1)).toBe(
      'GET /api/v1/event/participant/viewed?eventId=7 Bearer tok same-origin',
    );
    expect(first.fetched).toHaveLength(3);
    first.filesArrive();
    expect(first.fetched).toHaveLength(5);
    // The event's address opening the attendee tab (its default on a desktop) asks alike.
    const desktop = startUp('/event/7', 1280, 'tok');
    desktop.filesArrive();
    expect(desktop.fetched).toHaveLength(5);
  });

  it('E7.32 a filtered directory’s address, or another tab: the tab’s answers are left to the app', () => {
    const profileAndEvent = [
      'GET /api/v1/user/profile Bearer t same-origin',
      'GET /api/v1/event/7 Bearer t same-origin',
    ];
    const filtered = startUp('/event/7/attendees?q=ann', 1280, 't');
    filtered.filesArrive();
    expect(filtered.fetched).toEqual(profileAndEvent);
    expect(Object.keys(filtered.early?.answers ?? {})).toHaveLength(2);
    expect(startUp('/event/7/attendees?view=fav', 1280, 't').fetched).toEqual(profileAndEvent);
    expect(startUp('/event/7', 375, 't').fetched).toEqual(profileAndEvent);
    expect(startUp('/event/7/attendees/12', 1280, 't').fetched).toEqual(profileAndEvent);
  });

  it('A2.72 E7.32 a tab the last visit did not show the person: its files and answers not asked for', () => {
    /** The attendee tab's address after a visit that remembered these tabs (lobby by default). */
    const afterVisit = (visible: string[]) => {
      const remembered = JSON.stringify([[7, 'lobby', 'lobby', visible]]);
      const run = startUp('/event/7/attendees', 1280, 't', { [EVENT_DEFAULT_TABS_KEY]: remembered });
      run.filesArrive();
      return { tabFile: run.links.at(-1), asked: run.fetched.length };
    };
    // Hidden: the area shows its default there (the lobby), so its files, and no attendee answers
    // (the profile and the event only).
    expect(afterVisit(['lobby', 'sessions'])).toEqual({
      tabFile: 'modulepreload /assets/lobby.js',
      asked: 2,
    });
    // Shown on the last visit: asked for as before.
    expect(afterVisit(['lobby', 'attendees'])).toEqual({
      tabFile: 'modulepreload /assets/attendees.js',
      asked: 5,
    });
  });

  it('E7.32 the app showing another tab drops the answers still held: never asked for, none to take', async () => {
    // An event's address read as the attendee tab (a desktop, nothing remembered) where the event
    // opens its agenda: the app drops them before the tab's files arrive.
    const run = startUp('/event/7', 1280, 'tok');
    const directory = run.early?.answers['/api/v1/event/participant/viewed?eventId=7'];
    expect(typeof directory?.then).toBe('function'); // a promise of the script's own realm
    run.early?.dropHeld?.('attendees'); // the tab guessed: kept
    expect(run.early?.answers['/api/v1/event/participant/viewed?eventId=7']).toBe(directory);
    run.early?.dropHeld?.('sessions');
    run.filesArrive();
    expect(run.fetched).toEqual([
      'GET /api/v1/user/profile Bearer tok same-origin',
      'GET /api/v1/event/7 Bearer tok same-origin',
    ]);
    expect(Object.keys(run.early?.answers ?? {})).toEqual(['/api/v1/user/profile', '/api/v1/event/7']);
    await expect(directory).resolves.toBeNull(); // one already waiting for it asks for itself
    // Those asked for already are not taken back.
    const taken = startUp('/event/7', 1280, 'tok');
    taken.early?.askNow?.('/api/v1/event/participant/viewed?eventId=7');
    taken.early?.dropHeld?.('sessions');
    taken.filesArrive();
    expect(taken.fetched).toHaveLength(3);
    await expect(taken.early?.answers['/api/v1/event/participant/viewed?eventId=7']).resolves.toBeInstanceOf(
      Response,
    );
  });

  it('outside an event the profile only; signed out or outside the frame nothing', () => {
    expect(startUp('/chat', 1280, 't').fetched).toEqual(['GET /api/v1/user/profile Bearer t same-origin']);
    expect(startUp('/event/1/attendees', 1280, null).fetched).toEqual([]);
    expect(startUp('/event/1/attendees', 1280, null).early).toBeUndefined();
    expect(startUp('/terms', 1280, 't').fetched).toEqual([]);
  });

  it('an answer that could not be fetched is left as null, never as a rejection', async () => {
    const { early } = startUp('/event/1', 1280, 't', {}, () => Promise.reject(new TypeError('offline')));
    await expect(early?.answers['/api/v1/event/1']).resolves.toBeNull();
  });

  it('its addresses are the API’s (API_BASE)', () => {
    const { first, then } = earlyAsks(3, 'attendees', '', { page: 60, suggestions: 6 });
    expect(then).toHaveLength(3);
    for (const [address] of [...first, ...then]) expect(address.startsWith(`${API_BASE}/`)).toBe(true);
  });
});

describe('the start-up script in index.html', () => {
  const page = [
    '<head>',
    '    <title>Foyer</title>',
    '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
    '    <link rel="stylesheet" href="/assets/index-1.css">',
    '  </head>',
  ].join('\n');

  it('comes before the entry, async and at high priority, so it is not fetched after the entry over HTTP/2', () => {
    const html = withStartScript(page, '/assets/start-1.js');
    const lines = html?.split('\n') ?? [];
    expect(lines[2]).toBe('    <script async fetchpriority="high" src="/assets/start-1.js"></script>');
    expect(lines[3]).toBe('    <script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(lines).toHaveLength(6);
  });

  it('is refused on a page without an entry script', () => {
    expect(withStartScript('<head></head>', '/assets/start-1.js')).toBeNull();
  });
});
