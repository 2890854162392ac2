import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../src/lib/api-client';
import { EARLY_ANSWERS_KEY, type EarlyAnswers, earlyAddresses } from '../src/lib/early-answers';
import { EVENT_DEFAULT_TABS_KEY } from '../src/lib/storage';
import { startScript } from './preload-hints';

const files = {
  shell: ['/assets/shell.js', '/assets/shell.css'],
  attendees: ['/assets/attendees.js'],
  lobby: ['/assets/lobby.js'],
};

interface StartUp {
  /** The files asked for, as `rel href`. */
  links: string[];
  /** The API addresses fetched, with their authorization header. */
  fetched: string[];
  /** What the script left for the app (lib/early-answers.ts). */
  early: EarlyAnswers | undefined;
}

/** Runs the start-up script on a page at `pathname` and `width`: what it asked for. */
function startUp(
  pathname: string,
  width: number,
  token: string | null,
  stored: Record<string, string> = {},
  fetchAnswer: () => Promise<Response> = () => Promise.resolve(new Response('{}')),
): StartUp {
  const links: { rel?: string; href?: string }[] = [];
  const fetched: string[] = [];
  const window: { [EARLY_ANSWERS_KEY]?: EarlyAnswers } = {};
  const element = () => ({});
  runInNewContext(startScript(files, { en: 'Loading' }), {
    window,
    location: { pathname },
    innerWidth: width,
    navigator: { languages: ['en'] },
    localStorage: { getItem: (key: string) => (key === 'token' ? token : (stored[key] ?? null)) },
    document: {
      querySelector: () => null,
      createElement: element,
      head: { appendChild: (link: { rel?: string; href?: string }) => links.push(link) },
    },
    fetch: (address: string, init: { headers: Record<string, string>; credentials: string }) => {
      fetched.push(`${address} ${init.headers.authorization} ${init.credentials}`);
      return fetchAnswer();
    },
    Date,
  });
  return {
    links: links.map((link) => `${link.rel} ${link.href}`),
    fetched,
    early: window[EARLY_ANSWERS_KEY],
  };
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
    const { fetched, early } = startUp('/event/7/attendees', 375, 'tok');
    expect(fetched).toEqual([
      '/api/v1/user/profile Bearer tok same-origin',
      '/api/v1/event/7 Bearer tok same-origin',
    ]);
    expect(early?.token).toBe('tok');
    expect(Object.keys(early?.answers ?? {})).toEqual(['/api/v1/user/profile', '/api/v1/event/7']);
  });

  it('outside an event the profile only; signed out or outside the frame nothing', () => {
    expect(startUp('/chat', 1280, 't').fetched).toEqual(['/api/v1/user/profile Bearer t same-origin']);
    expect(startUp('/event/1/attendees', 1280, null).fetched).toEqual([]);
    expect(startUp('/event/1/attendees', 1280, null).early).toBeUndefined();
    expect(startUp('/terms', 1280, 't').fetched).toEqual([]);
  });

  it('an answer that could not be fetched is left as null, never as a rejection', async () => {
    const { early } = startUp('/event/1', 1280, 't', {}, () => Promise.reject(new TypeError('offline')));
    await expect(early?.answers['/api/v1/event/1']).resolves.toBeNull();
  });

  it('its addresses are the API’s (API_BASE)', () => {
    for (const address of earlyAddresses(3)) expect(address.startsWith(`${API_BASE}/`)).toBe(true);
  });
});
