import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helper';

const PAGE = '<!doctype html><html><head><title>Foyer</title></head><body></body></html>';

describe('the web app’s page and the live-support widget', () => {
  let webDist: string;
  beforeEach(() => {
    webDist = mkdtempSync(join(tmpdir(), 'foyer-web-'));
    writeFileSync(join(webDist, 'index.html'), PAGE);
  });
  afterEach(() => rmSync(webDist, { recursive: true, force: true }));

  it('A1.18 the server writes the widget’s address into the page, escaped, and allows its origin', async () => {
    const t = await createTestApp({
      env: { WEB_DIST: webDist, VITE_SUPPORT_WIDGET_URL: 'https://help.example/w.js?a=1&b=2' },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/event/list' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(
        PAGE.replace(
          '</head>',
          '<meta name="foyer-support-widget" content="https://help.example/w.js?a=1&amp;b=2" /></head>',
        ),
      );
      expect(res.headers['content-security-policy']).toMatch(/script-src [^;]*https:\/\/help\.example/);
      // A rebuild is served without a restart.
      writeFileSync(join(webDist, 'index.html'), PAGE.replace('Foyer', 'Foyer 2'));
      utimesSync(join(webDist, 'index.html'), new Date(), new Date(Date.now() + 60_000));
      const again = await t.app.inject({ method: 'GET', url: '/' });
      expect(again.statusCode).toBe(200);
      expect(again.body).toContain('<title>Foyer 2</title><meta name="foyer-support-widget"');
    } finally {
      await t.close();
    }
  });

  it('A1.18 without a widget the built page goes as it is, at the root address too', async () => {
    const t = await createTestApp({ env: { WEB_DIST: webDist } });
    try {
      for (const url of ['/', '/event/list', '/?utm_source=mail']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.body, url).toBe(PAGE);
        expect(res.headers['content-security-policy']).not.toContain('help.example');
      }
      expect((await t.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
