import { LOCALES } from '@foyer/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { STATIC_PAGES } from './static-pages.service';

describe('static pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('A2.53 A2.56 A7.26 A5.43 serves every page in every language as HTML at /page/{page}/{lang}.html', async () => {
    for (const lang of LOCALES) {
      for (const page of STATIC_PAGES) {
        const res = await t.app.inject({ method: 'GET', url: `/page/${page}/${lang}.html` });
        expect(res.statusCode, `${page}/${lang}`).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['content-language']).toBe(lang);
        expect(res.body).toMatch(/<h1>[^<]+<\/h1>/);
        expect(res.body).not.toMatch(/<script|lorem ipsum/i);
      }
    }
  });

  it('A2.53 answers each language in its own words', async () => {
    const bodies = await Promise.all(
      LOCALES.map(async (lang) => (await t.app.inject({ url: `/page/terms/${lang}.html` })).body),
    );
    expect(new Set(bodies).size).toBe(LOCALES.length);
  });

  it('answers 404 for an unknown page, language or file name, and is not under the API prefix', async () => {
    for (const url of [
      '/page/secrets/en.html',
      '/page/terms/de.html',
      '/page/terms/en.htm',
      '/page/terms/en',
      '/page/..%2F..%2Fpackage.json/en.html',
      '/page/terms/..%2Fen.html',
      '/api/v1/page/terms/en.html',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
  });
});
