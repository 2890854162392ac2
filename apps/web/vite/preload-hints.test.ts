import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { EVENT_DEFAULT_TABS_KEY } from '../src/lib/storage';
import { startScript } from './preload-hints';

const files = {
  shell: ['/assets/shell.js', '/assets/shell.css'],
  attendees: ['/assets/attendees.js'],
  lobby: ['/assets/lobby.js'],
};

/** Runs the start-up script on a page at `pathname` and `width`, and returns the files it asked for. */
function askedFor(
  pathname: string,
  width: number,
  token: string | null,
  stored: Record<string, string> = {},
): string[] {
  const links: { rel?: string; href?: string }[] = [];
  const element = () => ({});
  runInNewContext(startScript(files, { en: 'Loading' }), {
    location: { pathname },
    innerWidth: width,
    navigator: { languages: ['en'] },
    localStorage: { getItem: (key: string) => (key === 'token' ? token : (stored[key] ?? null)) },
    document: {
      querySelector: () => null,
      createElement: element,
      head: { appendChild: (link: { rel?: string; href?: string }) => links.push(link) },
    },
  });
  return links.map((link) => `${link.rel} ${link.href}`);
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
