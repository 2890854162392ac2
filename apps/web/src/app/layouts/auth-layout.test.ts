import type { PublicEvent } from '@foyer/contract';
import { createElement } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import access from '../../i18n/locales/en/access.json';
import shell from '../../i18n/locales/en/shell.json';
import { initEnglish, renderHtml } from '../../lib/render.testing';
import { AuthLayout } from './auth-layout';
import { EventSidePanel } from './event-side-panel';

// The generic view (no event domain): the host lookup and the language buttons need a browser.
vi.mock('../../lib/domain', () => ({ useDomainInfo: () => ({ info: null, isLoading: false }) }));
vi.mock('../../i18n/use-event-language', () => ({ useEventLanguage: () => {} }));
vi.mock('../../i18n/use-event-words', () => ({ useEventWords: () => false }));
vi.mock('../../components/language-select', () => ({ LanguageSelect: () => null }));

beforeAll(() => initEnglish(access, shell));

/** The auth layout as it renders at this path. */
const layoutAt = (path: string): string => renderHtml(createElement(AuthLayout), path);

/** The login ⇄ registration link: where it goes and what it says. */
function switchLink(html: string): { href: string; text: string } | null {
  const match = /<a [^>]*data-testid="auth-switch"[^>]*>(.*?)<\/a>/.exec(html);
  const href = match && /\bhref="([^"]*)"/.exec(match[0])?.[1];
  return match && href ? { href, text: match[1] ?? '' } : null;
}

const event = (over: Partial<PublicEvent>): PublicEvent => ({
  id: 7,
  name: 'Expo 2030',
  description: '',
  eventType: 'hybrid',
  images: { logo: null, banner: null, side_banner: null },
  colors: {},
  pages: { login: null },
  realSdt: '2030-05-01T08:00:00.000Z',
  realEdt: '2030-05-02T18:00:00.000Z',
  timezone: 'Europe/Madrid',
  defaultLanguage: 'en',
  registrationOpen: true,
  registrationForm: [],
  ownWords: [],
  ...over,
});

const panel = (shown: PublicEvent): string => renderHtml(createElement(EventSidePanel, { event: shown }));

/** The text of some HTML, tags removed. */
const textOf = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');

describe('auth layout', () => {
  it('A2.36 on /login the header links to /registration, elsewhere it links back to /login', () => {
    expect(switchLink(layoutAt('/login'))).toEqual({ href: '/registration', text: 'Create an account' });
    for (const path of ['/registration', '/preregister', '/forgot-password', '/forgot-password-confirm']) {
      expect(switchLink(layoutAt(path))).toEqual({ href: '/login', text: 'Log in' });
    }
    expect(textOf(layoutAt('/login'))).toContain('New here?');
    expect(textOf(layoutAt('/registration'))).toContain('Already registered?');
  });
});

describe('auth side panel', () => {
  it("A2.37 an event's custom login page fills the panel (sandboxed), instead of banner and description", () => {
    const html = panel(
      event({
        pages: { login: '<h1>Welcome to Expo</h1>' },
        description: 'About the expo',
        images: { logo: null, banner: null, side_banner: 'https://cdn.example/side.png' },
      }),
    );
    const frame = /<iframe[^>]*>/.exec(html)?.[0] ?? '';
    expect(frame).toContain('srcDoc="&lt;h1&gt;Welcome to Expo&lt;/h1&gt;"');
    expect(frame).toContain('sandbox=""');
    expect(frame).toContain('title="Expo 2030"');
    expect(html).not.toContain('About the expo');
    expect(html).not.toContain('side.png');
    expect(html).not.toContain('data-testid="event-side-panel"');
  });

  it("A2.37 a blank custom login page does not count: the panel falls back to the event's own content", () => {
    const html = panel(event({ pages: { login: '   ' }, description: 'About the expo' }));
    expect(html).not.toContain('<iframe');
    expect(textOf(html)).toContain('About the expo');
  });

  it("A2.39 an event with no login page, side banner or description shows 'No info'", () => {
    const html = panel(event({ description: '  ' }));
    expect(html).not.toContain('<iframe');
    expect(html).toMatch(/data-testid="event-side-panel"/);
    expect(textOf(html)).toContain('No info');
  });

  it("A2.39 'No info' only when there is nothing else: a description or a side banner replaces it", () => {
    expect(textOf(panel(event({ description: 'About the expo' })))).not.toContain('No info');
    const banner = panel(
      event({ images: { logo: null, banner: null, side_banner: 'https://cdn.example/side.png' } }),
    );
    expect(banner).toContain('src="https://cdn.example/side.png"');
    expect(textOf(banner)).not.toContain('No info');
  });
});
