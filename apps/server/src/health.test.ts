import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../test/helper';

describe('health and fallbacks', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it('answers health with the database kind, and says mail goes to the outbox without SMTP_URL', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/v1/health' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { status: 'ok', database: t.ctx.dbKind, mail: 'outbox' },
    });
    expect(['pglite', 'postgres']).toContain(t.ctx.dbKind);
  });

  it('says mail is sent by SMTP when SMTP_URL is set', async () => {
    const smtp = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const res = await call<{ mail: string }>(smtp.app, { method: 'GET', url: '/api/v1/health' });
      expect(res.body.data?.mail).toBe('smtp');
    } finally {
      await smtp.close();
    }
  });

  it('answers unknown /api paths with 404 in the envelope', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/v1/nope' });
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
    expect(res.body.error?.code).toBe('MST-00404');
  });

  it('answers malformed JSON with 400 in the envelope', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.success).toBe(false);
  });
});
