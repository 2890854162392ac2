import type { ParticipantProfile } from '@foyer/contract';
import { createElement } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import attendees from '../../../i18n/locales/en/attendees.json';
import { initEnglish, renderHtml } from '../../../lib/render.testing';
import { ProfileSections } from './profile-sections';

// The area's catalogue is loaded below into the translator alone; the app's loader needs a browser.
vi.mock('../i18n', () => ({}));

beforeAll(() => initEnglish(attendees));

/** The profile's links section as rendered for a profile with this website. */
function linksOf(website: string): string {
  const profile = {
    website,
    biography: '',
    offer: '',
    seek: '',
    city: '',
    some: {},
    categories: [],
    userEmail: null,
    phone: null,
  } as unknown as ParticipantProfile; // only the fields the sections read
  return renderHtml(createElement(ProfileSections, { profile, event: undefined, level: 3 }));
}

describe('profile links', () => {
  it('E3.01 E5.44 a website that is a web address is a link (http:// added when it had none)', () => {
    expect(linksOf('acme.example')).toMatch(/<a [^>]*href="http:\/\/acme\.example"[^>]*>acme\.example<\/a>/);
    expect(linksOf('https://acme.example/x')).toContain('href="https://acme.example/x"');
  });

  it('E3.01 other text saved as a website is shown as text, not as a link', () => {
    const html = linksOf('Designing event tools');
    expect(html).toContain('Designing event tools');
    expect(html).not.toMatch(/<a [^>]*>Designing event tools<\/a>/);
    expect(linksOf('http://Designing event tools')).not.toContain('href="http://Designing');
  });
});

describe('profile categories', () => {
  it("E8.62 a profile without category answers says 'No info'", () => {
    const html = linksOf('');
    expect(html).toContain('data-testid="attendee-categories"');
    expect(html).toContain('No info');
  });
});
