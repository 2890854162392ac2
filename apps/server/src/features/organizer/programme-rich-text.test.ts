import type { ProgrammeSession, SessionDetail } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../../../test/helper';
import { sanitizeRichText } from '../../http/rich-text';
import { at, programmeEvent, programmeTestApp } from './programme.fixtures';

const app = programmeTestApp();
const req = apiAs(app.get);

const HOSTILE = [
  '<p>Join <strong>us</strong> <em>today</em> at <a href="https://example.org/hall" target="_blank">the hall</a></p>',
  '<script>alert("script")</script>',
  '<p onclick="alert(1)" style="color:red" class="x">Clicked</p>',
  '<img src="x" onerror="alert(2)">',
  '<a href="javascript:alert(3)">js</a> <a href="JaVa&#x09;ScRiPt:alert(4)">tab</a>',
  '<a href="data:text/html,<script>alert(5)</script>">data</a> <a href="//evil.example">proto</a>',
  '<iframe src="https://evil.example"></iframe><object data="x.swf"></object><style>p{}</style>',
  '<svg><script>alert(6)</script></svg><form action="/x"><input name="y"></form>',
  '<h1>Big</h1><ul><li>one</li></ul>',
].join('');

/** What no cleaned text may contain, whatever else it keeps. */
function expectHarmless(html: string) {
  expect(html).not.toMatch(/<script|<iframe|<object|<style|<svg|<img|<form|<input/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:|data:|style=|class=/i);
  expect(html).not.toContain('alert(');
  expect(html).not.toContain('//evil');
}

describe('E2.71 rich text: stored HTML is cleaned on the server', () => {
  it('keeps formatting and safe links, and drops scripts, handlers, styles and script URLs', () => {
    const clean = sanitizeRichText(HOSTILE);
    expectHarmless(clean);
    expect(clean).toContain('<strong>us</strong>');
    expect(clean).toContain('<em>today</em>');
    expect(clean).toContain(
      '<a rel="noopener noreferrer nofollow" href="https://example.org/hall" target="_blank">the hall</a>',
    );
    expect(clean).toContain('<p>Clicked</p>');
    expect(clean).toContain('<a rel="noopener noreferrer nofollow">js</a>');
    expect(clean).toContain('<h3>Big</h3><ul><li>one</li></ul>');
  });

  it('leaves plain text (no tags) as it is, and keeps a stripped HTML text escaped', () => {
    expect(sanitizeRichText('Q&A: 1 < 2\nsecond line')).toBe('Q&A: 1 < 2\nsecond line');
    expect(sanitizeRichText('')).toBe('');
    expect(sanitizeRichText('Tom & Jerry <script>alert(1)</script>')).toBe('<p>Tom &amp; Jerry</p>');
  });

  it('a session description saved by the organizer is stored and served cleaned', async () => {
    const { event, admin, attendee } = await programmeEvent(app.get());
    const created = await req<ProgrammeSession>(admin, 'POST', `/organizer/event/${event.id}/sessions`, {
      name: 'Formatted',
      description: HOSTILE,
      sdt: at('09:00'),
      edt: at('10:00'),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data!.id;
    const stored = await app
      .get()
      .ctx.db.selectFrom('sessions')
      .select('description')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expectHarmless(stored.description);
    expect(stored.description).toContain('<strong>us</strong>');
    expect(created.body.data!.description).toBe(stored.description);

    const shown = await req<SessionDetail>(attendee, 'GET', `/event/${event.id}/sessions/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data!.description).toBe(stored.description);

    const edited = await req<ProgrammeSession>(admin, 'PUT', `/organizer/event/${event.id}/sessions/${id}`, {
      name: 'Formatted',
      description: 'Plain & simple\nsecond line',
      sdt: at('09:00'),
      edt: at('10:00'),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data!.description).toBe('Plain & simple\nsecond line');
  });

  it('E2.71 a tag a browser opens though it has no space ("<img/src=…>") or no ">" is not stored as it came', async () => {
    const { event, admin } = await programmeEvent(app.get());
    for (const description of [
      '<img/src=x onerror=alert(1)>',
      '<svg/onload=alert(2)>',
      'Hall <iframe/src=javascript:alert(3)>',
      'Talk <img src=x onerror=alert(4)//',
    ]) {
      const created = await req<ProgrammeSession>(admin, 'POST', `/organizer/event/${event.id}/sessions`, {
        name: 'Hostile',
        description,
        sdt: at('09:00'),
        edt: at('10:00'),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const stored = created.body.data!.description;
      // Whatever reads it as HTML (an integration, a mail) finds no element but the allow-list's.
      expect(stored, description).not.toMatch(/<(img|svg|iframe)/i);
    }
    // A browser reads "/\" as "//": the link leads to another site and loses its href.
    expect(sanitizeRichText('<a href="/\\evil.example">x</a>')).toBe(
      '<a rel="noopener noreferrer nofollow">x</a>',
    );
    // A plain text with a "<" that opens no tag is kept as it came.
    expect(sanitizeRichText('1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2');
  });
});
